/**
 * `gstn-gsp`: gst.verify and gst.returns from the GSTN common API through a GST Suvidha
 * Provider. gst.returns makes one search (registration and cancellation dates, taxpayer type)
 * and one RETTRACK call per financial year, the years in parallel.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ReturnFilingEntry } from '../../../domain/gst-returns.js';
import { normaliseIdentifier } from '../../../domain/identifiers/validation.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from '../../adapter.js';
import { createHttpClient, type HttpReply } from '../../http/http-client.js';
import { parseWire } from '../../http/wire.js';
import type { CheckContext, GstReturnsAnswer, SourceOutcome } from '../../port.js';
import {
  financialYearsFor,
  financialYearsSince,
  gspErrorMeaning,
  gspFilings,
  gspRegistration,
  gspReturnsAnswer,
  gspTaxpayerRecord,
  moreYearsIfQuarterly,
  returnsFrequency,
} from './map.js';
import { gspEnvelope, gspReturns, gspTaxpayer, type GspTaxpayer } from './wire.js';

const NAME = 'gstn-gsp';
const CREDENTIALS = ['aspid', 'asp-secret', 'session-id', 'ip-usr', 'caller-gstin'] as const;

type Answer<T> = SourceOutcome<T | 'no_records'>;

/** Reads a GSP answer: the error envelope first, then (unwrapped from `data` if a GSP wraps it) the payload. */
function readGsp<S extends z.ZodType>(reply: HttpReply, schema: S, what: string): Answer<z.output<S>> {
  if (reply.status === 404) {
    // The GSP says "no such GSTIN" with an error code, never with a 404: this is a wrong base URL.
    return { outcome: 'unavailable', message: `${what}: HTTP 404, check the base URL of ${NAME}` };
  }
  const envelope = parseWire(gspEnvelope, reply.body, what);
  if (!envelope.ok) return { outcome: envelope.outcome, message: envelope.message };
  const meaning = gspErrorMeaning(envelope.value.status_cd, envelope.value.error);
  if (meaning?.kind === 'no_records') return { outcome: 'ok', value: 'no_records' };
  if (meaning !== undefined) return { outcome: meaning.outcome, message: `${what}: ${meaning.message}` };
  const data = envelope.value.data;
  const payload = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : reply.body;
  const parsed = parseWire(schema, payload, what);
  return parsed.ok ? { outcome: 'ok', value: parsed.value } : { outcome: parsed.outcome, message: parsed.message };
}

function create(settings: AdapterSettings): HttpSource {
  const log = settings.log.child({ source: NAME });
  const client = createHttpClient({ ...settings, log });
  const credential = (name: (typeof CREDENTIALS)[number]): string => settings.credentials[name] ?? '';

  function headers(): Record<string, string> {
    return {
      aspid: credential('aspid'),
      'asp-secret': credential('asp-secret'),
      'session-id': credential('session-id'),
      'ip-usr': credential('ip-usr'),
      // The GSP ties its logs and replay protection to a unique transaction id per call.
      txn: randomUUID().replace(/-/gu, ''),
    };
  }

  async function search(gstin: string, signal: AbortSignal): Promise<SourceOutcome<GspTaxpayer>> {
    const result = await client.send(
      {
        method: 'GET',
        path: '/commonapi/v1.1/search',
        query: { action: 'TP', gstin: credential('caller-gstin'), searchgstin: gstin },
        headers: headers(),
      },
      signal,
    );
    if (result.outcome !== 'ok') return result;
    const answer = readGsp(result.reply, gspTaxpayer, 'search');
    if (answer.outcome !== 'ok') return answer;
    if (answer.value === 'no_records') return { outcome: 'not_found', message: `search: no records for GSTIN ${gstin}` };
    return { outcome: 'ok', value: answer.value };
  }

  async function track(gstin: string, fy: string, signal: AbortSignal): Promise<SourceOutcome<ReturnFilingEntry[]>> {
    const result = await client.send(
      { method: 'GET', path: '/commonapi/v1.0/returns', query: { action: 'RETTRACK', gstin, fy }, headers: headers() },
      signal,
    );
    if (result.outcome !== 'ok') return result;
    const answer = readGsp(result.reply, gspReturns, `RETTRACK ${fy}`);
    if (answer.outcome !== 'ok') return answer;
    if (answer.value === 'no_records') return { outcome: 'ok', value: [] };
    return gspFilings(answer.value.EFiledlist ?? []);
  }

  async function trackYears(gstin: string, years: readonly string[], signal: AbortSignal): Promise<SourceOutcome<ReturnFilingEntry[]>> {
    const answers = await Promise.all(years.map((fy) => track(gstin, fy, signal)));
    const filings: ReturnFilingEntry[] = [];
    for (const answer of answers) {
      if (answer.outcome !== 'ok') return answer;
      filings.push(...answer.value);
    }
    return { outcome: 'ok', value: filings };
  }

  async function verify(input: { gstin: string }, context: CheckContext) {
    const gstin = normaliseIdentifier(input.gstin);
    const wire = await search(gstin, context.signal);
    return wire.outcome === 'ok' ? gspTaxpayerRecord(wire.value, gstin) : wire;
  }

  async function returns(input: { gstin: string; since?: string }, context: CheckContext): Promise<SourceOutcome<GstReturnsAnswer>> {
    const gstin = normaliseIdentifier(input.gstin);
    const wire = await search(gstin, context.signal);
    if (wire.outcome !== 'ok') return wire;
    const registration = gspRegistration(wire.value, gstin);
    if (registration.outcome !== 'ok') return registration;
    const { registrationDate, cancellationDate, taxpayerType } = registration.value;
    // Composition taxpayers file quarterly: ask for all the years a quarterly history needs at once.
    const years = financialYearsFor(context.now, taxpayerType === 'Composition' ? 'quarterly' : 'monthly', registrationDate, cancellationDate);
    // A caller that needs older periods (the ITC check) gets every year back to them too.
    if (input.since !== undefined) years.push(...financialYearsSince(context.now, input.since, registrationDate).filter((fy) => !years.includes(fy)));
    const filings = await trackYears(gstin, years, context.signal);
    if (filings.outcome !== 'ok') return filings;
    let all = filings.value;
    if (returnsFrequency(all, taxpayerType) === 'quarterly') {
      const more = moreYearsIfQuarterly(context.now, registrationDate, years, cancellationDate);
      const moreFilings = await trackYears(gstin, more, context.signal);
      if (moreFilings.outcome !== 'ok') return moreFilings;
      all = [...all, ...moreFilings.value];
      years.push(...more);
    }
    return { outcome: 'ok', value: gspReturnsAnswer(registration.value, all, years) };
  }

  return {
    name: NAME,
    handlers: { 'gst.verify': verify, 'gst.returns': returns },
    close: () => client.close(),
  };
}

export const gstnGsp: AdapterDefinition = {
  name: NAME,
  checks: ['gst.verify', 'gst.returns'],
  credentialNames: CREDENTIALS,
  create,
};
