/**
 * Invoice dates as purchase registers write them, to YYYY-MM-DD. Registers are Indian: a date
 * written with the day and month as numbers is read day first (DD-MM-YYYY, DD/MM/YYYY,
 * DD.MM.YYYY), as the GST portal's GSTR-2B/2A downloads and Indian-locale Excel write them;
 * never month first, since 03/04/2024 would then be two different invoices' dates.
 * Also read: YYYY-MM-DD, Tally's 1-Apr-2024 / 1-Apr-24, and an Excel serial day number (a date
 * cell formatted as General or Number shows one, e.g. 45383 = 2024-04-01).
 */
import { isRealIsoDate } from '../dates.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export type RegisterDate = { ok: true; date: string } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** Two-digit years are this century's: GST invoices are from 2017 on. */
const fullYear = (year: string) => (year.length === 2 ? `20${year}` : year);

/** Excel's 1900 date system: serial 1 is 1900-01-01 and it counts a 29 Feb 1900 that never was. */
function excelSerial(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/** Plausible serials only (2000-01-01 to 2099-12-31): any other number is not a date. */
const SERIAL_MIN = 36_526;
const SERIAL_MAX = 73_050;

const EXPECTED = 'expected a date as DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD or 1-Apr-2024';

export function parseRegisterDate(text: string): RegisterDate {
  const value = text.trim();
  if (value === '') return { ok: false, message: `is empty: ${EXPECTED}` };
  let iso: string | undefined;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(value);
  if (match !== null) iso = `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
  match ??= /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(value);
  if (iso === undefined && match !== null) iso = `${fullYear(match[3] as string)}-${pad(Number(match[2]))}-${pad(Number(match[1]))}`;
  if (iso === undefined) {
    const named = /^(\d{1,2})[-/ ]([A-Za-z]{3,9})[-/ ,]+(\d{4}|\d{2})$/.exec(value);
    const month = named === null ? -1 : MONTHS.indexOf((named[2] as string).slice(0, 3).toLowerCase());
    if (named !== null && month !== -1) iso = `${fullYear(named[3] as string)}-${pad(month + 1)}-${pad(Number(named[1]))}`;
  }
  if (iso === undefined && /^\d{5}(\.0+)?$/.test(value)) {
    const serial = Number(value);
    if (serial >= SERIAL_MIN && serial <= SERIAL_MAX) iso = excelSerial(serial);
  }
  if (iso === undefined) return { ok: false, message: `${JSON.stringify(value.slice(0, 40))} is not a date: ${EXPECTED}` };
  if (!isRealIsoDate(iso)) return { ok: false, message: `${JSON.stringify(value.slice(0, 40))} is not a real date (read day first, as ${iso})` };
  return { ok: true, date: iso };
}
