import { isRealIsoDate } from '../dates.js';
import { claimReasons } from './claim-rules.js';
import { filingReasons } from './filing-rules.js';
import { claimDeadline } from './financial-year.js';
import { itcInvoiceProblems } from './input.js';
import { bySeverity, verdictOf } from './reasons.js';
import { invoicePeriod } from './return-period.js';
import { supplierReasons } from './supplier-rules.js';
import { summarize, taxIsAtRisk } from './totals.js';
import type { ItcInvoice, ItcInvoiceResult, ItcReason, ItcTotals, SupplierFacts } from './types.js';

export { worstVerdict } from './reasons.js';
export { periodsNeeded } from './return-period.js';

/**
 * The ITC check of one purchase invoice against its supplier's public registration and filing data,
 * as of `today` (YYYY-MM-DD in IST). The verdict is the worst any reason forces (worstVerdict).
 * Throws a RangeError naming the field for input itcInvoiceProblems() rejects: callers validate first.
 */
export function checkInvoice(supplier: SupplierFacts, invoice: ItcInvoice, today: string): ItcInvoiceResult {
  if (!isRealIsoDate(today)) throw new RangeError(`today must be a real date as YYYY-MM-DD, not ${JSON.stringify(today)}`);
  const problems = itcInvoiceProblems(invoice, today);
  if (problems.length > 0) {
    throw new RangeError(`invoice ${JSON.stringify(invoice.number)}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  }

  const period = invoicePeriod(invoice.date, supplier.filingFrequency);
  const supplierSide = supplierReasons(supplier, invoice.date);
  const { claimBy } = claimDeadline(invoice.date);
  const reasons: ItcReason[] = [...supplierSide.reasons];
  let reverseBy: string | null = null;
  if (!supplierSide.blocks) {
    const filing = filingReasons(supplier, invoice, period, today, claimBy);
    reasons.push(...filing.reasons, ...claimReasons(invoice, today, filing.gstr1TooLate).reasons);
    reverseBy = filing.reverseBy;
  }

  const sorted = bySeverity(reasons);
  const verdict = verdictOf(sorted);
  const taxPaise = invoice.taxPaise ?? 0;
  return {
    number: invoice.number,
    date: invoice.date,
    period,
    verdict,
    reasons: sorted,
    // A blocked credit has no time limit worth showing: it cannot be taken at all (the reasons say
    // which limit was missed when that is why).
    claimBy: verdict === 'blocked' ? null : claimBy,
    reverseBy,
    taxPaise,
    taxAtRiskPaise: taxIsAtRisk(verdict) ? taxPaise : 0,
  };
}

/** Every invoice of one supplier, in the order given, with their totals. */
export function checkInvoices(
  supplier: SupplierFacts,
  invoices: readonly ItcInvoice[],
  today: string,
): { invoices: ItcInvoiceResult[]; totals: ItcTotals } {
  const results = invoices.map((invoice) => checkInvoice(supplier, invoice, today));
  return { invoices: results, totals: summarize(results, today) };
}
