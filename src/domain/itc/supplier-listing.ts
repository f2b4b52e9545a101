/**
 * A bulk ITC check's suppliers as JSON (GET /v1/bulk/jobs/{id}/suppliers): the lines of
 * suppliers.jsonl, which finalize writes beside suppliers.csv from the same ranked summaries.
 * JSON, not the CSV read back: the CSV's cells are formula-escaped for spreadsheets and may
 * hold quoted newlines, so a page could not start at a line's byte and keep exact values.
 * The file's first line is the totals, so any page can give them without reading the rest.
 */
import { paiseToInr } from '../operations.js';
import type { SupplierSummary } from './register-results.js';
import type { ItcVerdict } from './types.js';

export interface SupplierListingLine {
  /** 1 for the supplier with the most tax at risk. */
  rank: number;
  gstin: string;
  name: string;
  invoices: number;
  tax_inr: number;
  tax_at_risk_inr: number;
  worst_verdict: ItcVerdict | null;
  earliest_deadline: string | null;
  verdicts: Record<ItcVerdict, number>;
  gst_status: string;
  taxpayer_type: string;
  filing_frequency: string;
  check_status: string;
  error_message: string;
  charged_inr: number;
}

export interface SupplierListingTotals {
  suppliers: number;
  /** Suppliers with some tax at risk, or whose checks were not delivered. */
  suppliers_needing_action: number;
  invoices: number;
  tax_inr: number;
  tax_at_risk_inr: number;
  earliest_deadline: string | null;
  verdicts: Record<ItcVerdict, number>;
  charged_inr: number;
}

export function supplierListingLine(summary: SupplierSummary, rank: number): SupplierListingLine {
  return {
    rank,
    gstin: summary.gstin,
    name: summary.name,
    invoices: summary.invoices,
    tax_inr: paiseToInr(summary.taxPaise),
    tax_at_risk_inr: paiseToInr(summary.taxAtRiskPaise),
    worst_verdict: summary.worstVerdict,
    earliest_deadline: summary.earliestDeadline,
    verdicts: { ...summary.byVerdict },
    gst_status: summary.gstStatus,
    taxpayer_type: summary.taxpayerType,
    filing_frequency: summary.filingFrequency,
    check_status: summary.status,
    error_message: summary.error,
    charged_inr: paiseToInr(summary.chargedPaise),
  };
}

/** The job's totals over every supplier (summed in paise, so rupees add up exactly). */
export function supplierListingTotals(ranked: readonly SupplierSummary[]): SupplierListingTotals {
  const verdicts: Record<ItcVerdict, number> = { eligible: 0, at_risk: 0, reverse: 0, blocked: 0, unknown: 0 };
  let invoices = 0;
  let taxPaise = 0;
  let atRiskPaise = 0;
  let chargedPaise = 0;
  let needing = 0;
  let earliest: string | null = null;
  for (const s of ranked) {
    invoices += s.invoices;
    taxPaise += s.taxPaise;
    atRiskPaise += s.taxAtRiskPaise;
    chargedPaise += s.chargedPaise;
    if (s.taxAtRiskPaise > 0 || s.status !== 'ok') needing++;
    if (s.earliestDeadline !== null && (earliest === null || s.earliestDeadline < earliest)) earliest = s.earliestDeadline;
    for (const verdict of Object.keys(verdicts) as ItcVerdict[]) verdicts[verdict] += s.byVerdict[verdict];
  }
  return {
    suppliers: ranked.length,
    suppliers_needing_action: needing,
    invoices,
    tax_inr: paiseToInr(taxPaise),
    tax_at_risk_inr: paiseToInr(atRiskPaise),
    earliest_deadline: earliest,
    verdicts,
    charged_inr: paiseToInr(chargedPaise),
  };
}

/** suppliers.jsonl: the totals line, then one line per supplier in rank order. */
export function* supplierListingLines(ranked: readonly SupplierSummary[]): Generator<string> {
  yield JSON.stringify({ totals: supplierListingTotals(ranked) });
  for (const [index, summary] of ranked.entries()) yield JSON.stringify(supplierListingLine(summary, index + 1));
}
