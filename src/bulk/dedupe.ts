import { FingerprintTable } from './fingerprint-table.js';
import type { RowResult } from './intake/row-request.js';

export type DedupeMark = { status: 'invalid' } | { status: 'first' } | { status: 'duplicate'; of: number };

/** The job's row counts as a job's status reports them (docs/bulk.md "Status"). */
export interface RowCounts {
  /** Every data row: valid + invalid. */
  total: number;
  /** Rows whose request validated, duplicates included. */
  valid: number;
  invalid: number;
  /** Valid rows repeating an earlier row's request: verified and billed once, with that row. */
  duplicates: number;
}

/**
 * Marks each valid row as the first with its request or a duplicate of an earlier row.
 * Feed rows in input order. It keeps a fingerprint and the first row number per distinct
 * request (16 bytes, see FingerprintTable), so memory grows slowly with distinct requests.
 */
export class RowDeduper {
  private readonly firstRowByKey = new FingerprintTable();
  private readonly tally: RowCounts = { total: 0, valid: 0, invalid: 0, duplicates: 0 };

  add(row: number, result: RowResult): DedupeMark {
    this.tally.total += 1;
    if (!result.ok) {
      this.tally.invalid += 1;
      return { status: 'invalid' };
    }
    this.tally.valid += 1;
    const first = this.firstRowByKey.firstRowOf(result.key, row);
    if (first !== undefined) {
      this.tally.duplicates += 1;
      return { status: 'duplicate', of: first };
    }
    return { status: 'first' };
  }

  /** Distinct requests so far: what the job verifies and reserves money for. */
  get unique(): number {
    return this.tally.valid - this.tally.duplicates;
  }

  counts(): RowCounts {
    return { ...this.tally };
  }
}
