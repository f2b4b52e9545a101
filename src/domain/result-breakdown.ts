/**
 * What a bulk job's results are counted and filtered by (docs/bulk.md "Breakdown, result rows, problems", additions): each
 * row's outcome, and for the operations whose record has one field a reviewer sorts suppliers
 * by, that field's value. This table is the one place that says which field that is; the job
 * status's `breakdown`, the results listing's `field=`/`value=` filter and the console's
 * "problems only" switch all read it.
 */
import type { BulkOperationName } from './operations.js';

/**
 * A row's outcome: its result status, except that a row repeating an earlier one (verified and
 * billed once, with that row) is a `duplicate`, as the job status counts it apart from `ok`.
 */
export const ROW_OUTCOMES = ['ok', 'not_found', 'failed', 'invalid', 'cancelled', 'duplicate'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export interface KeyField {
  /** Its name in the breakdown and the `field=` filter. */
  name: string;
  /** Where it is in the record (`data`), for the documentation. */
  path: string;
  /** The value that is no cause for concern; any other is a problem (see isProblem). */
  fine: string;
  read: (data: Record<string, unknown>) => unknown;
}

const dig = (data: Record<string, unknown>, ...path: string[]): unknown => {
  let value: unknown = data;
  for (const step of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined;
  return value;
};

/** The key field of each operation that has one; the others are counted and filtered by outcome only. */
export const KEY_FIELDS: Partial<Record<BulkOperationName, KeyField>> = {
  'gst.verify': { name: 'status', path: 'data.status', fine: 'Active', read: (d) => d.status },
  business360: { name: 'level', path: 'data.summary.risk.level', fine: 'low', read: (d) => dig(d, 'summary', 'risk', 'level') },
  'pan.verify': { name: 'valid', path: 'data.valid', fine: 'true', read: (d) => d.valid },
  'mca.company': { name: 'status', path: 'data.status', fine: 'Active', read: (d) => d.status },
  // An invoice of a purchase register (itc.check): anything but eligible needs a look.
  'itc.check': { name: 'verdict', path: 'data.verdict', fine: 'eligible', read: (d) => d.verdict },
};

/** The key field's value of a row's record as text (booleans 'true'/'false'); undefined when it has none. */
export function keyFieldValue(operation: BulkOperationName, data: unknown): string | undefined {
  const field = KEY_FIELDS[operation];
  if (field === undefined || data === null || typeof data !== 'object') return undefined;
  const value = field.read(data as Record<string, unknown>);
  return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * A row someone should look at: any outcome but `ok` (a duplicate takes its first row's), or an
 * `ok` record whose key field is not its fine value (a GSTIN not Active, a risk not low, a PAN
 * not valid, a company not Active).
 */
export function isProblem(operation: BulkOperationName, outcome: RowOutcome, status: string, key: string | undefined): boolean {
  const settled = outcome === 'duplicate' ? status : outcome;
  if (settled !== 'ok') return true;
  const field = KEY_FIELDS[operation];
  return field !== undefined && key !== undefined && key.toLowerCase() !== field.fine.toLowerCase();
}

/** The job status's `breakdown`: rows by outcome, and by the key field's value (when the operation has one). */
export type Breakdown = { outcome: Record<RowOutcome, number> } & Record<string, Record<string, number>>;

/** Counts rows as finalize writes them, in one pass, without keeping any. */
export class BreakdownTally {
  private readonly outcome = Object.fromEntries(ROW_OUTCOMES.map((o) => [o, 0])) as Record<RowOutcome, number>;
  private readonly values = new Map<string, number>();

  constructor(private readonly operation: BulkOperationName) {}

  add(outcome: RowOutcome, key: string | undefined): void {
    this.outcome[outcome]++;
    if (key !== undefined) this.values.set(key, (this.values.get(key) ?? 0) + 1);
  }

  result(): Breakdown {
    const field = KEY_FIELDS[this.operation];
    const breakdown = { outcome: { ...this.outcome } } as Breakdown;
    if (field !== undefined) breakdown[field.name] = Object.fromEntries([...this.values].sort(([, a], [, b]) => b - a));
    return breakdown;
  }
}
