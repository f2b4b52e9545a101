import type { Command } from 'commander';
import type { paths } from '../api-types.js';
import type { Session } from '../context.js';
import { ApiError, UsageError } from '../exit-codes.js';
import { INVOICE_SPEC, parseInvoiceOption, readInvoiceFile, type SourcedInvoice } from '../itc-invoices.js';
import { indent, inr, keyValues, table, text, type Output } from '../output.js';
import { envelopeFooter, type Envelope } from './verify.js';

type ItcCheck = paths['/v1/gst/itc-check']['post']['responses'][200]['content']['application/json']['data'];
type Verdict = ItcCheck['invoices'][number]['verdict'];

/** Most pressing first, as docs/itc-check.md orders the verdicts. */
const VERDICT_ORDER: readonly Verdict[] = ['blocked', 'reverse', 'at_risk', 'unknown', 'eligible'];
const ITC_CHECK_PATH = '/v1/gst/itc-check';

function supplierLine(s: ItcCheck['supplier']): string {
  const name = s.trade_name !== '' && s.trade_name !== s.legal_name ? `${s.legal_name} (${s.trade_name})` : s.legal_name;
  // An Active registration with a cancellation date had its cancellation revoked (docs/itc-check.md).
  const status = s.cancellation_date === null ? s.status : s.status === 'Cancelled' ? `Cancelled from ${s.cancellation_date}` : `${s.status}, cancellation dated ${s.cancellation_date}`;
  return `Supplier ${s.gstin}  ${name} · ${status}, registered ${text(s.registration_date)} · ${s.taxpayer_type}, files ${s.filing_frequency} · filings from ${s.filings_from}`;
}

/** One line per invoice and, under it, its reasons (severity, code, message [rule]), aligned across the invoices. */
function invoiceLines(invoices: ItcCheck['invoices']): string {
  const lines = table(
    ['INVOICE', 'DATE', 'PERIOD', 'VERDICT', 'TAX AT RISK', 'CLAIM BY', 'REVERSE BY'],
    invoices.map((i) => [i.number, i.date, i.period, i.verdict.toUpperCase(), i.tax_inr === null ? '—' : inr(i.tax_at_risk_inr), text(i.claim_by), text(i.reverse_by)]),
  ).split('\n');
  // One table of every reason, so their columns line up; its blank header line dropped.
  const reasons = table(['', '', ''], invoices.flatMap((i) => i.reasons.map((r) => [r.severity, r.code, `${r.message} [${r.rule}]`]))).split('\n').slice(1);
  const out = [lines[0] ?? ''];
  let next = 0;
  invoices.forEach((invoice, i) => {
    out.push(lines[i + 1] ?? '');
    for (const reason of reasons.slice(next, next + invoice.reasons.length)) out.push(indent(reason, '    '));
    next += invoice.reasons.length;
  });
  return out.join('\n');
}

function totalsText(data: ItcCheck): string {
  const { totals } = data;
  const byVerdict = VERDICT_ORDER.filter((v) => totals.by_verdict[v] > 0).map((v) => `${totals.by_verdict[v]} ${v}`);
  const deadline = totals.earliest_deadline;
  return keyValues([
    ['invoices', `${totals.invoices}: ${byVerdict.join(', ')}`],
    ['tax', inr(totals.tax_inr)],
    ['tax at risk', inr(totals.tax_at_risk_inr)],
    ['earliest deadline', deadline === null ? 'none' : `${deadline}${deadline < data.as_of ? ' (passed)' : ''}`],
    ['as of', data.as_of],
  ]);
}

function render(out: Output, answer: Envelope<ItcCheck>): void {
  out.line(supplierLine(answer.data.supplier));
  out.line();
  out.line(invoiceLines(answer.data.invoices));
  out.line();
  out.line(totalsText(answer.data));
  out.line();
  out.line(envelopeFooter(answer));
}

/** A 400 names `invoices.3.date`: say which invoice that is, as the user wrote it. */
function pointAtInvoices(error: ApiError, sent: SourcedInvoice[]): void {
  const indexes = new Set((error.details ?? []).map((d) => /^invoices\.(\d+)(\.|$)/.exec(d.field)?.[1]).filter((i) => i !== undefined).map(Number));
  for (const index of indexes) {
    const invoice = sent[index];
    if (invoice !== undefined) error.notes.push(`invoices.${index} is "${invoice.invoice.number}" (${invoice.from})`);
  }
  if (sent.length > 100 && (error.details ?? []).some((d) => d.field === 'invoices')) error.notes.push('more invoices than one call takes: bv bulk submit <register> --operation itc.check');
}

interface CheckOptions {
  invoice?: string[];
  file?: string;
  idempotencyKey?: string;
}

async function check(session: Session, gstin: string, options: CheckOptions, command: Command): Promise<void> {
  const sent = [...(options.file === undefined ? [] : await readInvoiceFile(options.file)), ...(options.invoice ?? []).map(parseInvoiceOption)];
  if (sent.length === 0) throw new UsageError(`Give the invoices: --invoice ${INVOICE_SPEC} (repeatable), or --file invoices.csv`);
  const { out, client } = session.context(command);
  let answer: Envelope<ItcCheck>;
  try {
    const body = { gstin: gstin.trim().toUpperCase(), invoices: sent.map((s) => s.invoice) };
    answer = await client.call(client.key.POST(ITC_CHECK_PATH, { body, params: { header: { 'idempotency-key': options.idempotencyKey || undefined } } }));
  } catch (error) {
    if (error instanceof ApiError) pointAtInvoices(error, sent);
    throw error;
  }
  out.result(answer.data, () => render(out, answer));
}

export function registerItc(program: Command, session: Session): void {
  const itc = program.command('itc').description('input tax credit (ITC) of purchase invoices, from the supplier\'s public registration and filings; not tax advice');
  itc
    .command('check <gstin>')
    .description(`each invoice's ITC verdict, reasons and deadlines against its supplier (POST ${ITC_CHECK_PATH}, ₹1.75 a call; a purchase register: bv bulk submit --operation itc.check)`)
    .option('--invoice <invoice>', `an invoice, ${INVOICE_SPEC}; repeat for more (up to 100)`, (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--file <csv>', 'the invoices as a CSV with the header number,date,tax_inr,availed_in (tax_inr and availed_in optional); before any --invoice')
    .option('--idempotency-key <key>', 'send Idempotency-Key: a retry with the same key replays the answer, billed once')
    .action((gstin: string, options: CheckOptions, command: Command) => check(session, gstin, options, command));
}
