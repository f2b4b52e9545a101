/**
 * results.xlsx: results.csv as a workbook, written in the same pass and from the same cells
 * (escaped against formula injection exactly as the CSV's), so the two never disagree. What
 * the workbook adds is what a spreadsheet user would otherwise do by hand: the header frozen
 * and filterable, identifiers kept as text, `row` and `charged_inr` as numbers (rupees to two
 * decimals, so a column sum is the job's charge), and the rows a reviewer must look at
 * filled (domain/result-breakdown.ts isProblem: any outcome but ok, or a record whose key
 * field is not fine). See store/xlsx-writer.ts for how memory stays bounded and what happens
 * past Excel's 1,048,576 rows.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import type { ResultStore } from '../../store/result-store.js';
import { XlsxSheetWriter, type XlsxColumn } from '../../store/xlsx-writer.js';

export const RESULTS_XLSX_FILE = 'results.xlsx';

/** The rendered cells of a row's CSV record, back as cells: split when nothing is quoted. */
function csvCellsOf(record: string): string[] {
  if (!record.includes('"')) return record.split(',');
  return (parseCsv(record, { relax_column_count: true }) as string[][])[0] ?? [];
}

export class ResultsWorkbook {
  private constructor(private readonly sheet: XlsxSheetWriter) {}

  /**
   * Opened beside results.csv with its header (already escaped) and the number of input
   * columns, which places `row` (first) and `charged_inr` (after the input, status,
   * error_code and error_message).
   */
  static async open(results: Pick<ResultStore, 'openWriter'>, jobId: string, header: readonly string[], inputColumns: number): Promise<ResultsWorkbook> {
    const chargedIndex = 1 + inputColumns + 3;
    const columns: XlsxColumn[] = header.map((name, index) =>
      index === 0 ? { header: name, kind: 'integer', width: 8 } : index === chargedIndex ? { header: name, kind: 'amount', width: 12 } : { header: name },
    );
    const overflowNote = 'Excel holds no more rows: every row is in results.csv and results.jsonl.';
    return new ResultsWorkbook(await XlsxSheetWriter.toStore(results, jobId, RESULTS_XLSX_FILE, { sheetName: 'Results', columns, overflowNote }));
  }

  /**
   * One row: its number, its input cells (escaped), and the CSV record pieces a chunk rendered
   * (`head`: status, error code and message; `fields`: the key-field columns) and the charge.
   */
  add(row: number, inputCells: readonly string[], head: string, charged: string, fields: string, problem: boolean): void {
    this.sheet.addRow([row, ...inputCells, ...csvCellsOf(head), charged, ...csvCellsOf(fields)], problem);
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
