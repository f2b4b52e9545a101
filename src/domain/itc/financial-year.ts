import { addMonths } from '../dates.js';
import type { FilingFrequency } from '../records.js';

/**
 * The Indian financial year runs 1 April to 31 March. Its start year for a date (YYYY-MM-DD) or a
 * month (YYYY-MM): 31 March 2025 → 2024 (FY 2024-25), 1 April 2025 → 2025 (FY 2025-26).
 */
export function fyStartYear(dateOrMonth: string): number {
  const year = Number(dateOrMonth.slice(0, 4));
  const month = Number(dateOrMonth.slice(5, 7));
  return month >= 4 ? year : year - 1;
}

/** "2024-25" */
export function fyLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * s.16(5) (Finance (No. 2) Act 2024, s.118, with effect from 1 July 2017): invoices of FY 2017-18 to
 * 2020-21 may be claimed in any return filed up to 30 November 2021, notwithstanding s.16(4).
 */
const S16_5_LAST_FY = 2020;
const S16_5_CLAIM_BY = '2021-11-30';

/**
 * The s.16(4) time limit for taking credit of an invoice dated `invoiceDate`: 30 November following
 * the end of the invoice's financial year (Finance Act 2022, s.100, in force 1 October 2022, which
 * reached FY 2021-22 invoices since their old limit, the September 2022 return due 20 October 2022,
 * had not yet passed), or 30 November 2021 for FY 2017-18 to 2020-21 (s.16(5)). The "or the annual
 * return, if earlier" alternative depends on the buyer's own filing, which this data does not show.
 */
export function claimDeadline(invoiceDate: string): { claimBy: string; rule: string } {
  const fy = fyStartYear(invoiceDate);
  if (fy <= S16_5_LAST_FY) return { claimBy: S16_5_CLAIM_BY, rule: 'CGST Act s.16(5)' };
  return { claimBy: `${fy + 1}-11-30`, rule: 'CGST Act s.16(4)' };
}

/**
 * The last return period (YYYY-MM) whose GSTR-3B can carry the credit within `claimBy`: a month's
 * return can be filed only after the month ends, so a return filed by 30 November is at the latest
 * October's (due 20 November). November's return is filed in December, after the limit.
 */
export function lastPeriodToClaim(claimBy: string): string {
  return addMonths(claimBy.slice(0, 7), -1);
}

/**
 * r.37A was inserted by Notification 26/2022-Central Tax of 26 December 2022; GSTN first applied it
 * to credit availed in FY 2022-23 (reversal by 30 November 2023). Credit availed in earlier years had
 * its 30 September test date before the rule existed, so it is not applied to them.
 */
const RULE_37A_FIRST_FY = 2022;

/**
 * r.37A for credit availed in the return period (or on the date) `availed`: the supplier's GSTR-3B
 * must be filed by 30 September following the end of that financial year, or the buyer reverses the
 * credit in a GSTR-3B filed by 30 November of that year. null when r.37A does not reach that year.
 */
export function rule37aDates(availed: string): { fileBy: string; reverseBy: string; fy: number } | null {
  const fy = fyStartYear(availed);
  if (fy < RULE_37A_FIRST_FY) return null;
  return { fileBy: `${fy + 1}-09-30`, reverseBy: `${fy + 1}-11-30`, fy };
}

/**
 * The day of the month on which a month's GSTR-2B closes for what a supplier files. CGST Rules
 * r.60(7)(i): a monthly supplier's GSTR-1 goes into the GSTR-2B of a month when furnished from the
 * day after the previous month's GSTR-1 due date to the month's own (the 11th of the next month);
 * r.60(7)(ii): a quarterly supplier's GSTR-1 or IFF by the IFF and quarterly GSTR-1 due dates (the 13th).
 */
function gstr2bCutOffDay(supplierFrequency: FilingFrequency): number {
  return supplierFrequency === 'monthly' ? 11 : 13;
}

/**
 * The buyer's GSTR-2B period a supplier's GSTR-1 (or IFF) filed on `filedOn` reaches: a filing up to
 * the cut-off day (gstr2bCutOffDay) lands in the previous month's GSTR-2B, a later one in its own
 * month's; never before the invoice's own period `period`. This is a monthly buyer's GSTR-2B: the
 * buyer's frequency is not in the data, and a quarterly buyer claims through a quarter's GSTR-2Bs,
 * which is never earlier.
 */
export function gstr2bPeriod(filedOn: string, period: string, supplierFrequency: FilingFrequency): string {
  const month = filedOn.slice(0, 7);
  const reached = Number(filedOn.slice(8, 10)) <= gstr2bCutOffDay(supplierFrequency) ? addMonths(month, -1) : month;
  return reached < period ? period : reached;
}

/**
 * The last day a supplier's GSTR-1 can be filed for the invoice to reach a GSTR-2B whose return can
 * still carry the credit by `claimBy`: the cut-off day of the month after lastPeriodToClaim
 * (30 November → October's GSTR-2B, closing 11 November for a monthly supplier, 13 November for a
 * quarterly one). A later filing reaches November's GSTR-2B at the earliest, whose GSTR-3B is filed
 * after the limit.
 */
export function lastGstr1DateForClaim(claimBy: string, supplierFrequency: FilingFrequency): string {
  return `${addMonths(lastPeriodToClaim(claimBy), 1)}-${gstr2bCutOffDay(supplierFrequency)}`;
}
