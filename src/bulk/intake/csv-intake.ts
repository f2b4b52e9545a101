import { pipeline, type Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { JobWarning } from '../../domain/job-warnings.js';
import type { BulkOperationName } from '../../domain/operations.js';
import { delimiterName, separatorLineDelimiter, sniffDelimiter, SNIFF_TEXT_BYTES, type Delimiter } from './delimiter.js';
import { requireColumns, resolveColumns, type ColumnMapping } from './header-columns.js';
import { mayBeTitle, TITLE_ROWS, titleRowCount } from './title-rows.js';
import { IntakeError } from './intake-error.js';
import { looksLikeARow, ranOnFromStrayQuote, strayQuote } from './stray-quote.js';
import { decodedText, EXPECTED_FILE } from './text-decoding.js';
import { isKnownColumn, knownCells, parseOperation, requestFromRow, type ColumnMap, type IntakeItem, type RowResult } from './row-request.js';

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

export interface CsvOptions {
  /** The caller's `?columns=` mapping: it wins over header names. */
  columns?: ColumnMapping;
}

/**
 * Rows read ahead of the header when no header names an identifier column, to guess the column
 * from its values; at most this many records (each bounded by maxRecordBytes) are held.
 */
export const GUESS_SAMPLE_ROWS = 50;

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

/**
 * The header as rows will carry it: empty names (stray cells in a spreadsheet) become
 * `column_<n>`, and a name that came before becomes `<name> (<n>)` (SAP exports repeat
 * `Address`), since each row's columns are keyed by name and one of the two would be lost
 * from the results. A known column named twice is still refused (resolveColumns): which of two
 * gstin columns to verify, and bill, is not ours to guess. For any tabular reader (CSV, a
 * worksheet): `sample` is the first rows, needed only when the answer `needsSample`; a header
 * found to be a row of data (a bare list of GSTINs) gets names (`gstin`, `column_2`, ...) and
 * `headerIsData`, and the reader must pass that record on as row 1.
 */
export function checkedHeader(record: readonly string[], operation: BulkOperationName, options: CsvOptions & { sample?: readonly (readonly string[])[] } = {}): CheckedHeader {
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
  const resolved = resolveColumns(header, operation, options.columns, options.sample);
  if (resolved.needsSample) return { header, map: resolved.map, warnings: resolved.warnings, headerIsData: false, needsSample: true };
  requireColumns(header, operation, resolved.map);
  if (resolved.headerIsData) {
    const names = header.map((_, index) => `column_${index + 1}`);
    for (const [column, index] of Object.entries(resolved.map)) names[index] = column;
    return { header: names, map: resolved.map, warnings: resolved.warnings, headerIsData: true };
  }
  return { header, map: resolved.map, warnings: resolved.warnings, headerIsData: false };
}

export interface CheckedHeader {
  header: string[];
  map: ColumnMap;
  /** What the job should show about how the columns were found (an alias is not one; a guess is). */
  warnings: JobWarning[];
  headerIsData: boolean;
  needsSample?: true;
}

/** Whether a record is Excel's `sep=X` first line, as the parser split it with `delimiter`. */
function isSeparatorLine(record: readonly string[], delimiter: Delimiter): boolean {
  return separatorLineDelimiter(record.join(delimiter)) !== undefined;
}

/**
 * The decoded text with its separator found: the first SNIFF_TEXT_BYTES are read to sniff it
 * (preferring the split under which the header names a column of the operation), then passed
 * on before the rest.
 */
async function withDelimiter(text: AsyncGenerator<Buffer>, operation: BulkOperationName, options: CsvOptions): Promise<{ delimiter: Delimiter; chunks: AsyncGenerator<Buffer> }> {
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  try {
    while (size < SNIFF_TEXT_BYTES) {
      const next = await text.next();
      if (next.done === true) {
        done = true;
        break;
      }
      head.push(next.value);
      size += next.value.length;
    }
    const start = Buffer.concat(head).subarray(0, SNIFF_TEXT_BYTES).toString('utf8');
    const headerFits = (cells: string[]) => {
      try {
        return resolveColumns(cells, operation, options.columns).needsSample !== true;
      } catch {
        return false;
      }
    };
    const delimiter = sniffDelimiter(start, headerFits);
    async function* chunks(): AsyncGenerator<Buffer> {
      try {
        yield* head;
        if (!done) yield* text;
      } finally {
        // Stopped while still passing on the sniffed start: the rest must be closed too (the upload's stream).
        if (!done) await text.return(undefined);
      }
    }
    return { delimiter, chunks: chunks() };
  } catch (error) {
    // Ends the upload's stream too, as leaving the parser's loop does.
    await text.return(undefined);
    throw error;
  }
}

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/**
 * Streams a CSV upload into header, row and warning items. Memory is bounded by the parser's
 * buffers, the separator sniff (SNIFF_TEXT_BYTES) and, when the identifier column must be
 * guessed, GUESS_SAMPLE_ROWS records: nothing accumulates across rows. Whole-file problems
 * throw IntakeError, possibly after rows were yielded (size and row limits, encoding faults
 * past the first chunk): the caller must discard the job on a throw. A warning (a Windows-1252
 * file, a guessed column) may come after rows.
 */
export async function* readCsv(
  input: Readable | AsyncIterable<Buffer | string>,
  operation: BulkOperationName,
  limits: CsvLimits,
  options: CsvOptions = {},
): AsyncGenerator<IntakeItem, void, undefined> {
  parseOperation(operation);
  const warnings: JobWarning[] = [];
  let warned = 0;
  function* newWarnings(): Generator<IntakeItem> {
    while (warned < warnings.length) yield { kind: 'warning', warning: warnings[warned++] as JobWarning };
  }
  const { delimiter, chunks } = await withDelimiter(decodedText(input, limits.maxBytes, (warning) => warnings.push(warning)), operation, options);
  const parser = parse({
    bom: true,
    delimiter,
    // Ragged rows become invalid rows below instead of failing the whole file.
    relax_column_count: true,
    // `Acme "Best" Ltd` in an unquoted cell is common in hand-made files and unambiguous.
    relax_quotes: true,
    max_record_size: limits.maxRecordBytes,
    skip_empty_lines: true,
    // A line of only separators (a blank spreadsheet row) is dropped in the parser, not made into
    // a record to be dropped below: a file of millions of them must not cost millions of records.
    skip_records_with_empty_values: true,
  });
  // Errors reach us through the parser, which pipeline destroys with the source's error.
  pipeline(chunks, parser, () => {});
  let header: CheckedHeader | undefined;
  /** The header record, while the first rows are read to guess its identifier column. */
  let pending: string[] | undefined;
  let sample: string[][] = [];
  let rowLike: (line: string) => boolean = () => false;
  let rows = 0;

  const checkStray = (record: readonly string[], dataRow: number) => {
    const swallowing = record.find((cell) => ranOnFromStrayQuote(cell, rowLike));
    if (swallowing !== undefined) throw strayQuote(swallowing, dataRow);
  };
  function* dataRow(record: string[], known: CheckedHeader): Generator<IntakeItem> {
    checkStray(record, rows + 1);
    rows += 1;
    if (rows > limits.maxRows) {
      throw new IntakeError('PAYLOAD_TOO_LARGE', `the file has more than ${limits.maxRows} rows, ${limits.rowLimitIs ?? 'the limit per job: split it into several jobs'}`);
    }
    yield rowItem(rows, record, operation, known);
  }
  /** The header settled: its item, its warnings, then the rows read ahead (the header record first when it was data). */
  function* settle(record: string[], read: string[][] | undefined): Generator<IntakeItem> {
    const known = checkedHeader(record, operation, { ...options, sample: read });
    if (known.needsSample) return;
    header = known;
    warnings.push(...known.warnings);
    rowLike = looksLikeARow(known.header.length, known.map, operation, delimiter);
    const renamed = known.headerIsData || known.warnings.length > 0 || Object.entries(known.map).some(([column, index]) => known.header[index]?.trim().toLowerCase() !== column);
    yield renamed ? { kind: 'header', header: known.header, map: known.map } : { kind: 'header', header: known.header };
    yield* newWarnings();
    for (const row of known.headerIsData ? [record, ...(read ?? [])] : (read ?? [])) yield* dataRow(row, known);
  }

  /** One non-blank record, in order. */
  function* take(record: string[]): Generator<IntakeItem> {
    yield* newWarnings();
    if (header !== undefined) {
      yield* dataRow(record, header);
      return;
    }
    if (pending === undefined) {
      // Excel's `sep=;` line: the sniff has read it already.
      if (isSeparatorLine(record, delimiter)) return;
      yield* settle(record, undefined);
      if (header === undefined) pending = record;
      return;
    }
    sample.push(record);
    if (sample.length < GUESS_SAMPLE_ROWS) return;
    yield* settle(pending, sample);
    sample = [];
  }
  /**
   * A purchase register's first records, held until its header row shows: Tally's CSV has title
   * rows (company, report, period) above it, skipped as the .xlsx reader skips them (title-rows.ts).
   */
  let lead: string[][] | undefined = operation === 'itc.check' ? [] : undefined;
  function* release(): Generator<IntakeItem> {
    const held = lead ?? [];
    lead = undefined;
    const titles = titleRowCount(held, operation);
    for (const [index, title] of held.slice(0, titles).entries()) {
      const text = title.find((cell) => cell.trim() !== '') ?? '';
      warnings.push({ code: 'CSV_ROWS_ABOVE_HEADER', message: `line ${index + 1} (${JSON.stringify(text.trim().slice(0, 60))}) was read as a title above the header, not as a row` });
    }
    for (const record of held.slice(titles)) yield* take(record);
  }

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (header === undefined && pending === undefined) checkStray(record, 0);
      // A line of only separators or spaces is a blank spreadsheet row, not a request.
      if (isBlank(record)) continue;
      if (lead !== undefined) {
        if (lead.length === 0 && isSeparatorLine(record, delimiter)) continue;
        lead.push(record);
        if (lead.length <= TITLE_ROWS && mayBeTitle(record, operation)) continue;
        yield* release();
        continue;
      }
      yield* take(record);
    }
    if (lead !== undefined) yield* release();
    if (header === undefined && pending !== undefined) yield* settle(pending, sample);
    yield* newWarnings();
  } catch (error) {
    // Leaving the loop (break or throw) destroys the parser, and pipeline then the source.
    throw asIntakeError(error, limits);
  }
  if (header === undefined) throw new IntakeError('VALIDATION_FAILED', `the file is empty: ${EXPECTED_FILE}`);
  if (rows === 0) throw new IntakeError('VALIDATION_FAILED', `the file has a header row but no rows: expected one row per request under the header (separated by ${delimiterName(delimiter)})`);
}

/** One data record as a row item (any tabular reader: cells in header order). */
export function rowItem(row: number, record: readonly string[], operation: BulkOperationName, header: Pick<CheckedHeader, 'header' | 'map'>): IntakeItem {
  const names = header.header;
  const columns = Object.fromEntries(names.map((name, index) => [name, record[index] ?? '']));
  // Fewer cells than columns: the rest are blank (some tools leave out a row's trailing empty
  // cells). More: only blank ones may follow (an ERP's trailing commas); a cell with something
  // in it past the last column is the sign of an unquoted separator, and the row cannot be read.
  const overflow = record.slice(names.length).findIndex((cell) => cell.trim() !== '');
  const result: RowResult =
    overflow === -1
      ? requestFromRow(operation, knownCells(header.map, record))
      : {
          ok: false,
          problems: [
            {
              field: 'row',
              message: `has ${record.length} cells but the header has ${names.length} columns, and cell ${names.length + overflow + 1} is not empty: quote a cell that contains the column separator`,
            },
          ],
        };
  return { kind: 'row', row, columns, result };
}
