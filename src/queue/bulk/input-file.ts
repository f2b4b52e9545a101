/**
 * A bulk job's input as intake stores it (input.jsonl in the job's folder): the header line,
 * then every data row in upload order with what intake decided about it. Chunk jobs carry
 * the `first` rows' requests; the finalize step walks this file to put results in order.
 */
export const INPUT_FILE = 'input.jsonl';

export interface FieldProblem {
  field: string;
  message: string;
}

export type InputLine =
  | { header: string[] }
  | { row: number; columns: Record<string, string>; mark: 'invalid'; problems: FieldProblem[] }
  | { row: number; columns: Record<string, string>; mark: 'first'; chunk: number; request: Record<string, unknown> }
  | { row: number; columns: Record<string, string>; mark: 'duplicate'; of: number };

export type RowLine = Exclude<InputLine, { header: string[] }>;
