import { dueDates, type ReturnFilingEntry, type ReturnType } from '../gst-returns.js';
import { fyLabel, gstr2bPeriod, lastGstr1DateForClaim, lastPeriodToClaim, rule37aDates } from './financial-year.js';
import { reason } from './reasons.js';
import type { ItcInvoice, ItcReason, SupplierFacts } from './types.js';
import { periodLabel, readableDate, readableMonth } from './wording.js';

export interface FilingOutcome {
  reasons: ItcReason[];
  /** r.37A's reversal date, when the supplier's GSTR-3B for the period is missing past its due date. */
  reverseBy: string | null;
  /** The supplier's GSTR-1 was filed too late for the credit to be taken within the s.16(4) limit. */
  gstr1TooLate: boolean;
}

/** s.16(2)(aa) took effect on 1 January 2022 (Finance Act 2021 s.109, Notification 39/2021-CT). */
const S16_2_AA_FROM = '2022-01-01';

/**
 * The first filing of a return for a period, as of `today`. A return re-filed or reported twice
 * counts from its first filing (as GST Returns counts it); a filing dated after `today` (data ahead of
 * a moved sandbox clock) has not happened yet.
 */
function firstFiling(filings: readonly ReturnFilingEntry[], period: string, type: ReturnType, today: string): string | null {
  let first: string | null = null;
  for (const f of filings) {
    if (f.period !== period || f.returnType !== type || f.filedOn > today) continue;
    if (first === null || f.filedOn < first) first = f.filedOn;
  }
  return first;
}

/**
 * s.16(2)(aa) (GSTR-1), s.16(2)(c) (GSTR-3B) and r.37A for the invoice's return period. "Not filed"
 * counts from the day after the due date (as GST Returns lists a period), and due dates are those of
 * dueDates(): 11th/20th monthly, 13th/22nd quarterly (the 24th-day states' GSTR-3B is taken as the
 * 22nd, as GST Returns does).
 */
export function filingReasons(supplier: SupplierFacts, invoice: ItcInvoice, period: string, today: string, claimBy: string): FilingOutcome {
  const label = periodLabel(period, supplier.filingFrequency);
  if (period < supplier.filingsFrom) {
    return {
      reasons: [
        reason(
          'filing_data_not_available',
          `The filing data reaches back to ${supplier.filingsFrom}; whether the supplier filed GSTR-1 and GSTR-3B for ${label} is not known.`,
        ),
      ],
      reverseBy: null,
      gstr1TooLate: false,
    };
  }

  const reasons: ItcReason[] = [];
  const notYetDue: string[] = [];
  const due = dueDates(period, supplier.filingFrequency);
  let reverseBy: string | null = null;

  const gstr1 = firstFiling(supplier.filings, period, 'GSTR1', today);
  // Before 1 January 2022 the matching condition was CGST Rules r.36(4) (credit beyond GSTR-2A capped);
  // an invoice whose claim window closed before then could only ever have been taken under it.
  const strictMatching = claimBy >= S16_2_AA_FROM;
  const gstr1Rule = strictMatching ? undefined : 'CGST Rules r.36(4)';
  // The last day a GSTR-1 can be filed for the invoice to reach a GSTR-2B whose return is filed by claimBy.
  const lastGstr1 = lastGstr1DateForClaim(claimBy, supplier.filingFrequency);
  const lastPeriod = lastPeriodToClaim(claimBy);
  const iffCaveat =
    supplier.filingFrequency === 'quarterly' && period !== invoice.date.slice(0, 7)
      ? ' (unless the supplier furnished the invoice earlier through the IFF, which this data does not show)'
      : '';
  let gstr1TooLate = false;
  if (gstr1 === null && today > due.gstr1) {
    const advice =
      today > claimBy
        ? `the time limit to take the credit, ${readableDate(claimBy)}, has passed, so it can no longer be taken even if the supplier files now; credit already taken without the invoice in GSTR-2B should be reversed.`
        : strictMatching && today > lastGstr1
          ? `even if the supplier files now, the invoice reaches a GSTR-2B only after ${readableMonth(lastPeriod)}'s, and that return is filed after the time limit, ${readableDate(claimBy)}: the credit can no longer be taken in time.`
          : `it must be filed by ${readableDate(strictMatching ? lastGstr1 : claimBy)} for the credit to be taken in time; take it once the invoice shows in your GSTR-2B, by ${readableDate(claimBy)}.`;
    reasons.push(
      reason(
        'gstr1_not_filed',
        `The supplier has not filed GSTR-1 for ${label} (due ${readableDate(due.gstr1)}): the invoice cannot reach your GSTR-2B, and credit is admissible only for invoices the supplier has furnished. Ask the supplier to file or report it; ${advice}`,
        gstr1Rule,
      ),
    );
  } else if (gstr1 === null) {
    notYetDue.push(`GSTR-1 (due ${readableDate(due.gstr1)})`);
  } else if (strictMatching && gstr1 > lastGstr1) {
    // Filed, but too late: the invoice reached GSTR-2B only for a period whose return is filed after
    // the s.16(4) limit. Before it reached GSTR-2B, r.36(4)/s.16(2)(aa) were not met; after, s.16(4) bars it.
    gstr1TooLate = true;
    reasons.push(
      reason(
        'gstr1_filed_after_time_limit',
        `The supplier filed GSTR-1 for ${label} only on ${readableDate(gstr1)}: the invoice reached your GSTR-2B for ${readableMonth(gstr2bPeriod(gstr1, period, supplier.filingFrequency))} at the earliest${iffCaveat}. The time limit to take the credit is ${readableDate(claimBy)}, so the last return that can carry it is ${readableMonth(lastPeriod)}'s, which needs the invoice in GSTR-1 by ${readableDate(lastGstr1)}. The credit could not be taken in time: do not take it, and reverse it if you took it.`,
      ),
    );
  } else if (gstr1 > due.gstr1) {
    const reached = strictMatching
      ? ` the invoice reached your GSTR-2B for ${readableMonth(gstr2bPeriod(gstr1, period, supplier.filingFrequency))}${iffCaveat}, so the credit can be taken in the return for that period or a later one, by ${readableDate(claimBy)}.`
      : ' the invoice reached your GSTR-2A late.';
    reasons.push(reason('gstr1_filed_late', `The supplier filed GSTR-1 for ${label} late, on ${readableDate(gstr1)} (due ${readableDate(due.gstr1)}):${reached}`));
  }

  // r.37A counts the financial year in which the buyer took the credit: the buyer's word when given,
  // else the invoice's own year (the usual case: credit taken in the invoice's month or soon after).
  const availed = invoice.availedIn ?? invoice.date;
  const r37a = rule37aDates(availed);
  const gstr3b = firstFiling(supplier.filings, period, 'GSTR3B', today);
  if (gstr3b === null && today > due.gstr3b) {
    // The conditional sentence only while its date is ahead: after it, rule_37a_reversal says what happened.
    const later =
      r37a === null || today > r37a.fileBy
        ? ''
        : ` If it is still not filed on ${readableDate(r37a.fileBy)}, ${creditTaken(invoice, r37a.fy)} must be reversed by ${readableDate(r37a.reverseBy)} (r.37A).`;
    reasons.push(
      reason(
        'gstr3b_not_filed',
        `The supplier has not filed GSTR-3B for ${label} (due ${readableDate(due.gstr3b)}), so the tax on the invoice has not been paid through a return; credit depends on it being paid.${later}`,
      ),
    );
    if (r37a !== null) {
      reverseBy = r37a.reverseBy;
      if (today > r37a.fileBy) reasons.push(rule37aReason(label, r37a, today, gstr1 === null, invoice.availedIn));
    }
  } else if (gstr3b === null) {
    notYetDue.push(`GSTR-3B (due ${readableDate(due.gstr3b)})`);
  } else {
    if (gstr3b > due.gstr3b) {
      reasons.push(
        reason(
          'gstr3b_filed_late',
          `The supplier filed GSTR-3B for ${label} late, on ${readableDate(gstr3b)} (due ${readableDate(due.gstr3b)}): the tax is paid, and the condition is met.`,
        ),
      );
    }
    if (r37a !== null && gstr3b > r37a.fileBy) {
      reasons.push(
        reason(
          'reavail_after_filing',
          `The supplier filed GSTR-3B for ${label} only on ${readableDate(gstr3b)}, after ${readableDate(r37a.fileBy)}: ${creditTaken(invoice, r37a.fy)} ${today > r37a.reverseBy ? 'had to be' : 'must be'} reversed by ${readableDate(r37a.reverseBy)} (r.37A). ${
            gstr1TooLate
              ? 'It cannot be taken again: the invoice reached GSTR-2B only after the time limit (see above).'
              : 'If you reversed it, you may take it again in a later GSTR-3B; if you did not, interest is due for the time it was held.'
          }`,
        ),
      );
    }
  }

  if (notYetDue.length > 0) {
    reasons.push(
      reason(
        'returns_not_yet_due',
        `The supplier's ${notYetDue.join(' and ')} for ${label} ${notYetDue.length > 1 ? 'are' : 'is'} not yet due, so nothing is at risk yet; check again after the due date.`,
      ),
    );
  }
  return { reasons, reverseBy, gstr1TooLate };
}

/** "the credit you took in FY 2024-25 (in the return for Jun 2024)" when the buyer said, else "credit taken in FY 2024-25". */
function creditTaken(invoice: ItcInvoice, fy: number): string {
  return invoice.availedIn === undefined ? `credit taken in FY ${fyLabel(fy)}` : `the credit you took in FY ${fyLabel(fy)} (in the return for ${readableMonth(invoice.availedIn)})`;
}

function rule37aReason(label: string, r37a: { fileBy: string; reverseBy: string; fy: number }, today: string, gstr1Missing: boolean, availedIn: string | undefined): ItcReason {
  const when =
    today > r37a.reverseBy
      ? `The reversal was due by ${readableDate(r37a.reverseBy)}: reverse it now; interest under s.50 is payable on it.`
      : `Reverse it in a GSTR-3B filed on or before ${readableDate(r37a.reverseBy)}; after that it is payable with interest under s.50.`;
  // r.37A speaks of invoices the supplier furnished in GSTR-1; without GSTR-1 the credit fails
  // s.16(2)(aa) as well, so the advice to reverse holds either way and both are cited.
  const rule = gstr1Missing ? 'CGST Rules r.37A; CGST Act s.16(2)(aa)' : undefined;
  return reason(
    'rule_37a_reversal',
    availedIn === undefined
      ? `The supplier had not filed GSTR-3B for ${label} by ${readableDate(r37a.fileBy)}. If you took this credit in FY ${fyLabel(r37a.fy)}, it must be reversed. ${when} You may take it again once the supplier files; if you have not taken it, wait until then.`
      : `The supplier had not filed GSTR-3B for ${label} by ${readableDate(r37a.fileBy)}. You took this credit in FY ${fyLabel(r37a.fy)} (in the return for ${readableMonth(availedIn)}), so it must be reversed. ${when} You may take it again once the supplier files.`,
    rule,
  );
}
