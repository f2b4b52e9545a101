/**
 * Facts that depend on the clock, computed per query from `today` (the IST date of `now`):
 * GST return filings and companies' last AGM and balance-sheet dates.
 *
 * Each return's filing day is a pure function of (GSTIN, period, return type) and the GSTIN's
 * fixed profile, so a filing seen once never changes later; `today` only decides whether it has
 * happened yet. A late filing whose day is after today is therefore "not filed yet". The one
 * exception on purpose is the drifting non-filer scenario (drift.ts), whose latest due returns
 * disappear in odd weeks and come back in even ones.
 *
 * The arithmetic runs on month indices and day numbers rather than date strings: a bulk job can
 * ask for the returns of a million GSTINs, 48 returns each.
 */
import type { ReturnFilingEntry, ReturnType } from '../../domain/gst-returns.js';
import type { FilingFrequency } from '../../domain/records.js';
import { addDays, civilDay, dayNumber, isoFromDay, monthIndex, monthOfIndex } from './calendar.js';
import { gstCancelledOn, returnsWithheldOn } from './drift.js';
import type { SandboxGstin } from './model.js';
import { hash32, hashUnit, mix32 } from './prng.js';

/**
 * How far back filings are reported, in periods of the GSTIN's frequency: 24 months for a
 * monthly filer, six years for a quarterly one; either way twice the 12 periods the API lists.
 */
export const FILING_HISTORY_PERIODS = 24;

/** Due days of the month after the period (as src/domain/gst-returns.ts): monthly GSTR-1 11th, GSTR-3B 20th; quarterly 13th and 22nd. */
const DUE_DAY_OF_MONTH: Readonly<Record<FilingFrequency, readonly [gstr1: number, gstr3b: number]>> = {
  monthly: [11, 20],
  quarterly: [13, 22],
};

/** Days before the due day an on-time return is filed: GSTR-1 from the 3rd, GSTR-3B from the 8th. */
const EARLY_DAYS: readonly [gstr1: number, gstr3b: number] = [8, 12];

const ROLL_SALT = 0x5bd1e995;
const SIZE_SALT = 0x27d4eb2f;
const TWO_TO_32 = 4_294_967_296;

export function frequencyOf(g: SandboxGstin): FilingFrequency {
  return g.quarterly ? 'quarterly' : 'monthly';
}

/** The due day (day number) of a return for the period with this month index. */
export function dueDay(periodIndex: number, frequency: FilingFrequency, gstr3b: boolean): number {
  const next = periodIndex + 1;
  return civilDay(Math.floor(next / 12), (next % 12) + 1, DUE_DAY_OF_MONTH[frequency][gstr3b ? 1 : 0]);
}

/** The per-GSTIN seed every filing roll of that GSTIN derives from. */
export function filingSeed(g: SandboxGstin): number {
  return hash32(g.gstin, 11);
}

/**
 * The day number a return is (or will be) filed, or null when it never will be. The rolls
 * depend only on the GSTIN, the period and the return type, never on generation order.
 */
export function filingDay(g: SandboxGstin, seed: number, periodIndex: number, gstr3b: boolean): number | null {
  const frequency = frequencyOf(g);
  const due = dueDay(periodIndex, frequency, gstr3b);
  const key = periodIndex * 2 + (gstr3b ? 1 : 0);
  const roll = mix32(seed ^ ROLL_SALT, key) / TWO_TO_32;
  const size = mix32(seed ^ SIZE_SALT, key) / TWO_TO_32;
  const early = due - Math.floor(size * (EARLY_DAYS[gstr3b ? 1 : 0] + 1));
  const late = (maxDays: number): number => due + 1 + Math.floor(size * maxDays);

  switch (g.profile) {
    case 'perfect':
      return early;
    case 'punctual':
      return roll < 0.03 ? late(12) : early;
    case 'sometimes_late':
      return roll < 0.3 ? late(45) : early;
    case 'erratic':
      if (roll < 0.08) return null;
      return roll < 0.55 ? late(120) : early;
    case 'late_gstr1':
      // GSTR-1 late by 2 to 8 days every third month: filed before GSTR-3B falls due, so a
      // period is never listed with it still outstanding.
      if (!gstr3b && periodIndex % 3 === 0) return due + 2 + Math.floor(size * 7);
      return early;
    case 'unpaid_gstr3b': {
      // Reports its sales (GSTR-1) on time, but stops filing GSTR-3B, so paying the tax, for the
      // last `lagPeriods` periods up to its suo-moto cancellation (s.29(2)(c)), and never files them.
      const step = g.quarterly ? 3 : 1;
      if (gstr3b && g.cancelled !== null && periodIndex > monthIndex(isoFromDay(g.cancelled)) - g.lagPeriods * step) return null;
      return early;
    }
    case 'backlog': {
      const step = g.quarterly ? 3 : 1;
      if (g.cancelled !== null && periodIndex > monthIndex(isoFromDay(g.cancelled)) - g.lagPeriods * step) {
        // The returns that led to a suo-moto cancellation are never filed.
        return null;
      }
      const caughtUp = dueDay(periodIndex + g.lagPeriods * step, frequency, true);
      return caughtUp + 1 + Math.floor(size * 4) - (gstr3b ? 0 : 1);
    }
  }
}

/**
 * The newest period (month index) whose GSTR-3B fell due before today: the first one the API
 * lists (domain/gst-returns.ts, duePeriods).
 */
function latestDuePeriod(g: SandboxGstin, today: string): number {
  const step = g.quarterly ? 3 : 1;
  const todayDay = dayNumber(today);
  let period = monthIndex(today);
  if (g.quarterly) period += (3 - ((period + 1) % 3)) % 3;
  while (dueDay(period, frequencyOf(g), true) >= todayDay) period -= step;
  return period;
}

/**
 * The filings a source would report at `today`: every return filed on or before today, for
 * periods from the registration month (or 24 periods back, or back to `since` (YYYY-MM) when
 * that is earlier) to today or the cancellation month, and the first month they cover.
 * Returns of periods up to the cancellation month may be filed after it, as the law requires.
 */
export function filingHistory(g: SandboxGstin, registered: string, today: string, since?: string): { filings: ReturnFilingEntry[]; coversFrom: string } {
  const step = g.quarterly ? 3 : 1;
  const todayDay = dayNumber(today);
  let last = monthIndex(today);
  const cancelled = gstCancelledOn(g, today);
  const cancelledMonth = cancelled === null ? undefined : monthIndex(isoFromDay(cancelled));
  // Quarterly periods are the quarters' last months (index % 3 === 2): the current quarter has
  // not ended, but the quarter a registration was cancelled in has its (final) returns all the same.
  if (cancelledMonth !== undefined && cancelledMonth <= last) last = g.quarterly ? cancelledMonth + ((3 - ((cancelledMonth + 1) % 3)) % 3) : cancelledMonth;
  else if (g.quarterly) last -= (last + 1) % 3;
  let first = last - (FILING_HISTORY_PERIODS - 1) * step;
  if (since !== undefined && /^\d{4}-\d{2}$/.test(since)) {
    // Back to the period holding `since` (a quarter: its last month).
    const wanted = monthIndex(`${since}-01`);
    const wantedPeriod = g.quarterly ? wanted + ((3 - ((wanted + 1) % 3)) % 3) : wanted;
    if (wantedPeriod < first) first = wantedPeriod;
  }
  const registeredMonth = monthIndex(registered);
  if (registeredMonth > first) first = g.quarterly ? registeredMonth + ((3 - ((registeredMonth + 1) % 3)) % 3) : registeredMonth;
  // A drifting non-filer in an odd week: nothing filed for the latest due period or after it
  // (GSTR-1 and GSTR-3B are filed in sequence, so nothing newer can be either).
  const withheldFrom = returnsWithheldOn(g, today) ? latestDuePeriod(g, today) : Number.POSITIVE_INFINITY;

  const seed = filingSeed(g);
  const filings: ReturnFilingEntry[] = [];
  for (let period = last; period >= first; period -= step) {
    if (period >= withheldFrom) continue;
    let periodText: string | undefined;
    for (const gstr3b of [false, true]) {
      const day = filingDay(g, seed, period, gstr3b);
      if (day === null || day > todayDay) continue;
      periodText ??= monthOfIndex(period);
      const returnType: ReturnType = gstr3b ? 'GSTR3B' : 'GSTR1';
      filings.push({ period: periodText, returnType, filedOn: isoFromDay(day) });
    }
  }
  // A quarter's filings cover its first month on: the answer reaches back to there.
  return { filings, coversFrom: monthOfIndex(g.quarterly ? first - 2 : first) };
}

/**
 * The AGM date for a financial year ending 31 March `fy`: between 1 July and 29 September, so a
 * company that is up to date never has accounts more than 18 months old.
 */
export function agmDate(key: string, fy: number): string {
  const roll = hashUnit(`${key}|${fy}`, 3);
  const dayOfSeason = Math.floor(roll * 91); // 1 July + 0..90 days = up to 29 September
  return addDays(`${fy}-07-01`, dayOfSeason);
}

export interface AnnualFilings {
  lastAgmDate: string | null;
  lastBalanceSheetDate: string | null;
}

/**
 * Last AGM and balance sheet at `today`. Up-to-date companies have held the AGM for the latest
 * financial year whose AGM season has passed; overdue ones are `agmLagYears` behind. A first
 * financial year may run to the 31 March of the year after incorporation, so nothing is filed
 * before that. LLPs hold no AGM; their balance-sheet date is the last statement of accounts.
 */
export function annualFilingsAt(
  entity: { kind: string; cin: string | null; llpin: string | null; agmLagYears: number; lastFiledFy: number | null },
  incorporated: string,
  today: string,
): AnnualFilings {
  const key = entity.cin ?? entity.llpin ?? '';
  let fy: number | null;
  if (entity.agmLagYears < 0) {
    fy = entity.lastFiledFy;
  } else {
    const year = Number(today.slice(0, 4));
    let latest = today > `${year}-03-31` ? year : year - 1;
    if (today <= agmDate(key, latest)) latest -= 1;
    fy = latest - entity.agmLagYears;
  }
  const firstFy = Number(incorporated.slice(0, 4)) + 1;
  if (fy === null || fy < firstFy) return { lastAgmDate: null, lastBalanceSheetDate: null };
  return {
    lastAgmDate: entity.kind === 'llp' ? null : agmDate(key, fy),
    lastBalanceSheetDate: `${fy}-03-31`,
  };
}
