import type { ReturnFilingEntry } from '../gst-returns.js';
import type { FilingFrequency, GstStatus, TaxpayerType } from '../records.js';

/**
 * What the buyer should make of one purchase invoice's input tax credit (ITC):
 * - `eligible`: nothing in the supplier's public registration and filing data stands in the way;
 * - `at_risk`: a condition of s.16(2) is not (yet) met on the supplier's side, or the supplier is suspended;
 * - `reverse`: CGST Rules r.37A requires the buyer to reverse credit already taken;
 * - `blocked`: the credit is not admissible (supplier not registered on the invoice date, composition
 *   supplier, or taken after the s.16(4) time limit);
 * - `unknown`: the data does not reach far enough to say.
 */
export type ItcVerdict = 'eligible' | 'at_risk' | 'reverse' | 'blocked' | 'unknown';
export type ReasonSeverity = 'info' | 'warning' | 'critical';

/**
 * Stable reason codes (clients branch on these; the messages may be reworded). The verdict each one
 * forces, its severity and the rule it cites are in REASON_CATALOGUE (reasons.ts) and docs/itc-check.md.
 */
export type ItcReasonCode =
  | 'not_registered_on_invoice_date'
  | 'cancelled_on_or_before_invoice_date'
  | 'composition_supplier'
  | 'claim_time_barred'
  | 'rule_37a_reversal'
  | 'supplier_suspended'
  | 'gstr1_not_filed'
  | 'gstr1_filed_after_time_limit'
  | 'gstr3b_not_filed'
  | 'filing_data_not_available'
  | 'registration_dates_unknown'
  | 'returns_not_yet_due'
  | 'gstr1_filed_late'
  | 'gstr3b_filed_late'
  | 'reavail_after_filing'
  | 'claim_window_closed'
  | 'claim_window_closing'
  | 'cancelled_after_invoice_date';

export interface ItcReason {
  code: ItcReasonCode;
  severity: ReasonSeverity;
  /** Plain language, with the dates that apply. */
  message: string;
  /** The provision cited, e.g. "CGST Act s.16(2)(aa)", "CGST Rules r.37A". */
  rule: string;
}

/** The supplier as the registration (GST Verify) and filing (GST Returns) checks see it. */
export interface SupplierFacts {
  gstin: string;
  /** As of today. */
  status: GstStatus;
  /** YYYY-MM-DD, the effective date of registration ('' when the source does not give it). */
  registrationDate: string;
  /**
   * YYYY-MM-DD, the effective date of cancellation. It may be earlier than the day it was ordered:
   * s.29(2) allows cancellation "from such date, including any retrospective date".
   */
  cancellationDate: string | null;
  /** Current type: the data has no history of opting in or out of composition. */
  taxpayerType: TaxpayerType;
  /** Current frequency: a quarter is its last month in `filings`. */
  filingFrequency: FilingFrequency;
  /** {period 'YYYY-MM' (quarter = its last month), returnType 'GSTR1'|'GSTR3B', filedOn 'YYYY-MM-DD'} */
  filings: readonly ReturnFilingEntry[];
  /** The earliest return period (YYYY-MM) the filing data covers; periods before it are beyond what the data reaches → 'unknown'. */
  filingsFrom: string;
}

export interface ItcInvoice {
  number: string;
  /** YYYY-MM-DD */
  date: string;
  /** The invoice's tax (IGST + CGST + SGST + cess) in paise. */
  taxPaise?: number;
  /** YYYY-MM: the buyer's return period in which the credit was taken, when the buyer says. */
  availedIn?: string;
}

export interface ItcInvoiceResult {
  number: string;
  date: string;
  /** The supplier's return period holding the invoice (a quarter → its last month). */
  period: string;
  verdict: ItcVerdict;
  /** Every reason that applies, most severe first; [] only if eligible with nothing to say. */
  reasons: ItcReason[];
  /** YYYY-MM-DD: the s.16(4)/(5) time limit for taking the credit; null when the credit is blocked. */
  claimBy: string | null;
  /** YYYY-MM-DD: where r.37A applies (supplier's GSTR-3B missing), the date the credit must be reversed by. */
  reverseBy: string | null;
  /** The invoice's tax (0 when it gave none). An addition to the agreed shape, so totals can be summed from results. */
  taxPaise: number;
  /** The invoice's tax when the verdict is at_risk, reverse or blocked, else 0. */
  taxAtRiskPaise: number;
}

export interface ItcTotals {
  invoices: number;
  byVerdict: Record<ItcVerdict, number>;
  taxPaise: number;
  taxAtRiskPaise: number;
  /**
   * The earliest date the buyer must act by: reverse_by of invoices to reverse or at risk (even if
   * passed: the reversal is still owed, with interest), and claim_by of invoices not blocked that is
   * still ahead (a passed claim_by needs no action). null when there is none. It may be a passed
   * reverse_by; nextDeadline is the earliest that is still ahead.
   */
  earliestDeadline: string | null;
  /** The earliest of the same dates that is today or later (what to act on next); null when none is. */
  nextDeadline: string | null;
}
