/**
 * An Excel workbook (.xlsx) upload as the same header, row and warning items `readCsv`
 * yields, so that a bulk job or a portfolio takes a workbook exactly as it takes its CSV
 * export. The sheet is `?sheet=` or the first visible worksheet with a header row; rows
 * above the header that are a title (one text, often merged across) are skipped; merged
 * header cells name every column they cover; empty rows are not rows. Memory: the upload
 * goes to a temp file, the shared strings are held compactly (bounded by the byte limit)
 * and the sheet is streamed a row at a time. Whole-file problems throw IntakeError, possibly
 * after rows were yielded: the caller discards the job on a throw, as for CSV.
 */
import type { Readable } from 'node:stream';
import type { JobWarning } from '../../domain/job-warnings.js';
import type { BulkOperationName } from '../../domain/operations.js';
import { checkedHeader, GUESS_SAMPLE_ROWS, rowItem, type CheckedHeader, type CsvLimits, type CsvOptions } from './csv-intake.js';
import { distinctTexts, TITLE_ROWS } from './title-rows.js';
import { IntakeError } from './intake-error.js';
import { parseOperation, type IntakeItem } from './row-request.js';
import { readWorkbook, type SheetInfo, type Workbook } from './xlsx-parts.js';
import { readSheet, type SheetRow } from './xlsx-sheet.js';
import { scanMerges, type Merge } from './xlsx-merges.js';
import { InflateBudget, isOle2, isZip, openZip, spool, type OpenedZip } from './xlsx-zip.js';

export interface XlsxOptions extends CsvOptions {
  /** `?sheet=`: the worksheet to read, by its tab name. */
  sheet?: string;
}

/**
 * The widest header read. A sheet's header reaching column XFD (16,384) is a stray cell far
 * right or a crafted file; every row would carry thousands of empty columns.
 */
export const MAX_XLSX_COLUMNS = 1_024;
/**
 * How many times the byte limit the workbook may unpack to: XML takes several times the
 * bytes of the same rows as CSV (a cell is `<c r="B7" t="s"><v>12</v></c>`), and a workbook
 * whose sheet holds the limit's worth of text must still be read.
 */
export const INFLATE_FACTOR = 12;

const SAVE_AS = 'open it in Excel and save it as .xlsx (Excel Workbook) or "CSV UTF-8"';

/** What an OLE2 file is, for the refusal: a password-protected .xlsx or a legacy .xls. */
function ole2Refusal(encrypted: boolean): IntakeError {
  return encrypted
    ? new IntakeError('VALIDATION_FAILED', 'the workbook is password-protected (encrypted): remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password, clear the password), save, and upload again')
    : new IntakeError('VALIDATION_FAILED', `the file is a legacy Excel 97-2003 workbook (.xls), which is not read: ${SAVE_AS}`);
}

export async function* readXlsx(
  input: Readable | AsyncIterable<Buffer | string>,
  operation: BulkOperationName,
  limits: CsvLimits,
  options: XlsxOptions = {},
): AsyncGenerator<IntakeItem, void, undefined> {
  parseOperation(operation);
  const spooled = await spool(input, limits.maxBytes);
  let zip: OpenedZip | undefined;
  try {
    if (isOle2(spooled.head)) throw ole2Refusal(spooled.encrypted);
    if (spooled.bytes === 0) throw new IntakeError('VALIDATION_FAILED', 'the file is empty: expected an .xlsx workbook with a header row and one row per request');
    if (!isZip(spooled.head)) throw new IntakeError('VALIDATION_FAILED', `the file is named as an Excel workbook but is not one (an .xlsx is a zip file): ${SAVE_AS}, or upload the CSV under its own name`);
    zip = await openZip(spooled.file);
    const budgetBytes = limits.maxBytes * INFLATE_FACTOR;
    const budget = new InflateBudget(budgetBytes, budgetBytes);
    const workbook = await readWorkbook(zip, budget, { maxStringBytes: limits.maxBytes, maxStringLength: limits.maxRecordBytes });
    yield* readChosenSheet(zip, workbook, budget, operation, limits, options);
  } finally {
    zip?.close();
    await spooled.remove();
  }
}

function chosenSheets(workbook: Workbook, sheet: string | undefined): SheetInfo[] {
  if (sheet === undefined) {
    const visible = workbook.sheets.filter((info) => info.visible);
    if (visible.length === 0) throw new IntakeError('VALIDATION_FAILED', `every worksheet of the workbook is hidden: unhide the one to read, or name it with ?sheet= (${describeSheets(workbook)})`);
    return visible;
  }
  const exact = workbook.sheets.find((info) => info.name === sheet) ?? workbook.sheets.find((info) => info.name.trim().toLowerCase() === sheet.trim().toLowerCase());
  if (exact === undefined) throw new IntakeError('VALIDATION_FAILED', `the workbook has no sheet named ${JSON.stringify(sheet)}: its sheets are ${describeSheets(workbook)}`, 'sheet');
  return [exact];
}

function describeSheets(workbook: Workbook): string {
  return workbook.sheets.slice(0, 20).map((info) => JSON.stringify(info.name) + (info.visible ? '' : ' (hidden)')).join(', ');
}

async function* readChosenSheet(zip: OpenedZip, workbook: Workbook, budget: InflateBudget, operation: BulkOperationName, limits: CsvLimits, options: XlsxOptions): AsyncGenerator<IntakeItem> {
  const sheets = chosenSheets(workbook, options.sheet);
  let first: { sheet: SheetInfo; error: unknown } | undefined;
  for (const sheet of sheets) {
    if (!zip.entries.has(sheet.part)) throw new IntakeError('VALIDATION_FAILED', `the workbook lists sheet ${JSON.stringify(sheet.name)} but its part ${sheet.part} is missing: ${SAVE_AS}`);
    const merges = await scanMerges(zip, sheet.part, new InflateBudget(limits.maxBytes * INFLATE_FACTOR, limits.maxBytes * INFLATE_FACTOR));
    const rows = readSheet(zip, sheet.part, workbook, budget, { maxRowBytes: limits.maxRecordBytes })[Symbol.asyncIterator]();
    let found: FoundHeader | undefined;
    try {
      found = await findHeader(rows, merges, operation, options, sheet);
    } catch (error) {
      await rows.return?.(undefined);
      // An empty sheet, or one whose first rows name no identifier column: try the next visible one.
      if (!(error instanceof IntakeError) || error.code !== 'VALIDATION_FAILED' || sheets.length === 1 || (error as { wide?: boolean }).wide) throw error;
      first ??= { sheet, error };
      continue;
    }
    yield* sheetItems(found, rows, operation, limits, sheet);
    return;
  }
  const why = first?.error instanceof Error ? first.error.message : 'no sheet has a header row';
  throw new IntakeError('VALIDATION_FAILED', `no visible sheet of the workbook has a header row for ${operation} (sheet ${JSON.stringify(first?.sheet.name ?? '')}: ${why}); name the sheet to read with ?sheet= (${describeSheets(workbook)})`);
}

interface FoundHeader {
  header: CheckedHeader;
  /** Rows read past the header (sample rows for a guessed column, the header itself when it was data). */
  pending: SheetRow[];
  warnings: JobWarning[];
}

/** A row's cells as a record (strings, '' for an empty cell), `width` at least. */
function record(row: SheetRow, width = 0): string[] {
  const out = new Array<string>(Math.max(width, row.cells.length));
  for (let i = 0; i < out.length; i++) out[i] = row.cells[i] ?? '';
  return out;
}

function lastFilled(cells: readonly string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if ((cells[i] as string).trim() !== '') return i;
  return -1;
}

/** The row's cells with each merged range starting at or above it filled with its top-left cell's text. */
function filled(row: SheetRow, cells: string[], merges: readonly Merge[], topTexts: Map<Merge, string>): string[] {
  for (const merge of merges) {
    if (row.row < merge.top || row.row > merge.bottom) continue;
    if (row.row === merge.top) topTexts.set(merge, cells[merge.left] ?? '');
    const text = topTexts.get(merge) ?? '';
    for (let column = merge.left; column <= Math.min(merge.right, MAX_XLSX_COLUMNS); column++) if ((cells[column] ?? '') === '') cells[column] = text;
  }
  return cells;
}

/** The CSV reader applies the same rule to a register's first lines (title-rows.ts). */
const distinct = distinctTexts;

async function findHeader(rows: AsyncIterator<SheetRow>, merges: readonly Merge[], operation: BulkOperationName, options: XlsxOptions, sheet: SheetInfo): Promise<FoundHeader> {
  const topTexts = new Map<Merge, string>();
  const warnings: JobWarning[] = [];
  let next = await rows.next();
  if (next.done === true) throw new IntakeError('VALIDATION_FAILED', `sheet ${JSON.stringify(sheet.name)} is empty: expected a header row (for example GSTIN, Name) and one row per request`);
  let row = next.value;
  let cells = filled(row, record(row), merges, topTexts);
  // Title rows: one text across the row (a report title, often merged over the columns).
  for (let skipped = 0; skipped < TITLE_ROWS && distinct(cells) === 1; skipped++) {
    const after = await rows.next();
    if (after.done === true) break;
    const afterCells = filled(after.value, record(after.value), merges, topTexts);
    if (distinct(afterCells) < 2) {
      // Two one-cell rows: titles when a row of columns follows them (GSTR-2B's B2B sheet has a
      // title and a table name); otherwise a one-column list (a header "GSTIN" over GSTINs), so the first stays.
      const ahead = [after.value];
      let aheadCells = afterCells;
      while (skipped + ahead.length < TITLE_ROWS && distinct(aheadCells) === 1) {
        const further = await rows.next();
        if (further.done === true) break;
        ahead.push(further.value);
        aheadCells = filled(further.value, record(further.value), merges, topTexts);
      }
      if (distinct(aheadCells) < 2) return settleHeader(rows, row, cells, ahead, operation, options, sheet, warnings);
      for (const title of [row, ...ahead.slice(0, -1)]) warnings.push(titleWarning(title, sheet));
      row = ahead.at(-1) as SheetRow;
      cells = aheadCells;
      break;
    }
    warnings.push(titleWarning(row, sheet, cells));
    row = after.value;
    cells = afterCells;
  }
  // A header over two rows (a merged group name above its sub-columns): each column is named by its lowest text.
  const bottom = Math.max(row.row, ...merges.filter((merge) => merge.top === row.row).map((merge) => merge.bottom));
  const extra: SheetRow[] = [];
  while (bottom > row.row) {
    next = await rows.next();
    if (next.done === true) break;
    if (next.value.row > bottom) {
      extra.push(next.value);
      break;
    }
    const lower = filled(next.value, record(next.value, cells.length), merges, topTexts);
    lower.forEach((text, column) => {
      if (text.trim() !== '') cells[column] = text;
    });
    if (next.value.row === bottom) break;
  }
  return settleHeader(rows, row, cells, extra, operation, options, sheet, warnings);
}

function titleWarning(row: SheetRow, sheet: SheetInfo, cells: readonly string[] = record(row)): JobWarning {
  return { code: 'XLSX_ROWS_ABOVE_HEADER', message: `row ${row.row} of sheet ${JSON.stringify(sheet.name)} (${JSON.stringify(cells.find((c) => c.trim() !== '')?.slice(0, 60))}) was read as a title above the header, not as a row` };
}

async function settleHeader(
  rows: AsyncIterator<SheetRow>,
  row: SheetRow,
  cells: string[],
  readAhead: SheetRow[],
  operation: BulkOperationName,
  options: XlsxOptions,
  sheet: SheetInfo,
  warnings: JobWarning[],
): Promise<FoundHeader> {
  const width = lastFilled(cells) + 1;
  if (width > MAX_XLSX_COLUMNS) {
    const error = new IntakeError(
      'VALIDATION_FAILED',
      `the header row (row ${row.row}) of sheet ${JSON.stringify(sheet.name)} reaches column ${width} (${columnName(width - 1)}); at most ${MAX_XLSX_COLUMNS} columns are read: delete the columns right of the data (or the stray cell far right) and save again`,
    );
    throw Object.assign(error, { wide: true });
  }
  const headerCells = cells.slice(0, width);
  let header = checkedHeader(headerCells, operation, { columns: options.columns });
  const pending = [...readAhead];
  if (header.needsSample) {
    while (pending.length < GUESS_SAMPLE_ROWS) {
      const next = await rows.next();
      if (next.done === true) break;
      pending.push(next.value);
    }
    header = checkedHeader(headerCells, operation, { columns: options.columns, sample: pending.map((sampled) => record(sampled, width)) });
  }
  if (header.headerIsData) pending.unshift(row);
  return { header, pending, warnings: [...warnings, ...header.warnings] };
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Columns that hold codes Excel turns into numbers, losing leading zeros. */
const DIN_LIKE = /^(din|director ?(id|identification number)|din ?(no|number)\.?)$/i;
const PIN_LIKE = /^(pin|pin ?code|pincode|postal ?code|zip|zip ?code)$/i;

async function* sheetItems(found: FoundHeader, rows: AsyncIterator<SheetRow>, operation: BulkOperationName, limits: CsvLimits, sheet: SheetInfo): AsyncGenerator<IntakeItem> {
  const { header } = found;
  const names = header.header;
  const renamed = header.headerIsData || header.warnings.length > 0 || Object.entries(header.map).some(([column, index]) => names[index]?.trim().toLowerCase() !== column);
  yield renamed ? { kind: 'header', header: names, map: header.map } : { kind: 'header', header: names };
  for (const warning of found.warnings) yield { kind: 'warning', warning };
  // A DIN is always 8 digits: a number of fewer in the din column lost its leading zeros, certainly.
  const dinColumn = header.map.din;
  const hints = names.map((name, index) => (index === dinColumn ? undefined : DIN_LIKE.test(name.trim()) ? 8 : PIN_LIKE.test(name.trim()) ? 6 : undefined));
  const short = new Map<number, number>();
  let count = 0;
  const item = (row: SheetRow): IntakeItem => {
    count += 1;
    if (count > limits.maxRows) throw new IntakeError('PAYLOAD_TOO_LARGE', `the sheet has more than ${limits.maxRows} rows, ${limits.rowLimitIs ?? 'the limit per job: split it into several jobs'}`);
    const cells = record(row, names.length);
    if (dinColumn !== undefined) {
      const number = row.numbers[dinColumn];
      if (number !== undefined && !row.padded[dinColumn] && Number.isInteger(number) && number > 0 && number < 1e8) cells[dinColumn] = String(number).padStart(8, '0');
    }
    hints.forEach((digits, index) => {
      const number = row.numbers[index];
      if (digits !== undefined && number !== undefined && !row.padded[index] && Number.isInteger(number) && String(number).length < digits) short.set(index, (short.get(index) ?? 0) + 1);
    });
    const overflow = cells.slice(names.length).findIndex((cell) => cell.trim() !== '');
    if (overflow !== -1) {
      const column = columnName(names.length + overflow);
      return {
        kind: 'row',
        row: count,
        columns: Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ''])),
        result: { ok: false, problems: [{ field: 'row', message: `sheet row ${row.row} has a value in column ${column}, right of the header's last column (${columnName(names.length - 1)}): give that column a header or clear the cell` }] },
      };
    }
    return rowItem(count, cells, operation, header);
  };
  for (const row of found.pending) yield item(row);
  for (let next = await rows.next(); next.done !== true; next = await rows.next()) yield item(next.value);
  if (count === 0) throw new IntakeError('VALIDATION_FAILED', `sheet ${JSON.stringify(sheet.name)} has a header row but no rows: expected one row per request under the header`);
  for (const [index, rowsShort] of short) {
    const digits = hints[index] as number;
    const what = digits === 8 ? 'DINs have 8 digits' : 'PIN codes have 6 digits';
    yield {
      kind: 'warning',
      warning: {
        code: 'XLSX_NUMBER_LOST_ZEROS',
        message: `column ${JSON.stringify(names[index])} holds numbers with fewer than ${digits} digits in ${rowsShort} rows (${what}; Excel drops leading zeros from numbers): they are kept as they are; format the column as Text, or with the custom format ${'0'.repeat(digits)}, and check those rows`,
      },
    };
  }
}

