/**
 * changes.xlsx of a portfolio run: changes.csv as a workbook, written from the same column
 * list (changes-csv.ts), so a column added to the report reaches both. Cells keep their text:
 * no CSV `'` (a text cell that starts like a formula gets Excel's quote prefix instead, see
 * xlsx-writer.ts). Header frozen and filterable, every cell text (an identifier or a vendor
 * code keeps its leading zeros), and high-severity changes filled, as results.xlsx fills
 * problem rows.
 */
import { changesCsvHeader } from '../domain/portfolio/changes-csv.js';
import type { PortfolioChange } from '../domain/portfolio/changes.js';
import type { ResultStore } from '../store/results/result-store.js';
import { XlsxSheetWriter } from '../store/results/xlsx-writer.js';

export const CHANGES_XLSX_FILE = 'changes.xlsx';

/** Columns a reader takes in at a glance get room; the rest fit their header. */
const WIDTHS: Partial<Record<string, number>> = { identifier: 24, vendor_name: 32, description: 60, before: 24, after: 24, detected_at: 28 };
/** Rows added between waits for the zip: a run's changes are held already, this only paces the writes. */
const BATCH = 500;

export async function writeChangesXlsx(results: Pick<ResultStore, 'openWriter'>, runId: string, changes: readonly PortfolioChange[]): Promise<void> {
  const columns = changesCsvHeader.map((name) => ({ header: name, width: WIDTHS[name] }));
  const sheet = await XlsxSheetWriter.toStore(results, runId, CHANGES_XLSX_FILE, { sheetName: 'Changes', columns });
  try {
    for (const [index, change] of changes.entries()) {
      sheet.addRow(changesCsvHeader.map((column) => change[column] ?? ''), change.severity === 'high');
      if (index % BATCH === BATCH - 1) await sheet.drained();
    }
  } catch (error) {
    await sheet.abort();
    throw error;
  }
  await sheet.commit();
}
