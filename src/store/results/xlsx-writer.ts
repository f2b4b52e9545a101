/**
 * One-sheet .xlsx files written as a stream (results.xlsx, changes.xlsx, the bulk templates):
 * rows become SpreadsheetML text a batch at a time and are deflated into the zip as they come
 * (zip-writer.ts), with inline strings (a shared-strings table would hold every distinct text
 * of the file in memory), so memory stays bounded however many rows.
 *
 * What a finance or onboarding user gets: the header row bold, frozen and filterable
 * (autofilter over every row, which filters by fill colour too), every text cell a text cell
 * with the text format (`@`), so an identifier never turns into a number (a DIN keeps its
 * leading zero, a GSTIN never becomes 2.7E+14) even when edited, and problem rows filled
 * light red.
 *
 * Cells are given as they are, never with the CSV's formula-escaping `'` (formula-escape.ts):
 * a string cell is never evaluated in a workbook, so an apostrophe would only corrupt the
 * user's data. A text cell that starts like a formula gets Excel's quote-prefix style instead
 * (`quotePrefix="1"`, what Excel itself sets when a user types `'=x`): Excel shows the text
 * as it is and keeps it text when the user edits the cell (F2, Enter).
 *
 * Excel's own limits are kept: at most 1,048,576 rows and 32,767 characters a cell. A file
 * with more rows than fit ends with a row that says where the rest are.
 */
import type { Writable } from 'node:stream';
import { constants } from 'node:zlib';
import { startsFormula } from '../../domain/formula-escape.js';
import type { ResultStore } from './result-store.js';
import { ZIP_PART_LIMIT, ZipWriter, type ByteSink, type StreamedPart } from './zip-writer.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit on a cell's text: a longer one makes Excel "repair" the file. */
const CELL_CHARS = 32_767;
/** Excel's rows per sheet, the header included. */
export const XLSX_MAX_ROWS = 1_048_576;
/** Room kept under the zip's 4 GiB part limit for the last row, the note and the sheet's end. */
const SHEET_BYTES = ZIP_PART_LIMIT - 4 * 1024 * 1024;
/** Sheet text gathered before it goes to the zip: one deflate write per batch, not per row. */
const FLUSH_CHARS = 256 * 1024;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Cell styles (cellXfs) by index. Number formats are Excel's built-in ones: 49 text (`@`),
 * 1 `0`, 2 `0.00`. Fill 2 is the problem fill. 8 to 10 are text, header and problem text with
 * the quote prefix, for text that starts like a formula.
 */
const STYLE = { text: 1, header: 2, textProblem: 3, integer: 4, amount: 5, integerProblem: 6, amountProblem: 7 } as const;
const QUOTED: Readonly<Record<number, number>> = { [STYLE.text]: 8, [STYLE.header]: 9, [STYLE.textProblem]: 10 };
const STYLES_XML =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFFFC7CE"/><bgColor indexed="64"/></patternFill></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="11">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="2" borderId="0" xfId="0" applyNumberFormat="1" applyFill="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="2" borderId="0" xfId="0" applyNumberFormat="1" applyFill="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="2" borderId="0" xfId="0" applyNumberFormat="1" applyFill="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1" quotePrefix="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="2" borderId="0" xfId="0" applyNumberFormat="1" applyFill="1" quotePrefix="1"/>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const CONTENT_TYPES_XML =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS_XML =
  `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS_XML =
  `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

export interface XlsxColumn {
  /** The header cell, as it is (not escaped: see the file's comment). */
  header: string;
  /** `integer` and `amount` (two decimals) cells hold numbers: our own counts and rupees. Everything else is text. */
  kind?: 'text' | 'integer' | 'amount';
  width?: number;
}

export interface XlsxSheetOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** The last row when rows had to be left out (Excel's row limit): where they are instead. */
  overflowNote?: string;
  /** Rows the sheet may hold, the header and that note included: Excel's limit unless told (tests). */
  maxRows?: number;
}

/** Where the workbook's bytes go, and what makes them whole (a store's commit) or drops them. */
interface Sink extends ByteSink {
  commit(): Promise<void>;
  abort(): Promise<void>;
}

// XML 1.0 has no place for most control characters (nor unpaired surrogates and U+FFFE/FFFF):
// Excel refuses a file that has one, so they are left out.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// A raw CR in XML text reads back as LF (XML's line-end rule): written as a reference it stays.
const XML_SPECIAL = /[&<>"\r]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Most cells need neither: tested once rather than replaced twice. */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML, '').replace(XML_SPECIAL, (c) => ENTITIES[c] as string);
}

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A sheet name as Excel allows it: no []:*?/\, at most 31 characters. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

export class XlsxSheetWriter {
  private readonly letters: string[];
  private part: StreamedPart | undefined;
  private pending = '';
  /** Rows in the sheet so far, the header included. */
  private rows = 0;
  private overflowed = false;

  private constructor(
    private readonly sink: Sink,
    private readonly zip: ZipWriter,
    private readonly options: XlsxSheetOptions,
  ) {
    this.letters = options.columns.map((_, index) => columnLetters(index));
  }

  /** A workbook written to a stream (a reply); `commit` ends it. */
  static async toStream(stream: Writable, options: XlsxSheetOptions): Promise<XlsxSheetWriter> {
    const sink: Sink = {
      write: async (bytes) => {
        if (stream.destroyed) throw new Error('the download was closed');
        if (!stream.write(bytes)) await new Promise<void>((resolve, reject) => {
          stream.once('drain', resolve);
          stream.once('close', () => reject(new Error('the download was closed')));
        });
      },
      commit: async () => {
        await new Promise<void>((resolve) => stream.end(resolve));
      },
      abort: async () => {
        stream.destroy();
      },
    };
    return XlsxSheetWriter.open(sink, options);
  }

  /** A workbook written as a job's file through the result store (local folder or S3 alike). */
  static async toStore(results: Pick<ResultStore, 'openWriter'>, jobId: string, name: string, options: XlsxSheetOptions): Promise<XlsxSheetWriter> {
    const writer = await results.openWriter(jobId, name);
    return XlsxSheetWriter.open({ write: (bytes) => writer.write(bytes), commit: () => writer.commit(), abort: () => writer.abort() }, options);
  }

  private static async open(sink: Sink, options: XlsxSheetOptions): Promise<XlsxSheetWriter> {
    // zlib's fastest level: half the time of its default for a sheet of results (1.6 s instead of
    // 3.4 s per 100,000 rows, which finalize waits for), for a file about a tenth larger.
    const zip = new ZipWriter(sink, constants.Z_BEST_SPEED);
    const writer = new XlsxSheetWriter(sink, zip, options);
    try {
      await zip.addFile('[Content_Types].xml', CONTENT_TYPES_XML);
      await zip.addFile('_rels/.rels', ROOT_RELS_XML);
      await zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS_XML);
      await zip.addFile('xl/styles.xml', STYLES_XML);
      writer.part = await zip.openPart('xl/worksheets/sheet1.xml');
      const cols = options.columns
        .map((column, index) => {
          const width = column.width ?? Math.min(40, Math.max(10, column.header.length + 2));
          const style = column.kind === 'integer' ? STYLE.integer : column.kind === 'amount' ? STYLE.amount : STYLE.text;
          return `<col min="${index + 1}" max="${index + 1}" width="${width}" style="${style}" customWidth="1"/>`;
        })
        .join('');
      writer.pending =
        `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/>${cols === '' ? '' : `<cols>${cols}</cols>`}<sheetData>`;
      writer.addCells(options.columns.map((column) => column.header), STYLE.header, false);
    } catch (error) {
      await sink.abort();
      throw error;
    }
    return writer;
  }

  private addCells(cells: readonly (string | number)[], textStyle: number, problem: boolean): void {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    for (let index = 0; index < this.letters.length; index++) {
      const cell = cells[index] ?? '';
      const kind = this.options.columns[index]?.kind;
      const ref = `${this.letters[index] as string}${r}`;
      const numeric = r > 1 && (kind === 'integer' || kind === 'amount');
      const style = !numeric ? textStyle : kind === 'integer' ? (problem ? STYLE.integerProblem : STYLE.integer) : problem ? STYLE.amountProblem : STYLE.amount;
      if (cell === '') {
        // An empty cell stays empty, as a CSV's does; a problem row's is filled all the same.
        if (problem) xml += `<c r="${ref}" s="${style}"/>`;
        continue;
      }
      const number = numeric ? Number(cell) : Number.NaN;
      if (Number.isFinite(number)) {
        xml += `<c r="${ref}" s="${style}"><v>${number}</v></c>`;
      } else {
        const raw = String(cell);
        const text = xmlText(raw.slice(0, CELL_CHARS));
        const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
        const s = startsFormula(raw) ? (QUOTED[textStyle] as number) : style;
        xml += `<c r="${ref}" s="${s}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
      }
    }
    this.pending += `${xml}</row>`;
  }

  /**
   * Adds a row: cells in column order, text as given (not escaped), numbers for
   * `integer`/`amount` columns when they read as one. `problem` fills the row. Past Excel's
   * row limit (or the zip's size) rows are left out and the sheet ends with overflowNote.
   */
  addRow(cells: readonly (string | number)[], problem = false): void {
    if (this.overflowed) return;
    const size = (this.part?.size ?? 0) + this.pending.length * 3;
    if (this.rows >= (this.options.maxRows ?? XLSX_MAX_ROWS) - 1 || size > SHEET_BYTES) {
      this.overflowed = true;
      this.addCells([this.options.overflowNote ?? 'Excel holds no more rows: the rest are in the CSV file.'], STYLE.textProblem, true);
      return;
    }
    this.addCells(cells, problem ? STYLE.textProblem : STYLE.text, problem);
  }

  /** Hands the rows added so far to the zip once enough have gathered; waits while it is busy. */
  async drained(): Promise<void> {
    if (this.pending.length >= FLUSH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    const text = this.pending;
    this.pending = '';
    if (text !== '') await this.part?.write(text);
  }

  /** The workbook whole (and, for a store's file, durably under its name). */
  async commit(): Promise<void> {
    try {
      const lastColumn = this.letters[this.letters.length - 1];
      const range = lastColumn === undefined ? undefined : `A1:${lastColumn}${this.rows}`;
      this.pending += `</sheetData>${range === undefined ? '' : `<autoFilter ref="${range}"/>`}</worksheet>`;
      await this.flush();
      await this.part?.end();
      const name = sheetName(this.options.sheetName);
      const filter = range === undefined ? '' : `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${xmlText(name.replace(/'/g, "''"))}'!$${range.replace(':', ':$').replace(/([A-Z]+)(\d+)/g, '$1$$$2')}</definedName></definedNames>`;
      await this.zip.addFile('xl/workbook.xml', `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets>${filter}</workbook>`);
      await this.zip.finish();
      await this.sink.commit();
    } catch (error) {
      await this.sink.abort();
      throw error;
    }
  }

  /** Drops what was written: a store's file keeps what it had. */
  async abort(): Promise<void> {
    await this.sink.abort();
  }
}
