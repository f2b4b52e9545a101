import { paiseToInr } from '../operations.js';
import type { GstRecord } from '../records.js';
import type { ItcInvoice, ItcInvoiceResult, ItcTotals, SupplierFacts } from './types.js';

/**
 * The `data` of POST /v1/gst/itc-check: the supplier as the checks saw it, the date the
 * verdicts hold at, each invoice in the order sent, and the totals. Money in rupees; an
 * invoice sent without `tax_inr` shows null, not ₹0.
 */
export function itcCheckData(
  registration: GstRecord,
  facts: SupplierFacts,
  sent: readonly ItcInvoice[],
  checked: { invoices: readonly ItcInvoiceResult[]; totals: ItcTotals },
  today: string,
) {
  return {
    supplier: {
      gstin: registration.gstin,
      legal_name: registration.legal_name,
      trade_name: registration.trade_name,
      status: registration.status,
      registration_date: registration.registration_date,
      cancellation_date: registration.cancellation_date,
      taxpayer_type: registration.taxpayer_type,
      filing_frequency: facts.filingFrequency,
      // How far back the filing history reached: an invoice of an earlier period is `unknown`.
      filings_from: facts.filingsFrom,
    },
    as_of: today,
    invoices: checked.invoices.map((result, i) => invoiceBody(result, sent[i])),
    totals: {
      invoices: checked.totals.invoices,
      by_verdict: checked.totals.byVerdict,
      tax_inr: paiseToInr(checked.totals.taxPaise),
      tax_at_risk_inr: paiseToInr(checked.totals.taxAtRiskPaise),
      earliest_deadline: checked.totals.earliestDeadline,
      next_deadline: checked.totals.nextDeadline,
    },
  };
}

export type ItcCheckData = ReturnType<typeof itcCheckData>;

/**
 * One checked invoice as the API and the bulk results show it: money in rupees, a tax not sent
 * as null (not ₹0), and `availed_in` echoed so a row read on its own says which return period
 * the verdict assumed.
 */
export function invoiceBody(result: ItcInvoiceResult, sent: ItcInvoice | undefined) {
  return {
    number: result.number,
    date: result.date,
    period: result.period,
    verdict: result.verdict,
    reasons: result.reasons.map(({ code, severity, message, rule }) => ({ code, severity, message, rule })),
    claim_by: result.claimBy,
    reverse_by: result.reverseBy,
    tax_inr: sent?.taxPaise === undefined ? null : paiseToInr(result.taxPaise),
    tax_at_risk_inr: paiseToInr(result.taxAtRiskPaise),
    availed_in: sent?.availedIn ?? null,
  };
}
