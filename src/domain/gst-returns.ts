import { addMonths, istDate } from './dates.js';
import type { FilingFrequency, GstReturnsRecord, ReturnFiling, ReturnPeriod } from './records.js';

export type ReturnType = 'GSTR1' | 'GSTR3B';

/** One return as a source reports it: the period (YYYY-MM, a quarter as its last month) and the filing date. */
export interface ReturnFilingEntry {
  period: string;
  returnType: ReturnType;
  /** YYYY-MM-DD */
  filedOn: string;
}

/** The most periods the interface reports. */
export const MAX_RETURN_PERIODS = 12;

const QUARTER_END_MONTHS = new Set(['03', '06', '09', '12']);

/**
 * Due dates (docs/itc-check.md states the same dates): monthly GSTR-1 the 11th and GSTR-3B the 20th of the next month;
 * quarterly GSTR-1 the 13th and GSTR-3B the 22nd of the month after the quarter.
 */
export function dueDates(period: string, frequency: FilingFrequency): { gstr1: string; gstr3b: string } {
  const next = addMonths(period, 1);
  return frequency === 'monthly'
    ? { gstr1: `${next}-11`, gstr3b: `${next}-20` }
    : { gstr1: `${next}-13`, gstr3b: `${next}-22` };
}

/** Quarterly filers file only for a quarter's last month; anything else means monthly. */
export function inferFrequency(filings: readonly ReturnFilingEntry[]): FilingFrequency {
  if (filings.length === 0) return 'monthly';
  return filings.every((f) => QUARTER_END_MONTHS.has(f.period.slice(5, 7))) ? 'quarterly' : 'monthly';
}

/** Return periods whose GSTR-3B due date has passed at `now`, most recent first. */
export function duePeriods(frequency: FilingFrequency, now: Date, count: number): string[] {
  const today = istDate(now);
  const step = frequency === 'monthly' ? 1 : 3;
  let period = today.slice(0, 7);
  if (frequency === 'quarterly') {
    const month = Number(period.slice(5, 7));
    period = addMonths(period, (3 - (month % 3)) % 3);
  }
  const periods: string[] = [];
  while (periods.length < count) {
    if (dueDates(period, frequency).gstr3b < today) periods.push(period);
    period = addMonths(period, -step);
  }
  return periods;
}

export interface ReturnsInput {
  gstin: string;
  filings: readonly ReturnFilingEntry[];
  /** When the source knows it; otherwise inferred from the filings. */
  frequency?: FilingFrequency;
  /** Periods before the registration month or after cancellation are not listed. */
  registrationDate?: string | null;
  cancellationDate?: string | null;
}

/** The last month (YYYY-MM) of the quarter holding `month`. */
function quarterEndOf(month: string): string {
  const m = Number(month.slice(5, 7));
  return `${month.slice(0, 4)}-${String(Math.ceil(m / 3) * 3).padStart(2, '0')}`;
}

function filingStatus(entry: ReturnFilingEntry | undefined, dueDate: string): ReturnFiling {
  if (entry === undefined) return { status: 'not_filed', filed_on: null, due_date: dueDate };
  return { status: entry.filedOn <= dueDate ? 'filed' : 'late', filed_on: entry.filedOn, due_date: dueDate };
}

/** Builds the GST returns record for the last `count` due periods (1 to 12) at `now`. */
export function buildReturnsRecord(input: ReturnsInput, count: number, now: Date): GstReturnsRecord {
  const frequency = input.frequency ?? inferFrequency(input.filings);
  const firstPeriod = input.registrationDate ? input.registrationDate.slice(0, 7) : undefined;
  const cancelledMonth = input.cancellationDate ? input.cancellationDate.slice(0, 7) : undefined;
  // A quarter is listed by its last month: a cancellation inside it still lists it, since the
  // quarter's returns (the final ones) fall due all the same.
  const lastPeriod = cancelledMonth !== undefined && frequency === 'quarterly' ? quarterEndOf(cancelledMonth) : cancelledMonth;
  const byKey = new Map<string, ReturnFilingEntry>();
  for (const entry of input.filings) {
    const key = `${entry.period}:${entry.returnType}`;
    const seen = byKey.get(key);
    // A return re-filed or reported twice counts from its first filing.
    if (seen === undefined || entry.filedOn < seen.filedOn) byKey.set(key, entry);
  }

  const candidates = duePeriods(frequency, now, lastPeriod ? MAX_RETURN_PERIODS * 12 : count);
  const periods: ReturnPeriod[] = [];
  for (const period of candidates) {
    if (periods.length === count) break;
    if (lastPeriod !== undefined && period > lastPeriod) continue;
    // A quarter is listed by its last month, so a registration inside it still lists it.
    if (firstPeriod !== undefined && period < firstPeriod) break;
    const due = dueDates(period, frequency);
    periods.push({
      period,
      gstr1: filingStatus(byKey.get(`${period}:GSTR1`), due.gstr1),
      gstr3b: filingStatus(byKey.get(`${period}:GSTR3B`), due.gstr3b),
    });
  }

  let filedOnTime = 0;
  let filedLate = 0;
  let notFiled = 0;
  for (const p of periods) {
    const statuses = [p.gstr1.status, p.gstr3b.status];
    if (statuses.includes('not_filed')) notFiled++;
    else if (statuses.includes('late')) filedLate++;
    else filedOnTime++;
  }
  // The last period whose GSTR-3B (the return that pays the tax) was filed at all.
  const lastFiled = periods.find((p) => p.gstr3b.status !== 'not_filed');
  return {
    gstin: input.gstin,
    filing_frequency: frequency,
    periods,
    summary: {
      periods: periods.length,
      filed_on_time: filedOnTime,
      filed_late: filedLate,
      not_filed: notFiled,
      last_filed_period: lastFiled?.period ?? null,
    },
  };
}
