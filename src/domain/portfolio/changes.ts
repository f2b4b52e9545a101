/**
 * A portfolio run's change report (docs/portfolios.md "Change report"): what changed for each identifier
 * since the previous run of the same portfolio, each change with a severity.
 *
 * Rows (docs/bulk.md "Results", results.jsonl):
 * - Only `ok` and `not_found` are answers. `failed` is a transient upstream failure: the
 *   values are not known to have changed, so ok → failed (and failed → ok) is no change.
 *   `invalid`, `cancelled` and `duplicate` rows were never verified and compare to nothing.
 *   A change made while a row was failing is only seen if the caller passes, as `previous`,
 *   the last answered row of each identifier rather than the literal previous run's row.
 * - ok → not_found is one `status` change (high); not_found → ok is one (medium) and the
 *   record is not diffed, there being nothing to diff it against.
 * - An identifier new in this run is new, not changed: see `newIdentifiers`.
 *
 * Values are strings as the records carry them (dates `YYYY-MM-DD`, booleans
 * "true"/"false"); absent or blank is null. Text is compared ignoring case and runs of
 * spaces, because the live chain may answer from a different upstream than last time and
 * "United  Traders" vs "UNITED TRADERS" is not a change the customer should be woken for.
 *
 * `check` is the operation whose record the field belongs to, so a Business360 portfolio
 * reports its GST module's fields exactly as a gst.verify portfolio does (`gst.verify`,
 * `gst_status`), and `business360` is kept for what only Business360 has (risk).
 */
import { MODULE_CHECK, MODULES, type Business360Profile, type ModuleName } from '../business360/profile.js';
import type { CompanyRecord, DirectorsRecord, GstRecord, GstReturnsRecord, ReturnPeriod } from '../records.js';
import { describeChange } from './change-description.js';
import type { PortfolioOperation } from './operations.js';
import { supplierLabel } from './supplier-columns.js';

export type ChangeSeverity = 'high' | 'medium' | 'low';

export interface PortfolioChange {
  identifier: string;
  /** The supplier's name and code from the row's own columns (supplier-columns.ts), null when it has none. */
  vendor_name: string | null;
  vendor_code: string | null;
  check: string;
  field: string;
  /** `field`'s change as one plain sentence (change-description.ts). */
  description: string;
  before: string | null;
  after: string | null;
  severity: ChangeSeverity;
  detected_at: string;
}

export interface RunRow {
  status: 'ok' | 'not_found' | 'failed' | 'invalid' | 'cancelled' | 'duplicate' | string;
  /** The sync API's `data` for the operation when ok; anything (usually null) otherwise. */
  data: unknown;
  /** The row's columns as uploaded (results.jsonl `input`): where the supplier's name and code come from. */
  columns?: Readonly<Record<string, string>>;
}

export interface ChangeSummary {
  rows: number;
  /** Distinct identifiers with at least one change. */
  changed: number;
  /** High-severity changes (not identifiers). */
  new_high_severity: number;
}

type Finding = Omit<PortfolioChange, 'identifier' | 'vendor_name' | 'vendor_code' | 'description' | 'detected_at'>;

/**
 * A record read back from a results file: it went through JSON and the queue, so any field
 * may be missing or null. One odd record must cost its own row a few changes, not the report.
 */
type Loose<T> = T extends readonly (infer U)[]
  ? readonly (Loose<U> | null | undefined)[]
  : T extends object
    ? { readonly [K in keyof T]?: Loose<T[K]> | null }
    : T;

export function loose<T>(data: unknown): Loose<T> | null {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Loose<T>) : null;
}

function list<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function sameText(a: string | null, b: string | null): boolean {
  const key = (v: string | null) => (v === null ? null : v.replace(/\s+/g, ' ').trim().toUpperCase());
  return key(a) === key(b);
}

const isActive = (status: string | null): boolean => sameText(status, 'Active');

/** A function of the rendered values that decides how much one field's change matters. */
type SeverityRule = (before: string | null, after: string | null) => ChangeSeverity;

function field(check: string, name: string, before: unknown, after: unknown, rule: SeverityRule): Finding[] {
  const b = text(before);
  const a = text(after);
  return sameText(b, a) ? [] : [{ check, field: name, before: b, after: a, severity: rule(b, a) }];
}

/** Leaving Active (Cancelled, Suspended, anything else) is high; coming back is medium. */
const statusRule: SeverityRule = (_before, after) => (after === null || isActive(after) ? 'medium' : 'high');

/** Two records of different registrations/companies: comparing their fields would be noise. */
function differentSubject(a: unknown, b: unknown): boolean {
  const ta = text(a);
  const tb = text(b);
  return ta !== null && tb !== null && !sameText(ta, tb);
}

function gstFindings(prev: Loose<GstRecord>, cur: Loose<GstRecord>): Finding[] {
  const check = 'gst.verify';
  // Business360 by PAN profiles the oldest *active* GSTIN, so when that one is cancelled the
  // profile moves to another: the move is the change to report.
  if (differentSubject(prev.gstin, cur.gstin)) return field(check, 'gstin', prev.gstin, cur.gstin, () => 'medium');
  return [
    ...field(check, 'gst_status', prev.status, cur.status, statusRule),
    // A date appearing is a cancellation; one moving or vanishing (revoked) is a correction.
    ...field(check, 'cancellation_date', prev.cancellation_date, cur.cancellation_date, (b) => (b === null ? 'high' : 'medium')),
    // A composition dealer cannot charge GST, so the buyer loses input tax credit on it.
    ...field(check, 'taxpayer_type', prev.taxpayer_type, cur.taxpayer_type, (_b, a) => (a === 'Composition' ? 'medium' : 'low')),
    // A new legal name can mean a new constitution or owner; a trade name is just branding.
    ...field(check, 'legal_name', prev.legal_name, cur.legal_name, () => 'medium'),
    ...field(check, 'trade_name', prev.trade_name, cur.trade_name, () => 'low'),
    // e-invoicing follows turnover thresholds: it changes what invoices carry, not standing.
    ...field(check, 'einvoice_enabled', prev.einvoice_enabled, cur.einvoice_enabled, () => 'low'),
  ];
}

const RETURN_KEYS = ['gstr1', 'gstr3b'] as const;

/**
 * Filing gaps, one change per return and period (`periods.2026-09.gstr3b`), valued by the
 * return's status: a CSV row per gap filters and sorts better than `;`-joined period lists,
 * and a sliding 12-period window would change such lists every run without anything
 * happening. A return newly `not_filed` is high for GSTR-3B (the return that pays the tax)
 * and medium for GSTR-1; a gap that got filed (now `filed` or `late`) is low. A period that
 * left the window is not a change, nor is one that came into view from before the previous
 * run's oldest period (a cancellation moves the window back); filed ↔ late is no gap.
 */
function returnsFindings(prev: Loose<GstReturnsRecord>, cur: Loose<GstReturnsRecord>): Finding[] {
  const check = 'gst.returns';
  // The gst module reports a GSTIN move; periods of two registrations do not compare.
  if (differentSubject(prev.gstin, cur.gstin)) return [];
  const findings = field(check, 'filing_frequency', prev.filing_frequency, cur.filing_frequency, () => 'low');
  const before = new Map<string, Loose<ReturnPeriod>>();
  for (const p of list(prev.periods)) {
    const period = text(p?.period);
    if (p && period !== null) before.set(period, p);
  }
  const oldest = [...before.keys()].sort()[0];
  for (const p of list(cur.periods)) {
    const period = text(p?.period);
    if (!p || period === null) continue;
    const was = before.get(period);
    if (was === undefined && oldest !== undefined && period < oldest) continue;
    for (const key of RETURN_KEYS) {
      const b = text(was?.[key]?.status);
      const a = text(p[key]?.status);
      const name = `periods.${period}.${key}`;
      if (a === 'not_filed' && b !== 'not_filed') {
        findings.push({ check, field: name, before: b, after: a, severity: key === 'gstr3b' ? 'high' : 'medium' });
      } else if (b === 'not_filed' && a !== null && a !== 'not_filed') {
        findings.push({ check, field: name, before: b, after: a, severity: 'low' });
      }
    }
  }
  return findings;
}

const companyId = (c: Loose<CompanyRecord> | Loose<DirectorsRecord>): unknown => c.cin ?? c.llpin;

function companyFindings(prev: Loose<CompanyRecord>, cur: Loose<CompanyRecord>): Finding[] {
  const check = 'mca.company';
  if (differentSubject(companyId(prev), companyId(cur))) {
    const name = text(cur.llpin) !== null ? 'llpin' : 'cin';
    return field(check, name, companyId(prev), companyId(cur), () => 'medium');
  }
  // Active → Strike Off / Under Liquidation is high; a restoration back to Active is medium.
  return field(check, 'company_status', prev.status, cur.status, statusRule);
}

/**
 * Each director's DIN status, by DIN. A current director becoming Disqualified is high (it
 * raises DIRECTOR_DISQUALIFIED); a past director's is history, low; back to Approved is
 * medium. A new director is reported only when already Disqualified: board changes as
 * such are not asked for, a disqualified newcomer is.
 */
function directorsFindings(prev: Loose<DirectorsRecord>, cur: Loose<DirectorsRecord>): Finding[] {
  if (differentSubject(companyId(prev), companyId(cur))) return [];
  const before = new Map<string, string | null>();
  for (const d of list(prev.directors)) {
    const din = text(d?.din);
    if (din !== null) before.set(din, text(d?.din_status));
  }
  const findings: Finding[] = [];
  for (const d of list(cur.directors)) {
    const din = text(d?.din);
    if (!d || din === null) continue;
    const after = text(d.din_status);
    if (after === null) continue;
    const current = d.ceased_on === null || d.ceased_on === undefined;
    if (!before.has(din) && !sameText(after, 'Disqualified')) continue;
    findings.push(
      ...field('mca.directors', `directors.${din}.din_status`, before.get(din) ?? null, after, (_b, a) =>
        sameText(a, 'Approved') ? 'medium' : current ? 'high' : 'low',
      ),
    );
  }
  return findings;
}

const SEVERITY_RANK: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2 };

/** A rise to medium or high is that severity; any fall is low (good news, worth a line). */
const riseRule: SeverityRule = (before, after) => {
  const b = SEVERITY_RANK[before ?? ''] ?? -1;
  const a = SEVERITY_RANK[after ?? ''];
  return a !== undefined && a > b && a > 0 ? (after as ChangeSeverity) : 'low';
};

/**
 * MODULE_UNAVAILABLE says a module failed; failures are not changes (see the header), and
 * neither are the flags of a module that failed in either run vanishing or reappearing.
 */
function flagSeverities(profile: Loose<Business360Profile>, skip: ReadonlySet<string>): Map<string, string> {
  const byCode = new Map<string, string>();
  for (const flag of list(profile.summary?.risk?.flags)) {
    const code = text(flag?.code);
    if (code === null || code === 'MODULE_UNAVAILABLE' || skip.has(text(flag?.module) ?? '')) continue;
    const severity = text(flag?.severity) ?? 'medium';
    const seen = byCode.get(code);
    if (seen === undefined || (SEVERITY_RANK[severity] ?? -1) > (SEVERITY_RANK[seen] ?? -1)) byCode.set(code, severity);
  }
  return byCode;
}

function moduleStatusRule(before: string | null, after: string | null): ChangeSeverity | null {
  if (before === 'failed' || after === 'failed' || before === null || after === null || before === after) return null;
  if (before === 'ok') return after === 'not_found' ? 'high' : 'medium';
  return after === 'ok' && before === 'not_found' ? 'medium' : 'low';
}

/**
 * Business360: each module's status (ok → not_found high, not_found → ok medium, ok →
 * skipped medium, other moves low, anything with failed nothing), the module records that
 * are ok in both runs, and the risk: `risk.level` and one `risk.flags.<CODE>` per flag code,
 * valued by the flag's severity, by `riseRule` (a new flag counts as a rise from nothing).
 * The level is compared only when no module failed in either run: a failed module adds
 * MODULE_UNAVAILABLE and hides its own flags, so the level would move on a failure alone.
 */
function business360Findings(prev: Loose<Business360Profile>, cur: Loose<Business360Profile>): Finding[] {
  const findings: Finding[] = [];
  const failed = new Set<string>();
  for (const module of MODULES) {
    const b = text(prev[module]?.status);
    const a = text(cur[module]?.status);
    if (b === 'failed' || a === 'failed') failed.add(module);
    const severity = moduleStatusRule(b, a);
    if (severity !== null) findings.push({ check: MODULE_CHECK[module], field: 'status', before: b, after: a, severity });
  }
  const okBoth = (m: ModuleName): boolean => prev[m]?.status === 'ok' && cur[m]?.status === 'ok';
  const data = <T>(wrapper: { readonly data?: unknown } | null | undefined): Loose<T> => loose<T>(wrapper?.data) ?? ({} as Loose<T>);
  if (okBoth('gst')) findings.push(...gstFindings(data<GstRecord>(prev.gst), data<GstRecord>(cur.gst)));
  if (okBoth('gst_returns')) {
    findings.push(...returnsFindings(data<GstReturnsRecord>(prev.gst_returns), data<GstReturnsRecord>(cur.gst_returns)));
  }
  if (okBoth('company')) findings.push(...companyFindings(data<CompanyRecord>(prev.company), data<CompanyRecord>(cur.company)));
  if (okBoth('directors')) {
    findings.push(...directorsFindings(data<DirectorsRecord>(prev.directors), data<DirectorsRecord>(cur.directors)));
  }
  if (failed.size === 0) findings.push(...field('business360', 'risk.level', prev.summary?.risk?.level, cur.summary?.risk?.level, riseRule));
  const before = flagSeverities(prev, failed);
  const after = flagSeverities(cur, failed);
  for (const code of new Set([...before.keys(), ...after.keys()])) {
    findings.push(...field('business360', `risk.flags.${code}`, before.get(code), after.get(code), riseRule));
  }
  return findings;
}

function recordFindings(operation: PortfolioOperation, prev: unknown, cur: unknown): Finding[] {
  switch (operation) {
    case 'gst.verify':
      return gstFindings(loose<GstRecord>(prev) ?? {}, loose<GstRecord>(cur) ?? {});
    case 'gst.returns':
      return returnsFindings(loose<GstReturnsRecord>(prev) ?? {}, loose<GstReturnsRecord>(cur) ?? {});
    case 'business360':
      return business360Findings(loose<Business360Profile>(prev) ?? {}, loose<Business360Profile>(cur) ?? {});
  }
}

function rowFindings(operation: PortfolioOperation, prev: RunRow, cur: RunRow): Finding[] {
  if (prev.status === 'ok' && cur.status === 'ok') return recordFindings(operation, prev.data, cur.data);
  const status = (severity: ChangeSeverity): Finding[] => [
    { check: operation, field: 'status', before: prev.status, after: cur.status, severity },
  ];
  if (prev.status === 'ok' && cur.status === 'not_found') return status('high');
  if (prev.status === 'not_found' && cur.status === 'ok') return status('medium');
  return [];
}

/** Code-unit order, not localeCompare: the report must not depend on the server's locale. */
function order(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * The changes from `previous` to `current` (both keyed by the identifier each row was
 * verified by), sorted by identifier, check, field (then before, after, so that the order
 * never depends on map order).
 */
export function diffRuns(
  operation: PortfolioOperation,
  previous: ReadonlyMap<string, RunRow>,
  current: ReadonlyMap<string, RunRow>,
  detectedAt: string,
): PortfolioChange[] {
  const changes: PortfolioChange[] = [];
  for (const [identifier, cur] of current) {
    const prev = previous.get(identifier);
    if (prev === undefined) continue;
    const supplier = supplierLabel(cur.columns ?? prev.columns);
    for (const { check, field: name, before, after, severity } of rowFindings(operation, prev, cur)) {
      // Key order is the report's column order (changes-csv.ts), the JSON's too.
      const description = describeChange({ check, field: name, before, after });
      changes.push({ identifier, ...supplier, check, field: name, description, before, after, severity, detected_at: detectedAt });
    }
  }
  return changes.sort(
    (a, b) =>
      order(a.identifier, b.identifier) ||
      order(a.check, b.check) ||
      order(a.field, b.field) ||
      order(a.before, b.before) ||
      order(a.after, b.after),
  );
}

/** Identifiers in `current` that `previous` did not have, sorted: new, so never "changed". */
export function newIdentifiers(previous: ReadonlyMap<string, RunRow>, current: ReadonlyMap<string, RunRow>): string[] {
  return [...current.keys()].filter((identifier) => !previous.has(identifier)).sort((a, b) => order(a, b));
}

export function summarizeChanges(changes: readonly PortfolioChange[], rows: number): ChangeSummary {
  return {
    rows,
    changed: new Set(changes.map((change) => change.identifier)).size,
    new_high_severity: changes.filter((change) => change.severity === 'high').length,
  };
}
