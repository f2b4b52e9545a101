/**
 * A bulk job's input as intake stores it (input.jsonl in the job's folder): the header line,
 * then every data row in upload order with what intake decided about it. Chunk jobs carry
 * the `first` rows' requests; the finalize step walks this file to put results in order.
 */
import type { ResultStore } from '../store/results/result-store.js';

export const INPUT_FILE = 'input.jsonl';

export interface FieldProblem {
  field: string;
  message: string;
}

/** `columns`: each header column's cell as text; `sent`: a JSON row as sent, when a value was not a string (undefined is not written). */
interface RowCells {
  row: number;
  columns: Record<string, string>;
  sent?: Record<string, unknown> | undefined;
}

export type InputLine =
  | { header: string[] }
  | (RowCells & { mark: 'invalid'; problems: FieldProblem[] })
  | (RowCells & { mark: 'first'; chunk: number; request: Record<string, unknown> })
  /** `request`: an itc.check row's own invoice (its supplier is `of`'s, verified once with that row); other operations' duplicates repeat `of`'s request. */
  | (RowCells & { mark: 'duplicate'; of: number; request?: Record<string, unknown> });

export type RowLine = Exclude<InputLine, { header: string[] }>;

/** The data rows of a job's input in upload order, a batch at a time, the header line left out. */
export async function* inputRowBatches(results: Pick<ResultStore, 'readLineBatches'>, jobId: string): AsyncGenerator<RowLine[]> {
  for await (const lines of results.readLineBatches(jobId, INPUT_FILE)) {
    const rows: RowLine[] = [];
    for (const text of lines) {
      const line = JSON.parse(text) as InputLine;
      if (!('header' in line)) rows.push(line);
    }
    yield rows;
  }
}
