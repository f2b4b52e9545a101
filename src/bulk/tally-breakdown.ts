/**
 * The job status's `breakdown` (domain/result-breakdown.ts), counted while finalize writes the
 * result files: the rows pass through unchanged, so it costs no second read of the results.
 */
import { keyFieldValue, type BreakdownTally } from '../domain/result-breakdown.js';
import type { BulkOperationName } from '../domain/operations.js';
import type { RowResult } from './result-files.js';

export async function* tallied(operation: BulkOperationName, rows: AsyncIterable<readonly RowResult[]>, tally: BreakdownTally): AsyncGenerator<readonly RowResult[]> {
  for await (const batch of rows) {
    for (const row of batch) {
      // A chunk rendered its rows' key field; rows rendered here (invalid, older chunk files) are read from their data.
      tally.add(row.duplicateOf !== undefined ? 'duplicate' : row.status, row.rendered !== undefined ? row.rendered.key : keyFieldValue(operation, row.data));
    }
    yield batch;
  }
}
