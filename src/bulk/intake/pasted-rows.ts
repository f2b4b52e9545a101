/**
 * Rows pasted as text (the console's paste box, `{"text": ...}` on the portfolio routes), read
 * as a CSV upload is read, every item numbered by the 1-based line of the text it came from,
 * since that is what the person who pasted it can find again.
 *
 * Two shapes of paste:
 * - With a header line (cells copied from a spreadsheet with their header row, tab-separated,
 *   or typed as CSV): the text goes through the bulk CSV intake itself (`readCsv`), so the
 *   header names, separators and row rules are exactly an upload's.
 * - Without one (the first line already holds an identifier): one supplier a line, its
 *   identifier first, then optionally its name and its code, separated by a tab, comma,
 *   semicolon or `|`. For business360 the identifier's kind is told by its length (15 a GSTIN,
 *   21 a CIN, 10 a PAN); the rows then go through the JSON row intake, as the API's `rows` do.
 */
import { Readable } from 'node:stream';
import type { BulkOperationName } from '../../domain/operations.js';
import { readCsv, type CsvLimits } from './csv-intake.js';
import { IntakeError } from './intake-error.js';
import { readJsonRows } from './json-intake.js';
import type { IntakeItem } from './row-request.js';

const CELL_SEPARATOR = /[\t,;|]/;

/** A cell that holds a letter-and-digit code of identifier length: data, not a column name. */
const looksLikeIdentifier = (cell: string): boolean => /^(?=.*\d)(?=.*[A-Z])[0-9A-Z-]{8,21}$/i.test(cell.trim());

const isBlankLine = (line: string): boolean => line.split(CELL_SEPARATOR).every((cell) => cell.trim() === '');

/**
 * The 1-based line on which each record of the text starts, blank lines left out as the CSV
 * intake leaves them out. A record continues on the next line while a quote is open (a quoted
 * cell with a line break in it), so the numbers stay those of the text.
 */
export function recordLines(text: string): number[] {
  const lines = text.split(/\r\n|\r|\n/);
  const starts: number[] = [];
  let open = false;
  lines.forEach((line, index) => {
    const quotes = (line.match(/"/g) ?? []).length;
    if (!open && !isBlankLine(line)) starts.push(index + 1);
    if (quotes % 2 === 1) open = !open;
  });
  return starts;
}

/** Whether the text's first non-blank line is a header (no cell looks like an identifier). */
export function hasHeaderLine(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/).find((line) => !isBlankLine(line));
  return first !== undefined && !first.split(CELL_SEPARATOR).some(looksLikeIdentifier);
}

/** One identifier's key in a row of `operation`, told by its shape (the API names the rule it breaks). */
function identifierKey(operation: BulkOperationName, identifier: string): string {
  if (operation !== 'business360') return 'gstin';
  if (identifier.length === 21) return 'cin';
  if (identifier.length === 10) return 'pan';
  return 'gstin';
}

function headerlessRows(operation: BulkOperationName, text: string, lines: readonly number[]): Record<string, string>[] {
  const all = text.split(/\r\n|\r|\n/);
  return lines.map((line) => {
    const [identifier = '', name = '', code = ''] = (all[line - 1] ?? '').split(CELL_SEPARATOR).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    const row: Record<string, string> = { [identifierKey(operation, identifier.toUpperCase())]: identifier };
    if (name !== '') row.vendor_name = name;
    if (code !== '') row.vendor_code = code;
    return row;
  });
}

/** Items as an upload's, with `row` the 1-based line of the text each row was on. */
export async function* readPastedRows(
  text: string,
  operation: BulkOperationName,
  limits: CsvLimits,
): AsyncGenerator<IntakeItem, void, undefined> {
  const lines = recordLines(text);
  if (lines.length === 0) throw new IntakeError('VALIDATION_FAILED', 'text has no rows: paste one supplier a line (its identifier, then optionally its name and code)', 'text');
  if (hasHeaderLine(text)) {
    // The header line is the first record; data record n is on lines[n].
    for await (const item of readCsv(Readable.from([Buffer.from(text, 'utf8')]), operation, limits)) {
      yield item.kind === 'row' ? { ...item, row: lines[item.row] ?? item.row } : item;
    }
    return;
  }
  if (lines.length > limits.maxRows) {
    throw new IntakeError('PAYLOAD_TOO_LARGE', `text has ${lines.length} rows, more than ${limits.rowLimitIs ?? `the limit of ${limits.maxRows}`}`, 'text');
  }
  for (const item of readJsonRows(operation, headerlessRows(operation, text, lines), limits.maxRows)) {
    yield item.kind === 'row' ? { ...item, row: lines[item.row - 1] ?? item.row } : item;
  }
}
