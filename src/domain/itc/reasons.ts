import type { ItcReason, ItcReasonCode, ItcVerdict, ReasonSeverity } from './types.js';

interface ReasonEntry {
  /** The verdict the reason forces at least; null for a reason that only informs. */
  verdict: Exclude<ItcVerdict, 'eligible'> | null;
  severity: ReasonSeverity;
  /** The provision cited (a message may cite a more precise one for its case). */
  rule: string;
}

/**
 * One entry per reason code: docs/itc-check.md shows the same table, and the sandbox scenarios are
 * checked against it (every code reachable). Severity follows the verdict: what blocks or must be
 * reversed is critical, what puts credit at risk or leaves it unknown is a warning, the rest informs;
 * two exceptions are marked where they stand.
 */
export const REASON_CATALOGUE: Readonly<Record<ItcReasonCode, ReasonEntry>> = Object.freeze({
  not_registered_on_invoice_date: { verdict: 'blocked', severity: 'critical', rule: 'CGST Act s.16(2)(a), s.31(1)' },
  cancelled_on_or_before_invoice_date: { verdict: 'blocked', severity: 'critical', rule: 'CGST Act s.29(2), s.16(2)(a)' },
  composition_supplier: { verdict: 'blocked', severity: 'critical', rule: 'CGST Act s.10(4), s.31(3)(c)' },
  claim_time_barred: { verdict: 'blocked', severity: 'critical', rule: 'CGST Act s.16(4)' },
  rule_37a_reversal: { verdict: 'reverse', severity: 'critical', rule: 'CGST Rules r.37A' },
  supplier_suspended: { verdict: 'at_risk', severity: 'warning', rule: 'CGST Rules r.21A(3)' },
  gstr1_not_filed: { verdict: 'at_risk', severity: 'warning', rule: 'CGST Act s.16(2)(aa)' },
  // Critical though only at_risk: on the data the credit is lost (it reached GSTR-2B after the last
  // return that could carry it), but a quarterly supplier's IFF, which the data does not show, could
  // have furnished it earlier, so it is not called blocked.
  gstr1_filed_after_time_limit: { verdict: 'at_risk', severity: 'critical', rule: 'CGST Act s.16(4), s.16(2)(aa); CGST Rules r.36(4), r.60(7)' },
  gstr3b_not_filed: { verdict: 'at_risk', severity: 'warning', rule: 'CGST Act s.16(2)(c)' },
  filing_data_not_available: { verdict: 'unknown', severity: 'warning', rule: 'CGST Act s.16(2)(aa), s.16(2)(c)' },
  registration_dates_unknown: { verdict: 'unknown', severity: 'warning', rule: 'CGST Act s.16(2)(a), s.29(2)' },
  returns_not_yet_due: { verdict: null, severity: 'info', rule: 'CGST Rules r.59, r.61' },
  gstr1_filed_late: { verdict: null, severity: 'info', rule: 'CGST Act s.37(1), s.16(2)(aa)' },
  gstr3b_filed_late: { verdict: null, severity: 'info', rule: 'CGST Act s.39(1), s.16(2)(c)' },
  reavail_after_filing: { verdict: null, severity: 'info', rule: 'CGST Rules r.37A, second proviso' },
  claim_window_closed: { verdict: null, severity: 'info', rule: 'CGST Act s.16(4)' },
  // A warning though it forces no verdict: the credit is fine, but it is lost unless taken within days.
  claim_window_closing: { verdict: null, severity: 'warning', rule: 'CGST Act s.16(4)' },
  cancelled_after_invoice_date: { verdict: null, severity: 'info', rule: 'CGST Act s.29(2)' },
});

export const REASON_CODES = Object.freeze(Object.keys(REASON_CATALOGUE) as ItcReasonCode[]);

export function reason(code: ItcReasonCode, message: string, rule?: string): ItcReason {
  const entry = REASON_CATALOGUE[code];
  return { code, severity: entry.severity, message, rule: rule ?? entry.rule };
}

const SEVERITY_RANK: Record<ReasonSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** Most severe first; reasons of one severity keep the order the rules were applied in. */
export function bySeverity(reasons: readonly ItcReason[]): ItcReason[] {
  return [...reasons].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

const VERDICT_RANK: Record<ItcVerdict, number> = { blocked: 0, reverse: 1, at_risk: 2, unknown: 3, eligible: 4 };

/**
 * Worst first: blocked > reverse > at_risk > unknown > eligible. Unknown ranks below at_risk because
 * a known risk asks for action and an unknown asks only for more data; `eligible` for an empty list.
 */
export function worstVerdict(verdicts: readonly ItcVerdict[]): ItcVerdict {
  let worst: ItcVerdict = 'eligible';
  for (const verdict of verdicts) if (VERDICT_RANK[verdict] < VERDICT_RANK[worst]) worst = verdict;
  return worst;
}

/** The verdict a set of reasons adds up to. */
export function verdictOf(reasons: readonly ItcReason[]): ItcVerdict {
  return worstVerdict(reasons.map((r) => REASON_CATALOGUE[r.code].verdict ?? 'eligible'));
}
