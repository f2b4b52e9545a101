/**
 * `mca-master`: mca.company, mca.directors and mca.din from MCA21 master data. The company
 * answer lists signatories without their DIN status, so mca.directors also asks for each
 * DIN (a few at a time, so one large board does not occupy the whole pool).
 */
import { normaliseIdentifier } from '../../../domain/identifiers/validation.js';
import type { CompanyRecord, DinRecord, DinStatus } from '../../../domain/records.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from '../../adapter.js';
import { createHttpClient } from '../../http/http-client.js';
import { mapLimit } from '../../http/map-limit.js';
import { parseWire } from '../../http/wire.js';
import type { CheckContext, CompanyRef, DirectorsAnswer, FailureOutcome, SourceOutcome } from '../../port.js';
import { companyRecordOf, dinRecordOf, dinStatusOfReply, directorsAnswerOf, isDin, llpRecordOf, signatoriesOf, type Signatory } from './map.js';
import { mcaCompany, mcaDirector, mcaLlp, type McaDirector } from './wire.js';

const NAME = 'mca-master';
const CREDENTIALS = ['x-api-key'] as const;
/** DIN look-ups in flight for one directors answer. */
const DIN_LOOKUPS_AT_ONCE = 4;

type Failure = { outcome: FailureOutcome; message: string };

function create(settings: AdapterSettings): HttpSource {
  const log = settings.log.child({ source: NAME });
  const client = createHttpClient({ ...settings, log });
  const headers = { 'x-api-key': settings.credentials['x-api-key'] ?? '' };

  /** GET a master-data resource; 404 is MCA's "no such record". */
  async function fetchJson(path: string, what: string, signal: AbortSignal): Promise<SourceOutcome<unknown>> {
    const result = await client.send({ method: 'GET', path, headers }, signal);
    if (result.outcome !== 'ok') return result;
    if (result.reply.status === 404) return { outcome: 'not_found', message: `MCA has no ${what}` };
    return { outcome: 'ok', value: result.reply.body };
  }

  async function masterData(ref: CompanyRef, signal: AbortSignal): Promise<SourceOutcome<{ record: CompanyRecord; signatories: Signatory[] }>> {
    const isCompany = 'cin' in ref;
    const id = normaliseIdentifier(isCompany ? ref.cin : ref.llpin);
    const body = await fetchJson(`/${isCompany ? 'companies' : 'llps'}/${encodeURIComponent(id)}`, `${isCompany ? 'company with CIN' : 'LLP with LLPIN'} ${id}`, signal);
    if (body.outcome !== 'ok') return body;
    const parsed = isCompany ? parseWire(mcaCompany, body.value, 'company master data') : parseWire(mcaLlp, body.value, 'LLP master data');
    if (!parsed.ok) return { outcome: parsed.outcome, message: parsed.message };
    const record = isCompany ? companyRecordOf(parsed.value, id) : llpRecordOf(parsed.value, id);
    if (record.outcome !== 'ok') return record;
    const signatories = signatoriesOf(parsed.value.directorsOrsignatoryDetails);
    if (signatories.outcome !== 'ok') return signatories;
    return { outcome: 'ok', value: { record: record.value, signatories: signatories.value } };
  }

  async function director(din: string, signal: AbortSignal): Promise<SourceOutcome<McaDirector>> {
    const body = await fetchJson(`/directors/${encodeURIComponent(din)}`, `director with DIN ${din}`, signal);
    if (body.outcome !== 'ok') return body;
    const parsed = parseWire(mcaDirector, body.value, 'director data');
    return parsed.ok ? { outcome: 'ok', value: parsed.value } : { outcome: parsed.outcome, message: parsed.message };
  }

  async function company(input: CompanyRef, context: CheckContext): Promise<SourceOutcome<CompanyRecord>> {
    const data = await masterData(input, context.signal);
    return data.outcome === 'ok' ? { outcome: 'ok', value: data.value.record } : data;
  }

  async function directors(input: CompanyRef, context: CheckContext): Promise<SourceOutcome<DirectorsAnswer>> {
    const data = await masterData(input, context.signal);
    if (data.outcome !== 'ok') return data;
    const dins = [...new Set(data.value.signatories.map((s) => s.din).filter(isDin))];
    const statuses = await mapLimit(dins, DIN_LOOKUPS_AT_ONCE, async (din): Promise<{ ok: true; value: [string, DinStatus] } | { ok: false; failure: Failure }> => {
      const reply = await director(din, context.signal);
      if (reply.outcome === 'not_found') {
        // The company lists a DIN that MCA's own director data does not know: the answer
        // contradicts itself, and the status of that director cannot be vouched for.
        return { ok: false, failure: { outcome: 'bad_response', message: `a signatory's DIN ${din} has no director data` } };
      }
      if (reply.outcome !== 'ok') return { ok: false, failure: reply };
      const status = dinStatusOfReply(reply.value);
      return status.outcome === 'ok' ? { ok: true, value: [din, status.value] } : { ok: false, failure: status };
    });
    if (!statuses.ok) return statuses.failure;
    return { outcome: 'ok', value: directorsAnswerOf(data.value.record, data.value.signatories, new Map(statuses.values)) };
  }

  async function dinCheck(input: { din: string }, context: CheckContext): Promise<SourceOutcome<DinRecord>> {
    const din = normaliseIdentifier(input.din);
    const reply = await director(din, context.signal);
    return reply.outcome === 'ok' ? dinRecordOf(reply.value, din) : reply;
  }

  return {
    name: NAME,
    handlers: { 'mca.company': company, 'mca.directors': directors, 'mca.din': dinCheck },
    close: () => client.close(),
  };
}

export const mcaMaster: AdapterDefinition = {
  name: NAME,
  checks: ['mca.company', 'mca.directors', 'mca.din'],
  credentialNames: CREDENTIALS,
  create,
};
