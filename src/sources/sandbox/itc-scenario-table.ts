/**
 * The "ITC check scenarios" table of docs/itc-check.md, rendered from ITC_SCENARIOS so the docs
 * cannot disagree with samples/sandbox-identifiers.json. write-identifiers.ts writes it between
 * the markers below; a unit test fails when the docs differ from what this renders.
 */
import { ITC_SCENARIOS, type ItcExpectation, type ItcInvoiceDate, type ItcScenario, type ItcScenarioInvoice } from './itc-scenarios.js';

export const ITC_TABLE_START = '<!-- itc-scenarios: rendered by src/sources/sandbox/write-identifiers.ts; do not edit by hand -->';
export const ITC_TABLE_END = '<!-- itc-scenarios: end -->';

function ordinal(day: number): string {
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

export function describeInvoiceDate(date: ItcInvoiceDate): string {
  if (typeof date === 'string') return date;
  if ('days_ago' in date) return date.days_ago === 0 ? 'today' : `${date.days_ago} days ago`;
  if ('claim_by' in date) return '1 April of the year whose claim window (30 Nov) closes next';
  return `the ${ordinal(date.day)}, ${date.months_ago} month${date.months_ago === 1 ? '' : 's'} back`;
}

const codes = (e: ItcExpectation): string => (e.reason_codes.length === 0 ? '(none)' : e.reason_codes.map((c) => `\`${c}\``).join(', '));

function outcome(e: ItcScenarioInvoice['expect']): [verdict: string, reasons: string] {
  if ('verdict' in e) return [`\`${e.verdict}\``, codes(e)];
  if ('closing' in e) return [`31 Oct–30 Nov \`${e.closing.verdict}\`, otherwise \`${e.open.verdict}\``, `31 Oct–30 Nov: ${codes(e.closing)}; otherwise: ${codes(e.open)}`];
  return [`even weeks \`${e.even.verdict}\`, odd weeks \`${e.odd.verdict}\``, `even: ${codes(e.even)}; odd: ${codes(e.odd)}`];
}

/** The markdown between the markers: one row per invoice. */
export function renderItcScenarioTable(scenarios: readonly ItcScenario[] = ITC_SCENARIOS): string {
  const rows = scenarios.flatMap((s) =>
    s.invoices.map((invoice) => {
      const [verdict, reasons] = outcome(invoice.expect);
      const date = describeInvoiceDate(invoice.date) + (invoice.availed_in === undefined ? '' : `, availed_in ${invoice.availed_in}`);
      return `| ${s.name} | \`${s.gstin}\` | ${date} | ${verdict} | ${reasons} |`;
    }),
  );
  return [ITC_TABLE_START, '| Case | Supplier GSTIN | Invoice date to send | Verdict | Reason codes |', '|---|---|---|---|---|', ...rows, ITC_TABLE_END].join('\n');
}

/** `doc` with its rendered block replaced by a fresh one; throws when the markers are missing. */
export function withItcScenarioTable(doc: string, scenarios: readonly ItcScenario[] = ITC_SCENARIOS): string {
  const start = doc.indexOf(ITC_TABLE_START);
  const end = doc.indexOf(ITC_TABLE_END);
  if (start < 0 || end < start) throw new Error(`the ITC scenario table's markers are missing (${ITC_TABLE_START} ... ${ITC_TABLE_END})`);
  return doc.slice(0, start) + renderItcScenarioTable(scenarios) + doc.slice(end + ITC_TABLE_END.length);
}
