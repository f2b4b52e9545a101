import { pipeline, type Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { OperationName } from '../../domain/operations.js';
import { IntakeError } from './intake-error.js';
import { looksLikeARow, ranOnFromStrayQuote, strayQuote } from './stray-quote.js';
import {
  columnMap,
  identifierColumnsFor,
  isKnownColumn,
  knownCells,
  parseOperation,
  requestFromRow,
  type ColumnMap,
  type IntakeItem,
  type RowResult,
} from './row-request.js';

export { IntakeError } from './intake-error.js';

export interface CsvLimits {
  /** Raw bytes of the file, BOM included. */
  maxBytes: number;
  /** Bytes of one record (csv-parse `max_record_size`); bounds memory per row. */
  maxRecordBytes: number;
  /** Data rows, invalid ones included (blank lines are not rows). */
  maxRows: number;
  /** What the row limit is, for the message past it (a bulk job's by default). */
  rowLimitIs?: string;
}

/** How much of the start is sniffed for UTF-16 BOMs before anything reaches the parser. */
const SNIFF_BYTES = 1024;
/**
 * The most the parser is given at once. It turns a whole chunk into records before anyone
 * reads them, so a 1 MB chunk of short lines would be hundreds of thousands of records held
 * at once (and read without yielding to the event loop); slices keep that small.
 */
const PARSE_SLICE_BYTES = 64 * 1024;

const EXPECTED_FILE = 'expected a UTF-8 CSV text file with a header row (for example gstin,name) and one row per request';

function* slices(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += PARSE_SLICE_BYTES) yield chunk.subarray(at, at + PARSE_SLICE_BYTES);
}

/**
 * The raw bytes, counted and checked as they pass: size limit, UTF-16 BOM, NUL bytes and
 * invalid UTF-8 anywhere (not only in the first KB), so a file in another encoding is a
 * 400 rather than rows of U+FFFD that fail validation one by one and look like bad data.
 */
async function* checkedBytes(input: Readable | AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  let head: Buffer[] = [];
  let sniffed = false;
  const check = (chunk: Buffer): Buffer => {
    if (!sniffed) {
      sniffed = true;
      if (chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
        throw new IntakeError('VALIDATION_FAILED', `the file is UTF-16 encoded: save it as UTF-8 (in Excel: "CSV UTF-8"); ${EXPECTED_FILE}`);
      }
      if (chunk.subarray(0, SNIFF_BYTES).includes(0)) {
        throw new IntakeError('VALIDATION_FAILED', `the file looks binary (NUL bytes in its first 1 KB), not CSV text: ${EXPECTED_FILE}; export spreadsheets (.xlsx) as "CSV UTF-8"`);
      }
    }
    const nul = chunk.indexOf(0);
    if (nul !== -1) throw new IntakeError('VALIDATION_FAILED', `the file contains a NUL byte at byte ${offset + nul}: ${EXPECTED_FILE}`);
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw new IntakeError('VALIDATION_FAILED', `the file is not valid UTF-8 ${whereInvalid(chunk, offset)}: save it as "CSV UTF-8"; ${EXPECTED_FILE}`);
    }
    offset += chunk.length;
    return chunk;
  };
  let bytes = 0;
  for await (const raw of input) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    bytes += chunk.length;
    if (bytes > maxBytes) throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
    if (sniffed) {
      yield* slices(check(chunk));
      continue;
    }
    // Collect the first KB so the BOM and NUL sniff sees it whatever the chunking.
    head.push(chunk);
    if (bytes >= SNIFF_BYTES) {
      yield* slices(check(Buffer.concat(head)));
      head = [];
    }
  }
  if (!sniffed && bytes > 0) yield* slices(check(Buffer.concat(head)));
  // A multipart upload cut at its size limit (busboy's fileSize) ends as if it were whole,
  // only flagged: refuse it here, before its first rows become a job.
  if ((input as { truncated?: unknown }).truncated === true) {
    throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
  }
  try {
    decoder.decode();
  } catch {
    throw new IntakeError('VALIDATION_FAILED', `the file ends inside a UTF-8 character: save it as "CSV UTF-8"; ${EXPECTED_FILE}`);
  }
}

/**
 * Where a chunk the decoder refused stops being UTF-8: the byte, and the text just before it,
 * which a user can search for ("Caf" before a Windows-1252 é). The decoder does not say; this
 * finds the first byte that cannot start or continue a character, and falls back to the
 * chunk's range for the subtler faults (an overlong form, a sequence begun in the chunk before).
 */
function whereInvalid(chunk: Buffer, offset: number): string {
  for (let i = 0; i < chunk.length; ) {
    const b = chunk[i] as number;
    const extra = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let bad = extra === -1;
    for (let k = 1; !bad && k <= extra && i + k < chunk.length; k++) bad = ((chunk[i + k] as number) & 0xc0) !== 0x80;
    if (bad) {
      const before = chunk.subarray(Math.max(0, i - 40), i).toString('utf8').split(/\r\n|\r|\n/).pop() ?? '';
      return `at byte ${offset + i}${before === '' ? ', at the start of a line' : `, after ${JSON.stringify(before.slice(-30))}`}`;
    }
    i += extra + 1;
  }
  return `(bytes ${offset}-${offset + chunk.length - 1})`;
}

function asIntakeError(error: unknown, limits: CsvLimits): unknown {
  if (error instanceof IntakeError) return error;
  const csv = error as Partial<CsvError> & { lines?: number };
  switch (csv.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return new IntakeError(
        'PAYLOAD_TOO_LARGE',
        `the row at line ${csv.lines ?? '?'} is longer than the limit of ${limits.maxRecordBytes} bytes per row (a quote that is never closed makes the rest of the file one row)`,
      );
    case 'CSV_QUOTE_NOT_CLOSED':
      return new IntakeError('VALIDATION_FAILED', `malformed CSV: a quoted cell is never closed (the file ends inside quotes at line ${csv.lines ?? '?'})`);
    case undefined:
      return error;
    default:
      return new IntakeError('VALIDATION_FAILED', `malformed CSV at line ${csv.lines ?? '?'}: ${csv.message ?? csv.code}`);
  }
}

/** At most this many header names in a message: a header can be thousands of columns. */
const NAMES_IN_MESSAGE = 20;

function describeHeader(header: readonly string[]): string {
  const names = header.slice(0, NAMES_IN_MESSAGE).map((name) => JSON.stringify(name.slice(0, 40)));
  return names.join(', ') + (header.length > NAMES_IN_MESSAGE ? `, … (${header.length} columns)` : '');
}

/**
 * The header as rows will carry it: empty names (stray cells in a spreadsheet) become
 * `column_<n>`, and a name that came before becomes `<name> (<n>)` (SAP exports repeat
 * `Address`), since each row's columns are keyed by name and one of the two would be lost
 * from the results. A known column named twice is still refused (columnMap): which of two
 * gstin columns to verify, and bill, is not ours to guess.
 */
function checkedHeader(record: readonly string[], operation: OperationName): CheckedHeader {
  const header: string[] = [];
  const taken = new Set<string>();
  record.forEach((cell, index) => {
    let name = cell.trim() === '' ? `column_${index + 1}` : cell;
    if (taken.has(name) && !isKnownColumn(name)) name = `${name} (${index + 1})`;
    // A known column twice, or a file that already has a column named "Address (3)".
    if (taken.has(name)) {
      throw new IntakeError('VALIDATION_FAILED', `the header names column ${JSON.stringify(name)} twice (columns ${header.indexOf(name) + 1} and ${index + 1}): expected each column name once`);
    }
    taken.add(name);
    header.push(name);
  });
  const map = columnMap(header);
  const needed = identifierColumnsFor(operation);
  if (!needed.some((column) => map[column] !== undefined)) {
    const needs = needed.length === 1 ? `a column named ${needed[0]}` : `a column named one of ${needed.join(', ')}`;
    const delimiterHint = header.some((name) => /[;\t|]/.test(name)) ? '; columns must be separated by commas' : '';
    throw new IntakeError('VALIDATION_FAILED', `${operation} needs ${needs} in the header row; found ${describeHeader(header)}${delimiterHint}`);
  }
  return { header, map };
}

interface CheckedHeader {
  header: string[];
  map: ColumnMap;
}

/**
 * Excel's `sep=,` first line (written by some exports, read by Excel to pick the separator),
 * as csv-parse reads it: a comma is the only separator this intake reads, so the line is
 * dropped; another one is refused, naming it.
 */
function separatorLine(record: readonly string[]): string | undefined {
  const line = record.join(',');
  const match = /^sep=(.?)$/i.exec(line);
  return match === null ? undefined : (match[1] ?? '');
}

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/**
 * Streams a CSV upload into header and row items. Memory is bounded by the parser's
 * buffers and one record (`maxRecordBytes`): nothing accumulates across rows. Whole-file
 * problems throw IntakeError, possibly after rows were yielded (size and row limits,
 * encoding faults past the first chunk): the caller must discard the job on a throw.
 */
export async function* readCsv(
  input: Readable | AsyncIterable<Buffer | string>,
  operation: OperationName,
  limits: CsvLimits,
): AsyncGenerator<IntakeItem, void, undefined> {
  parseOperation(operation);
  const parser = parse({
    bom: true,
    // Ragged rows become invalid rows below instead of failing the whole file.
    relax_column_count: true,
    // `Acme "Best" Ltd` in an unquoted cell is common in hand-made files and unambiguous.
    relax_quotes: true,
    max_record_size: limits.maxRecordBytes,
    skip_empty_lines: true,
    // A line of only commas (a blank spreadsheet row) is dropped in the parser, not made into
    // a record to be dropped below: a file of millions of them must not cost millions of records.
    skip_records_with_empty_values: true,
  });
  // Errors reach us through the parser, which pipeline destroys with the source's error.
  pipeline(checkedBytes(input, limits.maxBytes), parser, () => {});
  let header: CheckedHeader | undefined;
  let rowLike: (line: string) => boolean = () => false;
  let rows = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const swallowing = record.find((cell) => ranOnFromStrayQuote(cell, rowLike));
      if (swallowing !== undefined) throw strayQuote(swallowing, header === undefined ? 0 : rows + 1);
      // A line of only commas or spaces is a blank spreadsheet row, not a request.
      if (isBlank(record)) continue;
      if (header === undefined) {
        const separator = separatorLine(record);
        if (separator === ',') continue;
        if (separator !== undefined) {
          throw new IntakeError('VALIDATION_FAILED', `the file's first line says its columns are separated by ${JSON.stringify(separator)}: ${EXPECTED_FILE}, with columns separated by commas (in Excel: "CSV UTF-8")`);
        }
        header = checkedHeader(record, operation);
        rowLike = looksLikeARow(header.header.length, header.map, operation);
        yield { kind: 'header', header: header.header };
        continue;
      }
      rows += 1;
      if (rows > limits.maxRows) {
        throw new IntakeError('PAYLOAD_TOO_LARGE', `the file has more than ${limits.maxRows} rows, ${limits.rowLimitIs ?? 'the limit per job: split it into several jobs'}`);
      }
      yield rowItem(rows, record, operation, header);
    }
  } catch (error) {
    // Leaving the loop (break or throw) destroys the parser, and pipeline then the source.
    throw asIntakeError(error, limits);
  }
  if (header === undefined) throw new IntakeError('VALIDATION_FAILED', `the file is empty: ${EXPECTED_FILE}`);
  if (rows === 0) throw new IntakeError('VALIDATION_FAILED', `the file has a header row but no rows: expected one row per request under the header`);
}

function rowItem(row: number, record: string[], operation: OperationName, header: CheckedHeader): IntakeItem {
  const names = header.header;
  const columns = Object.fromEntries(names.map((name, index) => [name, record[index] ?? '']));
  // Fewer cells than columns: the rest are blank (some tools leave out a row's trailing empty
  // cells). More: only blank ones may follow (an ERP's trailing commas); a cell with something
  // in it past the last column is the sign of an unquoted comma, and the row cannot be read.
  const overflow = record.slice(names.length).findIndex((cell) => cell.trim() !== '');
  const result: RowResult =
    overflow === -1
      ? requestFromRow(operation, knownCells(header.map, record))
      : {
          ok: false,
          problems: [
            {
              field: 'row',
              message: `has ${record.length} cells but the header has ${names.length} columns, and cell ${names.length + overflow + 1} is not empty: quote a cell that contains a comma`,
            },
          ],
        };
  return { kind: 'row', row, columns, result };
}
