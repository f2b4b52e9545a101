/**
 * `kyb-aggregator`: gst.by_pan, mca.search and mca.cin_to_pan, which no government API
 * answers, from an aggregator's JSON API. 404 is its "no such record".
 */
import { normaliseIdentifier } from '../../../domain/identifiers/validation.js';
import type { CinPanMapping, GstByPanEntry } from '../../../domain/records.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from '../../adapter.js';
import { createHttpClient } from '../../http/http-client.js';
import { parseWire } from '../../http/wire.js';
import type { CheckContext, SearchCandidate, SourceOutcome } from '../../port.js';
import { gstByPanOf, mappingOf, searchCandidatesOf } from './map.js';
import { kybGstByPan, kybMapping, kybSearch } from './wire.js';

const NAME = 'kyb-aggregator';
const CREDENTIALS = ['x-api-key'] as const;

function create(settings: AdapterSettings): HttpSource {
  const log = settings.log.child({ source: NAME });
  const client = createHttpClient({ ...settings, log });
  const headers = { 'x-api-key': settings.credentials['x-api-key'] ?? '' };

  /** POSTs a query; `notFound` is what a 404 means for it. */
  async function post(path: string, json: unknown, notFound: string, signal: AbortSignal): Promise<SourceOutcome<unknown>> {
    const result = await client.send({ method: 'POST', path, headers, json }, signal);
    if (result.outcome !== 'ok') return result;
    if (result.reply.status === 404) return { outcome: 'not_found', message: notFound };
    return { outcome: 'ok', value: result.reply.body };
  }

  async function gstByPan(input: { pan: string }, context: CheckContext): Promise<SourceOutcome<GstByPanEntry[]>> {
    const pan = normaliseIdentifier(input.pan);
    const body = await post('/gst/by-pan', { pan }, `the aggregator knows no PAN ${pan}`, context.signal);
    if (body.outcome !== 'ok') return body;
    const parsed = parseWire(kybGstByPan, body.value, 'GSTINs by PAN');
    return parsed.ok ? gstByPanOf(parsed.value, pan) : { outcome: parsed.outcome, message: parsed.message };
  }

  async function search(input: { name: string; limit: number }, context: CheckContext): Promise<SourceOutcome<SearchCandidate[]>> {
    const body = await post('/corporate/search', { name: input.name, limit: input.limit }, '', context.signal);
    // A search that matches nothing is an empty list, as the sandbox answers, not "no record".
    if (body.outcome === 'not_found') return { outcome: 'ok', value: [] };
    if (body.outcome !== 'ok') return body;
    const parsed = parseWire(kybSearch, body.value, 'company search');
    return parsed.ok ? searchCandidatesOf(parsed.value) : { outcome: parsed.outcome, message: parsed.message };
  }

  async function cinToPan(
    input: { cin: string } | { pan: string },
    context: CheckContext,
  ): Promise<SourceOutcome<Omit<CinPanMapping, 'direction'>>> {
    const requested = 'cin' in input ? { cin: normaliseIdentifier(input.cin) } : { pan: normaliseIdentifier(input.pan) };
    const body =
      'cin' in requested
        ? await post('/corporate/cin-to-pan', requested, `the aggregator knows no company ${requested.cin}`, context.signal)
        : await post('/corporate/pan-to-cin', requested, `the aggregator knows no company with PAN ${requested.pan}`, context.signal);
    if (body.outcome !== 'ok') return body;
    const parsed = parseWire(kybMapping, body.value, 'CIN/PAN mapping');
    return parsed.ok ? mappingOf(parsed.value, requested) : { outcome: parsed.outcome, message: parsed.message };
  }

  return {
    name: NAME,
    handlers: { 'gst.by_pan': gstByPan, 'mca.search': search, 'mca.cin_to_pan': cinToPan },
    close: () => client.close(),
  };
}

export const kybAggregator: AdapterDefinition = {
  name: NAME,
  checks: ['gst.by_pan', 'mca.search', 'mca.cin_to_pan'],
  credentialNames: CREDENTIALS,
  create,
};
