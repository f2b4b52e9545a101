/**
 * `nic-einvoice`: gst.verify from the NIC e-invoice system's GSTIN master, a second GST
 * source for fallback. It lags the GST portal and carries less: order it after gstn-gsp.
 */
import { normaliseIdentifier } from '../../../domain/identifiers/validation.js';
import type { GstRecord } from '../../../domain/records.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from '../../adapter.js';
import { createHttpClient } from '../../http/http-client.js';
import { parseWire } from '../../http/wire.js';
import type { CheckContext, SourceOutcome } from '../../port.js';
import { nicNotFound, nicRecord } from './map.js';
import { nicGstin } from './wire.js';

const NAME = 'nic-einvoice';
const CREDENTIALS = ['client_id', 'client_secret', 'Gstin', 'user_name', 'AuthToken'] as const;

function create(settings: AdapterSettings): HttpSource {
  const log = settings.log.child({ source: NAME });
  const client = createHttpClient({ ...settings, log });
  const headers = Object.fromEntries(CREDENTIALS.map((name) => [name, settings.credentials[name] ?? '']));

  async function verify(input: { gstin: string }, context: CheckContext): Promise<SourceOutcome<GstRecord>> {
    const gstin = normaliseIdentifier(input.gstin);
    const result = await client.send(
      { method: 'GET', path: `/eivital/v1.04/Master/gstin/${encodeURIComponent(gstin)}`, headers },
      context.signal,
    );
    if (result.outcome !== 'ok') return result;
    if (result.reply.status === 404) {
      // NIC says "no such GSTIN" in ErrorDetails, never with a 404: this is a wrong base URL.
      return { outcome: 'unavailable', message: `HTTP 404, check the base URL of ${NAME}` };
    }
    let parsed = parseWire(nicGstin, result.reply.body, 'GSTIN details');
    const data = parsed.ok ? parsed.value.Data : undefined;
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) parsed = parseWire(nicGstin, data, 'GSTIN details');
    if (!parsed.ok) return { outcome: parsed.outcome, message: parsed.message };
    const notFound = nicNotFound(parsed.value);
    if (notFound !== undefined) return { outcome: 'not_found', message: `NIC has no GSTIN ${gstin} (${notFound})` };
    const record = nicRecord(parsed.value, gstin);
    if (record.outcome === 'ok') log.debug({ gstin }, 'GST record from a thinner source: no constitution, nature of business or e-invoice flag');
    return record;
  }

  return {
    name: NAME,
    handlers: { 'gst.verify': verify },
    close: () => client.close(),
  };
}

export const nicEinvoice: AdapterDefinition = {
  name: NAME,
  checks: ['gst.verify'],
  credentialNames: CREDENTIALS,
  create,
};
