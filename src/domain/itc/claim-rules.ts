import { daysBetween } from '../dates.js';
import { claimDeadline, fyLabel, fyStartYear, lastPeriodToClaim } from './financial-year.js';
import { reason } from './reasons.js';
import type { ItcInvoice, ItcReason } from './types.js';
import { readableDate, readableMonth } from './wording.js';

export interface ClaimOutcome {
  claimBy: string;
  reasons: ItcReason[];
}

/**
 * The s.16(4)/(5) time limit. With `availedIn`, credit taken in a return for a period after the last
 * one that can be filed by the limit is time-barred (blocked). Without it, a passed limit does not
 * block: most buyers took the credit in time, and calling their invoices blocked would be false for
 * them; the reason says so and asks for the period the credit was taken in.
 */
/** claim_window_closing is given when claim_by is today or up to this many days ahead. */
export const CLAIM_WINDOW_CLOSING_DAYS = 30;

/**
 * `gstr1TooLate`: the supplier's GSTR-1 reached GSTR-2B only after the limit (filing-rules'
 * gstr1_filed_after_time_limit says so); then neither "it stands" nor "take it by" is true, so the
 * window notes are left out.
 */
export function claimReasons(invoice: ItcInvoice, today: string, gstr1TooLate = false): ClaimOutcome {
  const { claimBy, rule } = claimDeadline(invoice.date);
  const fy = fyLabel(fyStartYear(invoice.date));
  const lastPeriod = lastPeriodToClaim(claimBy);
  const annualReturn = rule === 'CGST Act s.16(4)' ? ` (or earlier, if you filed your annual return for FY ${fy} before then)` : '';
  const reasons: ItcReason[] = [];
  if (invoice.availedIn !== undefined) {
    if (invoice.availedIn > lastPeriod) {
      reasons.push(
        reason(
          'claim_time_barred',
          `The credit was taken in the return for ${readableMonth(invoice.availedIn)}, which is filed after ${readableDate(claimBy)}, the time limit for invoices of FY ${fy}${annualReturn}: credit taken after the limit is not admissible.`,
          rule,
        ),
      );
    }
  } else if (gstr1TooLate) {
    // Said by gstr1_filed_after_time_limit.
  } else if (today > claimBy) {
    reasons.push(
      reason(
        'claim_window_closed',
        `The time limit to take this credit was ${readableDate(claimBy)}${annualReturn}. If you took it in a return for ${readableMonth(lastPeriod)} or earlier, it stands; if you have not taken it, it can no longer be taken. Say in which return period you took it to have this checked.`,
        rule,
      ),
    );
  } else if (daysBetween(today, claimBy) <= CLAIM_WINDOW_CLOSING_DAYS) {
    const days = daysBetween(today, claimBy);
    reasons.push(
      reason(
        'claim_window_closing',
        `The time limit to take this credit is ${readableDate(claimBy)}${days === 0 ? ', today' : days === 1 ? ', tomorrow' : `, in ${days} days`}${annualReturn}: if you have not taken it yet, take it in the return for ${readableMonth(lastPeriod)} or earlier, filed by then; after that it is lost.`,
        rule,
      ),
    );
  }
  return { claimBy, reasons };
}
