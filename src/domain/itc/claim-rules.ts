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
export function claimReasons(invoice: ItcInvoice, today: string): ClaimOutcome {
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
  } else if (today > claimBy) {
    reasons.push(
      reason(
        'claim_window_closed',
        `The time limit to take this credit was ${readableDate(claimBy)}${annualReturn}. If you took it in a return for ${readableMonth(lastPeriod)} or earlier, it stands; if you have not taken it, it can no longer be taken. Say in which return period you took it to have this checked.`,
        rule,
      ),
    );
  }
  return { claimBy, reasons };
}
