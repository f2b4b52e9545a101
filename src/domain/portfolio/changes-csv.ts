/**
 * changes.csv of a portfolio run (docs/portfolios.md "Change report"), in results.csv's format (see
 * src/bulk/result-files.ts for why): UTF-8 with a BOM, CRLF, every cell escaped
 * against formula injection. `before`/`after` carry registry text such as trade names,
 * which a taxpayer types freely, so they get the same defence as result cells. The JSON
 * view (`changes.json`) is the unescaped `PortfolioChange[]` itself.
 *
 * A run's changes are a small subset of its rows and already held in memory by diffRuns,
 * so the whole file is built as one string rather than streamed.
 */
import { stringify } from 'csv-stringify/sync';
// One formula-injection rule for every CSV we hand out (results.csv's too).
import { escapeCell } from '../formula-escape.js';
import type { PortfolioChange } from './changes.js';

export const CHANGES_CSV_FILE = 'changes.csv';

/**
 * The report's columns, in order: the one list changes.csv (and any other tabular view of a
 * change report, such as a spreadsheet) is written from. The supplier's name and code sit
 * beside its identifier and the sentence beside its field path, so that a desk reading the
 * file left to right sees who and what first; a program reads columns by header name.
 */
export const changesCsvHeader = [
  'identifier',
  'vendor_name',
  'vendor_code',
  'check',
  'field',
  'description',
  'before',
  'after',
  'severity',
  'detected_at',
] as const satisfies readonly (keyof PortfolioChange)[];

/** One change as its CSV cells, escaped; null (absent) is an empty cell. */
export function changeCsvRecord(change: PortfolioChange): string[] {
  return changesCsvHeader.map((column) => escapeCell(change[column] ?? ''));
}

/** The header and one line per change, in the order given (diffRuns' order). */
export function changesToCsv(changes: readonly PortfolioChange[]): string {
  return stringify([changesCsvHeader.map(escapeCell), ...changes.map(changeCsvRecord)], {
    bom: true,
    record_delimiter: 'windows',
    // As in results.csv: a lone CR or LF inside a cell must be quoted too.
    quoted_match: /[\r\n]/,
  });
}
