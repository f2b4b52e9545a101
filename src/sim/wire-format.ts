/** Value formats the upstreams use on the wire, written exactly as the wire agreement fixes them. */
import type { Address } from '../domain/records.js';

/** YYYY-MM-DD → dd/mm/yyyy (GSP search, MCA, kyb) or dd-mm-yyyy (RETTRACK `dof`). */
export function isoToDmy(iso: string, separator: '/' | '-' = '/'): string {
  const [year, month, day] = iso.split('-');
  return `${day}${separator}${month}${separator}${year}`;
}

/** YYYY-MM → MMYYYY (RETTRACK `ret_prd`). */
export function periodToRetPrd(period: string): string {
  return `${period.slice(5, 7)}${period.slice(0, 4)}`;
}

/** Rupees with Indian digit grouping, as MCA prints capital: 100000 → "1,00,000". */
export function indianGrouping(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const sign = amount < 0 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest},${lastThree}`;
}

export interface Line1Parts {
  bno: string;
  bnm: string;
  st: string;
}

/**
 * Line 1 into the building number, building name and street the GST formats carry: one part
 * → bno; two → bno, st; three or more → bno, bnm, and the rest as st. Adapters join the
 * non-empty parts with ", " again, which gives line 1 back.
 */
export function splitLine1(line1: string): Line1Parts {
  const parts = line1.split(', ');
  if (parts.length === 1) return { bno: parts[0] ?? '', bnm: '', st: '' };
  if (parts.length === 2) return { bno: parts[0] ?? '', bnm: '', st: parts[1] ?? '' };
  return { bno: parts[0] ?? '', bnm: parts[1] ?? '', st: parts.slice(2).join(', ') };
}

/**
 * The one-string MCA registered address: `line1, locality, city, [District <district>,] state,
 * India, pincode`; the district only when it differs from the city (the parser defaults it to
 * the city).
 */
export function formatMcaAddress(address: Address): string {
  const parts = [address.line1, address.locality, address.city];
  if (address.district !== '' && address.district !== address.city) parts.push(`District ${address.district}`);
  parts.push(address.state, 'India', address.pincode);
  return parts.join(', ');
}

/** The Indian financial year (April–March) a YYYY-MM period belongs to, as "2025-26". */
export function financialYearOf(period: string): string {
  const year = Number(period.slice(0, 4));
  const startYear = Number(period.slice(5, 7)) >= 4 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** "2025-26" → its start year, or undefined when the text is not a financial year. */
export function financialYearStart(fy: string): number | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(fy);
  if (!match) return undefined;
  const start = Number(match[1]);
  return (start + 1) % 100 === Number(match[2]) ? start : undefined;
}
