/**
 * Day arithmetic on YYYY-MM-DD strings for the sandbox registry. Dates are calendar dates in
 * India (see domain/dates.ts); they are handled as UTC midnights so no time zone leaks in.
 */
import { istDate } from '../../domain/dates.js';

/**
 * Days since 1970-01-01 for a YYYY-MM-DD date (Howard Hinnant's days_from_civil). Pure integer
 * arithmetic: generation converts dates a few hundred thousand times, and Date objects and
 * their ISO strings would dominate its time and garbage.
 */
export function dayNumber(iso: string): number {
  return civilDay(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}

/** Days since 1970-01-01 for a year, month (1-12) and day. */
export function civilDay(year: number, month: number, day: number): number {
  const y = year - (month <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of a day number (Howard Hinnant's civil_from_days). */
function civilFromDay(day: number): { year: number; month: number; dayOfMonth: number } {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth };
}

/** The YYYY-MM-DD date of a day number. */
export function isoFromDay(day: number): string {
  const { year, month, dayOfMonth } = civilFromDay(day);
  return `${year}-${month < 10 ? '0' : ''}${month}-${dayOfMonth < 10 ? '0' : ''}${dayOfMonth}`;
}

export function addDays(iso: string, days: number): string {
  return isoFromDay(dayNumber(iso) + days);
}

/**
 * A stored date: a day number, or (scenario entities only) `RELATIVE_DAYS + n` for n days before
 * `now`. The few facts that must stay "recent" whatever the clock says are stored that way and
 * resolved per query. Numbers, not strings: the universe holds some 150,000 dates.
 */
export type DateSpec = number;

const RELATIVE_DAYS = 10_000_000;

export function fixedDate(iso: string): DateSpec {
  return dayNumber(iso);
}

export function daysBeforeNow(days: number): DateSpec {
  return RELATIVE_DAYS + days;
}

export function isRelative(spec: DateSpec): boolean {
  return spec >= RELATIVE_DAYS;
}

export function resolveDay(spec: DateSpec, todayDay: number): number {
  return spec >= RELATIVE_DAYS ? todayDay - (spec - RELATIVE_DAYS) : spec;
}

export function resolveDate(spec: DateSpec, today: string): string {
  return isoFromDay(resolveDay(spec, dayNumber(today)));
}

export function yearOfDay(day: number): number {
  return civilFromDay(day).year;
}

/** The calendar date in India at `now`: the "today" every time-relative answer uses. */
export function todayAt(now: Date): string {
  return istDate(now);
}

/** The index of a YYYY-MM month, so that consecutive months differ by one. */
export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/** The YYYY-MM month of a month index. */
export function monthOfIndex(index: number): string {
  const month = (index % 12) + 1;
  return `${Math.floor(index / 12)}-${month < 10 ? '0' : ''}${month}`;
}

/** The latest quarter-end month (03, 06, 09, 12) at or before a YYYY-MM month. */
export function quarterEndAtOrBefore(month: string): string {
  const index = monthIndex(month);
  const end = index - ((index + 1) % 3);
  return `${Math.floor(end / 12)}-${String((end % 12) + 1).padStart(2, '0')}`;
}

/** The first quarter-end month at or after a YYYY-MM month. */
export function quarterEndAtOrAfter(month: string): string {
  const index = monthIndex(month);
  const end = index + ((3 - ((index + 1) % 3)) % 3);
  return `${Math.floor(end / 12)}-${String((end % 12) + 1).padStart(2, '0')}`;
}
