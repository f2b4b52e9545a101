import { type Command, Option } from 'commander';
import type { paths } from '../api-types.js';
import type { Session } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { inr, keyValues, renderRecord, table, text } from '../output.js';
import { positiveInt } from '../parse.js';

/** What the CLI reads of a sync call's envelope (the document's envelopes all fit it). */
export interface Envelope<T = unknown> {
  success: boolean;
  request_id: string;
  api: string;
  data: T;
  meta: { charged: boolean; amount_inr: number; latency_ms: number; environment: string; data_freshness?: string };
}

/** The sync operations `bv verify` calls, and the JSON body each takes. */
type SyncPath = '/v1/gst/verify' | '/v1/gst/returns' | '/v1/gst/by-pan' | '/v1/pan/verify' | '/v1/mca/company' | '/v1/mca/directors' | '/v1/mca/cin-to-pan' | '/v1/mca/din' | '/v1/mca/search' | '/v1/business360';
type SyncBody<P extends SyncPath> = paths[P]['post']['requestBody']['content']['application/json'];
type Business360Body = SyncBody<'/v1/business360'>;

const LLPIN = /^[A-Z]{3}-[0-9]{4}$/;
const normalised = (value: string) => value.trim().toUpperCase();

/** Business360 takes one of gstin, cin, pan: told apart by shape (15, 21 and 10 characters). */
function business360Identifier(value: string): Business360Body {
  const id = normalised(value);
  if (id.length === 15) return { gstin: id };
  if (id.length === 21) return { cin: id };
  if (id.length === 10) return { pan: id };
  throw new UsageError(`"${value}" is not a GSTIN (15 characters), CIN (21) or PAN (10)`);
}

/** A CIN, or an LLPIN (AAA-1234) for the operations that take either. */
const companyRef = (value: string): SyncBody<'/v1/mca/company' | '/v1/mca/directors'> => (LLPIN.test(normalised(value)) ? { llpin: normalised(value) } : { cin: normalised(value) });

interface Module {
  status: string;
  reason?: string;
  error?: { code: string; message: string };
  amount_inr: number;
}

interface Profile {
  summary: Record<string, unknown> & { risk: { level: string; flags: { code: string; severity: string; message: string; module: string }[] } };
  [module: string]: unknown;
}

/** Business360 for a person: the summary, the risk flags and one line per module (records with --json). */
function renderProfile(profile: Profile): string {
  const { risk, ...summary } = profile.summary;
  const parts = [keyValues([...Object.entries(summary).map(([k, v]): [string, string] => [k, text(v)]), ['risk level', risk.level]])];
  if (risk.flags.length > 0) {
    parts.push(`risk flags (${risk.flags.length}):\n${table(['SEVERITY', 'CODE', 'MODULE', 'MESSAGE'], risk.flags.map((f) => [f.severity, f.code, f.module, f.message])).replace(/^/gm, '  ')}`);
  }
  const modules = Object.entries(profile).filter((entry): entry is [string, Module] => entry[0] !== 'summary');
  parts.push(
    `modules:\n${table(
      ['MODULE', 'STATUS', 'CHARGED', 'NOTE'],
      modules.map(([name, m]) => [name, m.status, inr(m.amount_inr), m.reason ?? (m.error ? `${m.error.code}: ${m.error.message}` : '')]),
    ).replace(/^/gm, '  ')}`,
  );
  parts.push('(each module\'s record: add --json)');
  return parts.join('\n\n');
}

interface VerifyOptions {
  name?: string;
  periods?: number;
  include?: string;
  limit?: number;
  idempotencyKey?: string;
}

/** One sync call: POST the body, print the record (or the whole envelope with --json). */
async function verify(session: Session, command: Command, path: SyncPath, body: SyncBody<SyncPath>, options: VerifyOptions): Promise<void> {
  const { out, client } = session.context(command);
  const answer: Envelope = await client.call(client.key.POST(path, { body, params: { header: { 'idempotency-key': options.idempotencyKey || undefined } } }));
  out.result(answer, () => {
    out.line(answer.api === 'business360' ? renderProfile(answer.data as Profile) : renderRecord(answer.data));
    out.line();
    out.line(envelopeFooter(answer));
  });
}

/** A sync call's last line: the API, what it cost, the environment, its latency and request id. */
export function envelopeFooter(answer: Envelope): string {
  const meta = answer.meta;
  const charged = meta.charged ? `charged ${inr(meta.amount_inr)}` : 'not charged';
  return `${answer.api} · ${charged} · ${meta.environment} · ${meta.latency_ms} ms · ${answer.request_id}`;
}

export function registerVerify(program: Command, session: Session): void {
  const group = program.command('verify').description('verify one identifier with a sync call (billed per success)');
  const idempotency = () => new Option('--idempotency-key <key>', 'send Idempotency-Key: a retry with the same key replays the answer, billed once');

  const add = <P extends SyncPath>(name: string, args: string, description: string, path: P, body: (id: string, options: VerifyOptions) => SyncBody<P>) =>
    group
      .command(`${name} ${args}`)
      .description(`${description} (POST ${path})`)
      .addOption(idempotency())
      .action(async (id: string, options: VerifyOptions, command: Command) => verify(session, command, path, body(id, options), options));

  add('gst', '<GSTIN>', 'GST registration', '/v1/gst/verify', (gstin) => ({ gstin }));
  add('returns', '<GSTIN>', 'GST return filings', '/v1/gst/returns', (gstin, o) => ({ gstin, ...(o.periods ? { periods: o.periods } : {}) })).option(
    '--periods <n>',
    'periods to list (default 12)',
    positiveInt('--periods'),
  );
  add('gst-by-pan', '<PAN>', 'GST registrations of a PAN', '/v1/gst/by-pan', (pan) => ({ pan }));
  add('pan', '<PAN>', 'PAN validity, with a name match when --name is given', '/v1/pan/verify', (pan, o) => ({ pan, ...(o.name ? { name: o.name } : {}) })).option(
    '--name <name>',
    'the holder name to match against the PAN',
  );
  add('cin', '<CIN|LLPIN>', 'company or LLP master data', '/v1/mca/company', companyRef);
  add('directors', '<CIN|LLPIN>', 'directors or designated partners', '/v1/mca/directors', companyRef);
  add('cin-pan', '<CIN|PAN>', 'the CIN ↔ PAN mapping', '/v1/mca/cin-to-pan', (id) => (normalised(id).length === 10 ? { pan: id } : { cin: id }));
  add('din', '<DIN>', 'a director by DIN', '/v1/mca/din', (din) => ({ din }));
  add('search', '<NAME>', 'companies and LLPs by name', '/v1/mca/search', (name, o) => ({ name, ...(o.limit ? { limit: o.limit } : {}) })).option(
    '--limit <n>',
    'results to return (1-20, default 5)',
    positiveInt('--limit'),
  );
  add('360', '<GSTIN|CIN|PAN>', 'Business360: every check and a risk summary', '/v1/business360', (id, o) => ({
    ...business360Identifier(id),
    // The module names as written: the API says which it does not know.
    ...(o.include ? { include: o.include.split(',').map((m) => m.trim()).filter(Boolean) as Business360Body['include'] } : {}),
  })).option('--include <modules>', 'comma-separated modules to run (default: all)');
}
