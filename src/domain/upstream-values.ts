/**
 * Reading single values out of upstream answers (UPSTREAMS.md): the placeholders upstreams
 * use for "no value", their date spellings and Indian-grouped amounts. Pure functions; the
 * adapters decide whether a missing or unreadable value makes the whole answer unusable.
 */
import { dmyToIso, isRealIsoDate } from './dates.js';

/** Upstreams write "no value" as a missing key, null, "", "NA", "N/A", "-" or "--". */
const NO_VALUE = new Set(['', 'NA', 'N/A', '-', '--', 'NULL']);

/** The text of a wire value, or undefined when it is one of the "no value" spellings. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return NO_VALUE.has(trimmed.toUpperCase()) ? undefined : trimmed;
}

/** The text of a wire value, "" for no value: record fields that are strings never hold null. */
export function textOrEmpty(value: unknown): string {
  return textOf(value) ?? '';
}

/**
 * A date as upstreams spell it (dd/mm/yyyy, dd-mm-yyyy or already YYYY-MM-DD) to YYYY-MM-DD.
 * `null` means "no value"; `undefined` means a value is there but is not a real date, which
 * callers treat as a malformed answer rather than guessing.
 */
export function upstreamDate(value: unknown): string | null | undefined {
  const text = textOf(value);
  if (text === undefined) return null;
  if (isRealIsoDate(text)) return text;
  // Some upstreams append a time ("12/05/2009 00:00:00"); the day is what counts.
  return dmyToIso(text.split(/[\sT]/u)[0] ?? '');
}

/**
 * An amount in rupees as MCA writes it: digits with Indian grouping ("1,00,000"), sometimes
 * with a currency mark or paise ("Rs. 1,00,000.00"). Whole rupees (rounded); 0 for no value;
 * undefined when it is not a number at all.
 */
export function rupeesOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
  const text = textOf(value);
  if (text === undefined) return 0;
  const bare = text.replace(/^(?:rs\.?|inr|₹)\s*/iu, '').replace(/[,\s]/gu, '');
  if (!/^\d+(?:\.\d+)?$/u.test(bare)) return undefined;
  return Math.round(Number(bare));
}

/** A GST return period `MMYYYY` to `YYYY-MM`; undefined when it is not one. */
export function returnPeriodOf(value: unknown): string | undefined {
  const text = textOf(value);
  const match = text === undefined ? null : /^(0[1-9]|1[0-2])(\d{4})$/u.exec(text);
  return match ? `${match[2]}-${match[1]}` : undefined;
}
