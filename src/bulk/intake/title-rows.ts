/**
 * Title rows above a register's header in a CSV (Tally exports the company's name, the report's
 * name and its period, one text each, before the header): the rule the .xlsx reader applies
 * while streaming (xlsx-intake.ts findHeader), as a function of the first records. Leading rows
 * of one text each are titles when a row of two or more texts (the header) follows them within
 * TITLE_ROWS; otherwise (a one-column file: a header "GSTIN" over GSTINs) none is.
 */
import { checkGstin } from '../../domain/identifiers/index.js';
import { aliasedColumn } from '../../domain/bulk-columns/aliases.js';
import type { BulkOperationName } from '../../domain/operations.js';
import { knownColumnsFor, normaliseHeaderName, type KnownColumn } from './row-request.js';

/** Title rows looked past before the header, as the .xlsx reader does. */
export const TITLE_ROWS = 5;

/** How many different texts a record has (blank cells and repeats not counted). */
export function distinctTexts(record: readonly string[]): number {
  return new Set(record.map((cell) => cell.trim()).filter((cell) => cell !== '')).size;
}

/** A record that may be a title: one text, which is neither a column name this operation reads nor a GSTIN (a one-column file's header or first row). */
export function mayBeTitle(record: readonly string[], operation: BulkOperationName): boolean {
  if (distinctTexts(record) !== 1) return false;
  const text = record.find((cell) => cell.trim() !== '') as string;
  if ((knownColumnsFor(operation) as readonly string[]).includes(normaliseHeaderName(text) as KnownColumn)) return false;
  return aliasedColumn(text) === undefined && !checkGstin(text.trim()).ok;
}

/** How many of `records` (the first non-blank records of a file, at most TITLE_ROWS + 1) are titles above the header. */
export function titleRowCount(records: readonly (readonly string[])[], operation: BulkOperationName): number {
  let titles = 0;
  while (titles < Math.min(TITLE_ROWS, records.length) && mayBeTitle(records[titles] as readonly string[], operation)) titles++;
  const next = records[titles];
  return titles > 0 && next !== undefined && distinctTexts(next) >= 2 ? titles : 0;
}
