/**
 * Records that change with the calendar week, so that re-verifying a saved list on a schedule
 * (portfolios) finds changes on sandbox keys too. A few scenario records drift (model.ts:
 * GstinDrift, EntityDrift, PersonDrift): in even ISO weeks of `now`, taken in India, they show
 * their stored state; in odd weeks their drifted one. Everything here is a pure function of the
 * record and the IST date, so the sandbox source and the simulator agree at the same `now`.
 *
 * The weeks are ISO 8601's, so anyone can tell the phase from a calendar. An ISO year has 52
 * or 53 weeks, so after a week 53 comes another odd week (week 1): across that boundary
 * (next: 28 December 2026 to 10 January 2027) the drifted state lasts two weeks.
 */
import type { CompanyStatus, DinStatus, GstStatus } from '../../domain/records.js';
import { civilDay, dayNumber, isoFromDay, monthIndex, todayAt, yearOfDay } from './calendar.js';
import type { SandboxEntity, SandboxGstin, SandboxPerson } from './model.js';

export type DriftPhase = 'even' | 'odd';

export interface IsoWeek {
  /** The ISO week-numbering year: the calendar year of the week's Thursday. */
  year: number;
  /** 1 to 53. */
  week: number;
  /** The week's Monday, YYYY-MM-DD. */
  monday: string;
}

/** The ISO 8601 week of a YYYY-MM-DD date. */
export function isoWeekOf(date: string): IsoWeek {
  const day = dayNumber(date);
  // Day 0, 1970-01-01, was a Thursday: weekday 3 counting from Monday = 0.
  const weekday = (((day + 3) % 7) + 7) % 7;
  const monday = day - weekday;
  const thursday = monday + 3;
  const year = yearOfDay(thursday);
  return { year, week: Math.floor((thursday - civilDay(year, 1, 1)) / 7) + 1, monday: isoFromDay(monday) };
}

/** The phase of the drifting scenarios on an IST calendar date (YYYY-MM-DD). */
export function driftPhaseOn(today: string): DriftPhase {
  return isoWeekOf(today).week % 2 === 0 ? 'even' : 'odd';
}

/** The phase of the drifting scenarios at `now`: the parity of the ISO week of its date in India. */
export function driftPhase(now: Date): DriftPhase {
  return driftPhaseOn(todayAt(now));
}

const oddWeek = (today: string): boolean => driftPhaseOn(today) === 'odd';

const cancelsInOddWeeks = (g: SandboxGstin): boolean => g.drift === 'cancelled' || g.drift === 'cancelled_retrospectively';

/** A GSTIN's status on `today`: a `cancelled` or `cancelled_retrospectively` drifter is Cancelled in odd weeks. */
export function gstStatusOn(g: SandboxGstin, today: string): GstStatus {
  return cancelsInOddWeeks(g) && oddWeek(today) ? 'Cancelled' : g.status;
}

/**
 * A GSTIN's cancellation day (day number) on `today`. In odd weeks a `cancelled` drifter's is the
 * week's Monday; a `cancelled_retrospectively` drifter's is the first day of the month before last,
 * counted from that Monday (s.29(2) allows "any retrospective date"): an invoice dated in the month
 * before last or later, issued while the registration stood, is now on or after the effective date
 * of cancellation (the ITC check's retrospective case). Counting from the Monday keeps the date the
 * same all week.
 */
export function gstCancelledOn(g: SandboxGstin, today: string): number | null {
  if (!cancelsInOddWeeks(g) || !oddWeek(today)) return g.cancelled;
  const monday = isoWeekOf(today).monday;
  if (g.drift === 'cancelled') return dayNumber(monday);
  const monthBeforeLast = monthIndex(monday) - 2;
  return civilDay(Math.floor(monthBeforeLast / 12), (monthBeforeLast % 12) + 1, 1);
}

/**
 * Whether a GSTIN's latest due returns are withheld on `today`: a `returns_not_filed` drifter
 * has not filed, in odd weeks, the newest period whose GSTR-3B has fallen due (see filings.ts).
 */
export function returnsWithheldOn(g: SandboxGstin, today: string): boolean {
  return g.drift === 'returns_not_filed' && oddWeek(today);
}

/** A company's status on `today`: a `struck_off` drifter is struck off in odd weeks. */
export function companyStatusOn(entity: SandboxEntity, today: string): CompanyStatus {
  return entity.drift === 'struck_off' && oddWeek(today) ? 'Strike Off' : entity.status;
}

/** A director's DIN status on `today`: a `disqualified` drifter is Disqualified in odd weeks. */
export function dinStatusOn(person: SandboxPerson, today: string): DinStatus {
  if (person.disqualified) return 'Disqualified';
  return person.drift === 'disqualified' && oddWeek(today) ? 'Disqualified' : 'Approved';
}
