/**
 * Calendar-month arithmetic on YYYY-MM-DD dates for the risk rules ("more than 18 months
 * ago", "less than a year ago"). Months are calendar months, not 30-day blocks, so that
 * "18 months after 2025-05-21" is 2026-11-21 as a person reading the register would say.
 */

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * Adds calendar months to a YYYY-MM-DD date. A day that does not exist in the target month
 * is clamped to that month's last day (2025-08-31 + 6 months = 2026-02-28), which is how a
 * month-based statutory deadline falls on a short month.
 */
export function addMonthsToDate(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${pad2(targetMonth)}-${pad2(Math.min(day, lastDay))}`;
}

/** True when `date` lies strictly more than `months` calendar months before `today`. */
export function isMoreThanMonthsBefore(date: string, months: number, today: string): boolean {
  return addMonthsToDate(date, months) < today;
}

/** True when `date` lies strictly less than `months` calendar months before `today` (or after it). */
export function isLessThanMonthsBefore(date: string, months: number, today: string): boolean {
  return addMonthsToDate(date, months) > today;
}
