/** India has one time zone and no daylight saving: IST is always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India at `now`, as YYYY-MM-DD. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** ISO 8601 with the IST offset, e.g. 2026-11-21T20:55:01.123+05:30 (the interface document's meta.timestamp; docs/api.md). */
export function istTimestamp(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().replace('Z', '+05:30');
}

/**
 * A stored time (UTC, as the Lua scripts' and the stores' clocks write it) as the API shows it:
 * with +05:30, like every other time on the wire (DECISIONS.md). Text that is not a time is
 * returned as it is rather than invented.
 */
export function wireTime(at: string): string;
export function wireTime(at: string | null | undefined): string | null;
export function wireTime(at: string | null | undefined): string | null {
  if (at === null || at === undefined || at === '') return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : istTimestamp(new Date(ms));
}

/** dd/mm/yyyy or dd-mm-yyyy (upstream formats) to YYYY-MM-DD; undefined when not a real date. */
export function dmyToIso(value: string): string | undefined {
  const match = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : undefined;
}

export function isRealIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Adds calendar months to a YYYY-MM month. */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
