/**
 * `pan-aggregator`: pan.verify from a KYC aggregator's JSON API over Protean/ITD. The answer
 * carries the holder's full name, which is personal data: it is never logged, and never sent
 * upstream either (we match names ourselves).
 */
import { normaliseIdentifier } from '../../../domain/identifiers/validation.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from '../../adapter.js';
import { createHttpClient } from '../../http/http-client.js';
import { parseWire } from '../../http/wire.js';
import type { CheckContext, PanAnswer, SourceOutcome } from '../../port.js';
import { panAnswerOf } from './map.js';
import { panReply } from './wire.js';

const NAME = 'pan-aggregator';
const CREDENTIALS = ['x-api-key'] as const;

function create(settings: AdapterSettings): HttpSource {
  const log = settings.log.child({ source: NAME });
  const client = createHttpClient({ ...settings, log });
  const headers = { 'x-api-key': settings.credentials['x-api-key'] ?? '' };

  async function verify(input: { pan: string }, context: CheckContext): Promise<SourceOutcome<PanAnswer>> {
    const pan = normaliseIdentifier(input.pan);
    const result = await client.send({ method: 'POST', path: '/verification/pan', headers, json: { pan } }, context.signal);
    if (result.outcome !== 'ok') return result;
    if (result.reply.status === 404) {
      // An unknown PAN is answered 200 with pan_status N: a 404 is a wrong base URL.
      return { outcome: 'unavailable', message: `HTTP 404, check the base URL of ${NAME}` };
    }
    const parsed = parseWire(panReply, result.reply.body, 'PAN verification');
    if (!parsed.ok) return { outcome: parsed.outcome, message: parsed.message };
    return panAnswerOf(parsed.value, pan);
  }

  return {
    name: NAME,
    handlers: { 'pan.verify': verify },
    close: () => client.close(),
  };
}

export const panAggregator: AdapterDefinition = {
  name: NAME,
  checks: ['pan.verify'],
  credentialNames: CREDENTIALS,
  create,
};
