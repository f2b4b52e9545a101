/**
 * Shared by the sandbox tests: two clocks a year apart, a source call helper, and a
 * straightforward reading of docs/business360.md's risk-flag table, used to check that each
 * scenario raises exactly the flags it documents.
 */
import { addMonths, daysBetween, istDate } from '../../src/domain/dates.js';
import { buildReturnsRecord } from '../../src/domain/gst-returns.js';
import { matchNames } from '../../src/domain/name-match.js';
import type { CheckName } from '../../src/domain/operations.js';
import type { GstRecord } from '../../src/domain/records.js';
import type { CheckInputs, Source, SourceOutcome, CheckAnswers } from '../../src/sources/port.js';
import type { SandboxRegistry } from '../../src/sources/sandbox/registry.js';
import type { ScenarioIdentifiers } from '../../src/sources/sandbox/scenarios.js';

/** Noon in India on 21 November 2026, and a year later. */
export const NOWS = [
  { label: '2026-11-21', now: new Date('2026-11-21T06:30:00Z') },
  { label: '2027-11-21', now: new Date('2027-11-21T06:30:00Z') },
] as const;

export async function call<C extends CheckName>(
  source: Source,
  check: C,
  input: CheckInputs[C],
  now: Date,
): Promise<SourceOutcome<CheckAnswers[C]>> {
  const handler = source.handlers[check];
  if (handler === undefined) throw new Error(`the source has no handler for ${check}`);
  return handler(input, { signal: new AbortController().signal, now });
}

export function httpStatusOf(outcome: SourceOutcome<unknown>): number {
  switch (outcome.outcome) {
    case 'ok':
      return 200;
    case 'not_found':
      return 404;
    case 'unavailable':
      return 503;
    case 'timeout':
      return 504;
    default:
      return 502;
  }
}

/** Flag codes in the order of docs/business360.md's table. */
export const FLAG_ORDER = [
  'GST_CANCELLED',
  'GST_SUSPENDED',
  'GST_RETURNS_NOT_FILED',
  'GST_RETURNS_LATE',
  'GST_RECENTLY_REGISTERED',
  'PAN_INVALID',
  'PAN_NAME_MISMATCH',
  'COMPANY_STRUCK_OFF',
  'COMPANY_UNDER_LIQUIDATION',
  'COMPANY_FILINGS_OVERDUE',
  'COMPANY_RECENTLY_INCORPORATED',
  'DIRECTOR_DISQUALIFIED',
  'MODULE_UNAVAILABLE',
];

/** More than 18 months before today (a date 18 months back to the day is not yet overdue). */
export function olderThan18Months(date: string, today: string): boolean {
  return `${addMonths(date.slice(0, 7), 18)}-${date.slice(8, 10)}` < today;
}

/**
 * The flags Business360 raises for a scenario called with its GSTIN (else CIN, else PAN), resolved
 * as docs/business360.md "Resolution" says: GSTIN → PAN → CIN/LLPIN; CIN → PAN → principal GSTIN (oldest active).
 */
export function expectedFlags(registry: SandboxRegistry, ids: ScenarioIdentifiers, now: Date): string[] {
  const today = istDate(now);
  const flags = new Set<string>();
  let gstin = ids.gstin;
  let cin = gstin === undefined ? ids.cin : undefined;
  let llpin: string | undefined;
  const pan = gstin !== undefined ? gstin.slice(2, 12) : cin !== undefined ? registry.cinToPan({ cin })?.pan : ids.pan;
  if (gstin === undefined && pan !== undefined) {
    const active = (registry.gstByPan(pan, now) ?? []).filter((g) => g.status === 'Active');
    active.sort((a, b) => a.registration_date.localeCompare(b.registration_date));
    gstin = active[0]?.gstin;
  }
  if (cin === undefined && pan !== undefined && 'CF'.includes(pan.charAt(3))) {
    const mapping = registry.cinToPan({ pan });
    cin = mapping?.cin ?? undefined;
    llpin = mapping?.llpin ?? undefined;
  }

  let gst: GstRecord | undefined;
  if (gstin !== undefined) {
    if (registry.faultFor('gst.verify', { gstin }) !== undefined) flags.add('MODULE_UNAVAILABLE');
    else gst = registry.gstVerify(gstin, now);
    if (gst?.status === 'Cancelled') flags.add('GST_CANCELLED');
    if (gst?.status === 'Suspended') flags.add('GST_SUSPENDED');
    if (gst !== undefined && daysBetween(gst.registration_date, today) < 180) flags.add('GST_RECENTLY_REGISTERED');
    if (registry.faultFor('gst.returns', { gstin }) !== undefined) flags.add('MODULE_UNAVAILABLE');
    else {
      const answer = registry.gstReturns(gstin, now);
      if (answer !== undefined) {
        const record = buildReturnsRecord(answer, 12, now);
        const recentNotFiled = record.periods
          .slice(0, 6)
          .filter((p) => p.gstr1.status === 'not_filed' || p.gstr3b.status === 'not_filed').length;
        if (recentNotFiled >= 1) flags.add('GST_RETURNS_NOT_FILED');
        if (record.summary.filed_late >= 3) flags.add('GST_RETURNS_LATE');
      }
    }
  }
  if (pan !== undefined) {
    const answer = registry.panVerify(pan);
    if (!answer.statusCode.startsWith('E')) flags.add('PAN_INVALID');
    if (gst !== undefined && matchNames(gst.legal_name, answer.fullName).result === 'no_match') flags.add('PAN_NAME_MISMATCH');
  }
  const ref = cin !== undefined ? { cin } : llpin !== undefined ? { llpin } : undefined;
  if (ref !== undefined) {
    const company = registry.company(ref, now);
    if (company?.status === 'Strike Off') flags.add('COMPANY_STRUCK_OFF');
    if (company?.status === 'Under Liquidation') flags.add('COMPANY_UNDER_LIQUIDATION');
    const filed = [company?.last_agm_date, company?.last_balance_sheet_date].filter((d): d is string => typeof d === 'string');
    if (filed.some((d) => olderThan18Months(d, today))) flags.add('COMPANY_FILINGS_OVERDUE');
    if (company !== undefined && daysBetween(company.date_of_incorporation, today) < 365) flags.add('COMPANY_RECENTLY_INCORPORATED');
    const directors = registry.directors(ref, now)?.directors ?? [];
    if (directors.some((d) => d.ceased_on === null && d.din_status === 'Disqualified')) flags.add('DIRECTOR_DISQUALIFIED');
  }
  return FLAG_ORDER.filter((code) => flags.has(code));
}
