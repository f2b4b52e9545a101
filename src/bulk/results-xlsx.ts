/**
 * results.xlsx: results.csv as a workbook, written in the same pass and from the same cells, so
 * the two never disagree, except that a cell keeps its text where the CSV prefixes `'` against
 * formula injection (the workbook quote-prefixes it instead: store/results/xlsx-writer.ts). What the
 * workbook adds is what a spreadsheet user would otherwise do by hand: the header frozen
 * and filterable, identifiers kept as text, `row`, `charged_inr`, `duplicate_of` and the key fields
 * that are rupee amounts (result-columns.ts AMOUNT_RESULT_COLUMNS: an invoice's tax) as numbers
 * (rupees to two decimals, so a column sum is the job's charge), names wide enough to read, and
 * the rows a reviewer must look at filled (domain/result-breakdown.ts isProblem: any outcome but
 * ok, or a record whose key field is not fine). See store/results/xlsx-writer.ts for how memory stays
 * bounded and what happens past Excel's 1,048,576 rows.
 */
import { csvRecordCells } from '../domain/csv-record.js';
import type { ResultStore } from '../store/results/result-store.js';
import { XlsxSheetWriter, type XlsxColumn } from '../store/results/xlsx-writer.js';
import { AMOUNT_RESULT_COLUMNS } from './result-columns.js';

export const RESULTS_XLSX_FILE = 'results.xlsx';

/** The rendered cells of a row's CSV record, back as cells (domain/csv-record.ts). */
const csvCellsOf = csvRecordCells;

/** A row's result as its chunk rendered it (result-files.ts RenderedResult): the CSV's cells and which were escaped. */
export interface RenderedCells {
  head: string;
  fields: string;
  quoted?: readonly number[] | undefined;
}

/** Names, addresses and messages: about 38 characters show, as a registry's legal names run. */
const WIDE = 38;
const WIDE_NAME = /name(?!_match)|address|(^|_)addr($|_)|error_message|description|risk_flags/;
/** Identifier columns (ours, input ones by their usual names), each as wide as its longest form. */
const IDENTIFIER_WIDTHS: readonly [RegExp, number][] = [
  [/gstin|gst_?no|gst_?number|uin/, 18],
  [/^(top_)?cin$|corporate_identification/, 23],
  [/^(top_)?llpin$/, 11],
  [/(^|_)pan(_no|_number)?$/, 12],
  [/^din$/, 10],
];

/** A column's width by its name (a collision's `_result` suffixes aside), else its header's. */
export function resultColumnWidth(header: string): number | undefined {
  const name = header.toLowerCase().replace(/(_result)+$/, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  if (WIDE_NAME.test(name)) return WIDE;
  for (const [pattern, width] of IDENTIFIER_WIDTHS) if (pattern.test(name)) return Math.max(width, header.length + 2);
  return undefined;
}

export class ResultsWorkbook {
  private constructor(private readonly sheet: XlsxSheetWriter) {}

  /**
   * Opened beside results.csv with its header (not escaped) and the number of input columns,
   * which places `row` (first), `charged_inr` (after the input, status, error_code and
   * error_message) and `duplicate_of` (last).
   */
  static async open(results: Pick<ResultStore, 'openWriter'>, jobId: string, header: readonly string[], inputColumns: number): Promise<ResultsWorkbook> {
    const chargedIndex = 1 + inputColumns + 3;
    // A key-field column keeps its name but for `_result` suffixes added where an input column had it.
    const isAmount = (name: string, index: number) => index > chargedIndex && AMOUNT_RESULT_COLUMNS.has(name.replace(/(_result)+$/, ''));
    const columns: XlsxColumn[] = header.map((name, index) =>
      index === 0
        ? { header: name, kind: 'integer', width: 8 }
        : index === chargedIndex || (index < header.length - 1 && isAmount(name, index))
          ? { header: name, kind: 'amount', width: Math.max(12, name.length + 2) }
          : index === header.length - 1
            ? { header: name, kind: 'integer', width: 14 }
            : { header: name, width: resultColumnWidth(name) },
    );
    const overflowNote = 'Excel holds no more rows: every row is in results.csv and results.jsonl.';
    return new ResultsWorkbook(await XlsxSheetWriter.toStore(results, jobId, RESULTS_XLSX_FILE, { sheetName: 'Results', columns, overflowNote }));
  }

  /**
   * One row: its number, its input cells (as they are), the cells its chunk rendered (status,
   * error code and message, then the key-field columns; the escaping `'` comes off the `quoted`
   * ones), its charge and the row it duplicates.
   */
  add(row: number, inputCells: readonly string[], rendered: RenderedCells, charged: string, duplicateOf: number | undefined, problem: boolean): void {
    const cells = [...csvCellsOf(rendered.head), ...csvCellsOf(rendered.fields)];
    for (const index of rendered.quoted ?? []) cells[index] = (cells[index] ?? '').slice(1);
    this.sheet.addRow([row, ...inputCells, ...cells.slice(0, 3), charged, ...cells.slice(3), duplicateOf ?? ''], problem);
  }

  drained(): Promise<void> {
    return this.sheet.drained();
  }

  commit(): Promise<void> {
    return this.sheet.commit();
  }

  abort(): Promise<void> {
    return this.sheet.abort();
  }
}
