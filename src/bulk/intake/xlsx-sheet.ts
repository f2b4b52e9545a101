/**
 * One worksheet's rows, streamed: each `<row>` becomes the cells' text as Excel shows it
 * (shared and inline strings, cached values of formulas, numbers and dates through their
 * number formats), with the number behind a numeric cell kept beside it. Nothing is held
 * past a row; a row's markup, and any run of markup between rows, is bounded so that
 * padding cannot make the parser buffer without end.
 */
import { IntakeError } from './intake-error.js';
import { formatNumber, general } from './xlsx-number-format.js';
import type { Workbook } from './xlsx-parts.js';
import { attribute, decodeExcelEscapes, scanXml, type ScanHandlers } from './xlsx-scan.js';
import type { InflateBudget, OpenedZip } from './xlsx-zip.js';

/** Excel's widest sheet: column XFD. */
export const EXCEL_COLUMNS = 16_384;

export interface SheetRow {
  /** The row's number in the sheet (1-based, as Excel shows it). */
  row: number;
  /** Cell text by column (0-based), as shown; missing cells are undefined. */
  cells: (string | undefined)[];
  /** The number behind a numeric cell (not a date), for the leading-zero rule. */
  numbers: (number | undefined)[];
  /** Whether a numeric cell's format pads it with zeros already (00000000). */
  padded: boolean[];
}

export interface SheetLimits {
  /** Bytes of text in one row (the CSV row limit). */
  maxRowBytes: number;
}

/** Column index (0-based) of a cell reference such as "AB12"; undefined if it has none. */
export function columnOf(ref: string): number | undefined {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
    if (column > EXCEL_COLUMNS) return EXCEL_COLUMNS; // past XFD: caught by the caller as too wide
  }
  return i === 0 ? undefined : column - 1;
}

export async function* readSheet(zip: OpenedZip, part: string, workbook: Workbook, budget: InflateBudget, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const ready: SheetRow[] = [];
  let current: SheetRow | undefined;
  let nextRow = 1;
  let rowText = 0;
  let nextColumn = 0;
  // The cell being read.
  let column = 0;
  let type = 'n';
  let style = 0;
  let value = '';
  let inline = '';
  let inValue = false;
  let inInlineText = false;
  let inPhonetic = false;
  let mark = 0;
  let position = 0;
  const rowTooLong = (row: number) =>
    new IntakeError('PAYLOAD_TOO_LARGE', `row ${row} of the sheet is longer than the limit of ${limits.maxRowBytes} bytes per row`);
  const handlers: ScanHandlers = {
    open(name, attributes) {
      if (name === 'c') {
        if (current === undefined) return;
        const ref = attribute(attributes, 'r');
        column = (ref === undefined ? undefined : columnOf(ref)) ?? nextColumn;
        if (column >= EXCEL_COLUMNS) throw new IntakeError('VALIDATION_FAILED', `row ${current.row} of the sheet has a cell past column XFD, Excel's last: save the workbook again from Excel`);
        nextColumn = column + 1;
        type = attribute(attributes, 't') ?? 'n';
        style = Number(attribute(attributes, 's') ?? 0);
        value = '';
        inline = '';
      } else if (name === 'v') inValue = true;
      else if (name === 't') inInlineText = !inPhonetic;
      else if (name === 'row') {
        const r = Number(attribute(attributes, 'r'));
        const row = Number.isInteger(r) && r >= nextRow ? r : nextRow;
        current = { row, cells: [], numbers: [], padded: [] };
        nextRow = row + 1;
        nextColumn = 0;
        rowText = 0;
      } else if (name === 'rPh') inPhonetic = true;
    },
    text(text) {
      if (inValue) value += text;
      else if (inInlineText) inline += text;
      else return;
      if (current !== undefined && rowText + value.length + inline.length > limits.maxRowBytes) throw rowTooLong(current.row);
    },
    close(name) {
      if (name === 'v') inValue = false;
      else if (name === 't') inInlineText = false;
      else if (name === 'c') {
        if (current === undefined) return;
        const shown = cellText(type, style, value, decodeExcelEscapes(inline), workbook, current, column);
        if (shown !== undefined && shown !== '') {
          current.cells[column] = shown;
          rowText += Buffer.byteLength(shown) + 1;
          if (rowText > limits.maxRowBytes) throw rowTooLong(current.row);
        }
      } else if (name === 'row') {
        if (current !== undefined && current.cells.some((cell) => cell !== undefined && cell.trim() !== '')) ready.push(current);
        current = undefined;
        mark = position;
      } else if (name === 'rPh') inPhonetic = false;
    },
  };
  // Markup between two row ends is bounded: a row of at most maxRowBytes of text in up to
  // 16,384 cells, with generous room for attributes, formulas and whitespace.
  const bound = limits.maxRowBytes * 16 + EXCEL_COLUMNS * 64;
  const check = (consumed: number) => {
    position = consumed;
    if (consumed - mark > bound) {
      throw new IntakeError('PAYLOAD_TOO_LARGE', `row ${current?.row ?? nextRow} of the sheet holds more than ${bound} bytes of markup, more than any row within the limit of ${limits.maxRowBytes} bytes needs (a crafted file?): save the workbook again from Excel`);
    }
  };
  for await (const _ of scanXml(zip.read(part, budget), handlers, bound, check)) {
    void _;
    // Rows closed in this chunk: their end is within it, so the mark is its end.
    if (ready.length > 0) {
      mark = position;
      yield* ready.splice(0, ready.length);
    }
  }
  yield* ready;
}

function cellText(type: string, style: number, value: string, inline: string, workbook: Workbook, row: SheetRow, column: number): string | undefined {
  switch (type) {
    case 's': {
      const text = workbook.strings.get(Number(value));
      if (text === undefined && value !== '') throw new IntakeError('VALIDATION_FAILED', `row ${row.row} of the sheet points to shared string ${value}, which the workbook does not have: save it again from Excel`);
      return text;
    }
    case 'inlineStr':
      return inline;
    case 'str':
      return value;
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    case 'e':
      // #N/A, #REF! and the like, as the cell shows them: the row is then refused as invalid, by name.
      return value;
    case 'd':
      return value.replace(/T00:00:00(\.0+)?Z?$/, '');
    default: {
      if (value === '') return undefined;
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      const format = workbook.formats[style] ?? 'General';
      const shown = formatNumber(number, format, workbook.date1904);
      if (/^[0-9]+$/.test(shown) || shown === general(number)) {
        row.numbers[column] = number;
        row.padded[column] = /^0[0-9]/.test(shown);
      }
      return shown;
    }
  }
}
