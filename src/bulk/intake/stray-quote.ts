/**
 * A stray opening quote (`"Foo Ltd` never closed) makes a CSV parser read every line up to the
 * next quote in the file into one cell; with relax_quotes (needed for `Acme "Best" Ltd`) it reads
 * on without a word, and the rows in between are never verified. Two signs give it away, each
 * narrow enough that a real address with line breaks passes:
 * - the cell kept its opening quote (the parser does so when the closing quote has more text
 *   after it: `"Bar" Traders`), spans a line break, and has text but no other quote on its first
 *   line (a cell whose value starts with a quote has its partner on that line);
 * - a line inside the cell is a row of this file: as many separators as the header has, less one,
 *   and a valid identifier of the operation where the header has that column (when the closing
 *   quote is followed by a comma, the parser leaves no other trace).
 * The record's raw text would tell it for certain, but the parser's raw option keeps every
 * skipped blank line in it: 128 MB of them took 300 MB.
 */
import { checkCin, checkDin, checkGstin, checkLlpin, checkPan, type IdentifierCheck } from '../../domain/identifiers/index.js';
import type { BulkOperationName } from '../../domain/operations.js';
import { IntakeError } from './intake-error.js';
import { identifierColumnsFor, type ColumnMap, type KnownColumn } from './row-request.js';

/** The identifier columns whose values can be checked on their own (a name cannot). */
export const IDENTIFIER_CHECKS: Partial<Record<KnownColumn, (raw: string) => IdentifierCheck<unknown>>> = {
  gstin: checkGstin,
  pan: checkPan,
  cin: checkCin,
  llpin: checkLlpin,
  din: checkDin,
};

/** Whether a line of text is a row of a file with this header: its cell count, and a valid identifier in its place. */
export function looksLikeARow(columns: number, map: ColumnMap, operation: BulkOperationName, delimiter = ','): (line: string) => boolean {
  const places = identifierColumnsFor(operation).flatMap((column) => {
    const index = map[column];
    const check = IDENTIFIER_CHECKS[column];
    return index === undefined || check === undefined ? [] : [{ index, check }];
  });
  if (places.length === 0) return () => false;
  return (line) => {
    const cells = line.split(delimiter);
    if (cells.length < columns) return false;
    return places.some(({ index, check }) => check(cells[index] ?? '').ok);
  };
}

export function ranOnFromStrayQuote(cell: string, rowLike: (line: string) => boolean): boolean {
  const lineEnd = cell.search(/[\r\n]/);
  if (lineEnd === -1) return false;
  if (cell.startsWith('"') && lineEnd > 1 && !cell.slice(1, lineEnd).includes('"')) return true;
  return cell.slice(lineEnd).split(/\r\n|\r|\n/).some((line) => line !== '' && rowLike(line));
}

/**
 * Named by the text where the cell starts and where the run ends, which a user can find in the
 * file: line numbers are not to be trusted here, since the parser counts CR and LF inside
 * quotes as two lines.
 */
export function strayQuote(cell: string, dataRow: number): IntakeError {
  const lines = cell.replace(/^"/, '').split(/\r\n|\r|\n/);
  const snippet = (text: string) => JSON.stringify(text.length > 30 ? `${text.slice(0, 30)}…` : text);
  return new IntakeError(
    'VALIDATION_FAILED',
    `malformed CSV: the cell ${snippet(lines[0] ?? '')} (${dataRow === 0 ? 'in the header' : `data row ${dataRow}`}) took in the ${lines.length - 1} line(s) after it, up to ${snippet(lines.at(-1) ?? '')}, because a quote opened in it is closed only there: close that quote on its own line, or remove it`,
  );
}
