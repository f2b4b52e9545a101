import { dueDates, type ReturnFilingEntry, type ReturnType } from '../gst-returns.js';
import { fyLabel, rule37aDates } from './financial-year.js';
import { reason } from './reasons.js';
import type { ItcInvoice, ItcReason, SupplierFacts } from './types.js';
import { periodLabel, readableDate } from './wording.js';

export interface FilingOutcome {
  reasons: ItcReason[];
  /** r.37A's reversal date, when the supplier's GSTR-3B for the period is missing past its due date. */
  reverseBy: string | null;
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
    };
  }

  const reasons: ItcReason[] = [];
  const notYetDue: string[] = [];
  const due = dueDates(period, supplier.filingFrequency);
  let reverseBy: string | null = null;

  const gstr1 = firstFiling(supplier.filings, period, 'GSTR1', today);
  // Before 1 January 2022 the matching condition was CGST Rules r.36(4) (credit beyond GSTR-2A capped);
  // an invoice whose claim window closed before then could only ever have been taken under it.
  const gstr1Rule = claimBy < S16_2_AA_FROM ? 'CGST Rules r.36(4)' : undefined;
  if (gstr1 === null && today > due.gstr1) {
    reasons.push(
      reason(
        'gstr1_not_filed',
        `The supplier has not filed GSTR-1 for ${label} (due ${readableDate(due.gstr1)}): the invoice cannot reach your GSTR-2B, and credit is admissible only for invoices the supplier has furnished. Ask the supplier to file or report it; ${today > claimBy ? `the time limit to take the credit, ${readableDate(claimBy)}, has passed` : `take the credit once it shows in GSTR-2B, by ${readableDate(claimBy)}`}.`,
        gstr1Rule,
      ),
    );
  } else if (gstr1 === null) {
    notYetDue.push(`GSTR-1 (due ${readableDate(due.gstr1)})`);
  } else if (gstr1 > due.gstr1) {
    reasons.push(
      reason(
        'gstr1_filed_late',
        `The supplier filed GSTR-1 for ${label} late, on ${readableDate(gstr1)} (due ${readableDate(due.gstr1)}): the invoice reached GSTR-2B late, but the condition is met.`,
      ),
    );
  }

  // r.37A counts the financial year in which the buyer took the credit: the buyer's word when given,
  // else the invoice's own year (the usual case: credit taken in the invoice's month or soon after).
  const availed = invoice.availedIn ?? invoice.date;
  const r37a = rule37aDates(availed);
  const gstr3b = firstFiling(supplier.filings, period, 'GSTR3B', today);
  if (gstr3b === null && today > due.gstr3b) {
    const later =
      r37a === null
        ? ''
        : ` If it is still not filed on ${readableDate(r37a.fileBy)}, credit taken in FY ${fyLabel(r37a.fy)} must be reversed by ${readableDate(r37a.reverseBy)} (r.37A).`;
    reasons.push(
      reason(
        'gstr3b_not_filed',
        `The supplier has not filed GSTR-3B for ${label} (due ${readableDate(due.gstr3b)}), so the tax on the invoice has not been paid through a return; credit depends on it being paid.${later}`,
      ),
    );
    if (r37a !== null) {
      reverseBy = r37a.reverseBy;
      if (today > r37a.fileBy) reasons.push(rule37aReason(label, r37a, today, gstr1 === null));
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
          `The supplier filed GSTR-3B for ${label} only on ${readableDate(gstr3b)}, after ${readableDate(r37a.fileBy)}: credit taken in FY ${fyLabel(r37a.fy)} had to be reversed by ${readableDate(r37a.reverseBy)} (r.37A). If you reversed it, you may take it again in a later GSTR-3B; if you did not, interest is due for the time it was held.`,
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
  return { reasons, reverseBy };
}

function rule37aReason(label: string, r37a: { fileBy: string; reverseBy: string; fy: number }, today: string, gstr1Missing: boolean): ItcReason {
  const when =
    today > r37a.reverseBy
      ? `The reversal was due by ${readableDate(r37a.reverseBy)}: reverse it now; interest under s.50 is payable on it.`
      : `Reverse it in a GSTR-3B filed on or before ${readableDate(r37a.reverseBy)}; after that it is payable with interest under s.50.`;
  // r.37A speaks of invoices the supplier furnished in GSTR-1; without GSTR-1 the credit fails
  // s.16(2)(aa) as well, so the advice to reverse holds either way and both are cited.
  const rule = gstr1Missing ? 'CGST Rules r.37A; CGST Act s.16(2)(aa)' : undefined;
  return reason(
    'rule_37a_reversal',
    `The supplier had not filed GSTR-3B for ${label} by ${readableDate(r37a.fileBy)}. If you took this credit in FY ${fyLabel(r37a.fy)}, it must be reversed. ${when} You may take it again once the supplier files; if you have not taken it, wait until then.`,
    rule,
  );
}
