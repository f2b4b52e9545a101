import type { ItcInvoiceResult, ItcTotals, ItcVerdict } from './types.js';

const AT_RISK: ReadonlySet<ItcVerdict> = new Set(['at_risk', 'reverse', 'blocked']);

/** Whether an invoice's tax counts as at risk (at_risk, reverse or blocked). */
export function taxIsAtRisk(verdict: ItcVerdict): boolean {
  return AT_RISK.has(verdict);
}

/**
 * The date the buyer must act by for one checked invoice, or null: reverse_by when the supplier's
 * GSTR-3B is missing (even if passed: the reversal is still owed, with interest), and claim_by when
 * the credit is not blocked and the limit is still ahead (a passed limit leaves nothing to do).
 */
export function actionDeadline(result: ItcInvoiceResult, today: string): string | null {
  return earliest(actionDates(result, today));
}

/** The dates actionDeadline chooses from. */
function actionDates(result: ItcInvoiceResult, today: string): string[] {
  const dates: string[] = [];
  if (result.reverseBy !== null && (result.verdict === 'reverse' || result.verdict === 'at_risk')) dates.push(result.reverseBy);
  if (result.claimBy !== null && result.verdict !== 'blocked' && result.claimBy >= today) dates.push(result.claimBy);
  return dates;
}

function earliest(dates: readonly string[]): string | null {
  return dates.length === 0 ? null : dates.reduce((a, b) => (b < a ? b : a));
}

/** Totals over any set of checked invoices: one call's, or one supplier's across a bulk job's chunks. */
export function summarize(results: readonly ItcInvoiceResult[], today: string): ItcTotals {
  const byVerdict: Record<ItcVerdict, number> = { eligible: 0, at_risk: 0, reverse: 0, blocked: 0, unknown: 0 };
  let taxPaise = 0;
  let taxAtRiskPaise = 0;
  const dates: string[] = [];
  for (const r of results) {
    byVerdict[r.verdict]++;
    taxPaise += r.taxPaise;
    taxAtRiskPaise += r.taxAtRiskPaise;
    dates.push(...actionDates(r, today));
  }
  // earliestDeadline may be a passed reverse_by (still owed); nextDeadline is the first one not yet
  // passed (today counts: it can still be met), so an imminent claim_by is not hidden behind it.
  return {
    invoices: results.length,
    byVerdict,
    taxPaise,
    taxAtRiskPaise,
    earliestDeadline: earliest(dates),
    nextDeadline: earliest(dates.filter((d) => d >= today)),
  };
}
