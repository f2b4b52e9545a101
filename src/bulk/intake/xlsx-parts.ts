/**
 * The parts of a workbook the intake needs before a sheet: its sheets (names, visibility,
 * where each is), its date system, the number format of each cell style, and the shared
 * strings table, held compactly (UTF-8 in slabs, one offset per string) and bounded by the
 * intake's byte limit. XML is read with saxes, which expands no entities of its own making.
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { IntakeError } from './intake-error.js';
import { builtInFormat } from './xlsx-number-format.js';
import { decodeExcelEscapes, scanXml, type ScanHandlers } from './xlsx-scan.js';
import type { InflateBudget, OpenedZip } from './xlsx-zip.js';

/** Small parts (workbook, relationships, styles) are read whole, up to this. */
const SMALL_PART_BYTES = 16 * 1024 * 1024;

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Feeds a part's bytes to a saxes parser; `check` runs after each chunk (the caller's bounds). */
export async function* parsed(chunks: AsyncIterable<Buffer>, parser: SaxesParser, check: () => void = () => {}): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of chunks) {
      parser.write(decoder.write(chunk));
      check();
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    if (error instanceof IntakeError) throw error;
    throw new IntakeError('VALIDATION_FAILED', `the workbook's XML is malformed (${(error as Error).message.slice(0, 200)}): open it in Excel, save it again as .xlsx, and upload that`);
  }
}

/** A part read whole, refused past SMALL_PART_BYTES. */
async function* capped(zip: OpenedZip, name: string, budget: InflateBudget): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of zip.read(name, budget)) {
    bytes += chunk.length;
    if (bytes > SMALL_PART_BYTES) throw new IntakeError('VALIDATION_FAILED', `the workbook's ${name} is larger than ${SMALL_PART_BYTES} bytes, more than any Excel workbook needs: save it again from Excel as .xlsx`);
    yield chunk;
  }
}

async function readSmall(zip: OpenedZip, name: string, budget: InflateBudget, onTag: (tag: SaxesTagPlain) => void): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => onTag(tag as SaxesTagPlain));
  for await (const _ of parsed(capped(zip, name, budget), parser)) void _;
}

export interface SheetInfo {
  name: string;
  visible: boolean;
  /** The sheet's part in the zip (xl/worksheets/sheet1.xml). */
  part: string;
}

export interface Workbook {
  sheets: SheetInfo[];
  date1904: boolean;
  /** The number format code of each cell style (cellXfs index). */
  formats: string[];
  strings: SharedStrings;
}

/** `target` of a relationship of the part `from` (relative to its folder, or absolute). */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/** Parts a workbook's relationships name, by id. */
async function relationships(zip: OpenedZip, part: string, budget: InflateBudget): Promise<Map<string, { type: string; target: string }>> {
  const folder = part.split('/').slice(0, -1).join('/');
  const relsName = `${folder === '' ? '' : `${folder}/`}_rels/${part.split('/').pop()}.rels`;
  const rels = new Map<string, { type: string; target: string }>();
  if (!zip.entries.has(relsName)) return rels;
  await readSmall(zip, relsName, budget, (tag) => {
    if (localName(tag.name) === 'Relationship' && tag.attributes.Id !== undefined && tag.attributes.Target !== undefined) {
      rels.set(tag.attributes.Id, { type: tag.attributes.Type ?? '', target: resolveTarget(part, tag.attributes.Target) });
    }
  });
  return rels;
}

export interface PartLimits {
  /** Bytes of all shared strings together (the CSV byte limit). */
  maxStringBytes: number;
  /** Bytes of one string (a CSV row's limit). */
  maxStringLength: number;
}

/** The most strings a table may hold (4 bytes of offset each). */
export const MAX_SHARED_STRINGS = 16 * 1024 * 1024;

export async function readWorkbook(zip: OpenedZip, budget: InflateBudget, limits: PartLimits): Promise<Workbook> {
  // The workbook part is named by the package's relationships; xl/workbook.xml by convention.
  // The package's own relationships (_rels/.rels) belong to the part named "" at the root.
  const root = await relationships(zip, '', budget);
  let workbookPart = [...root.values()].find((rel) => rel.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!zip.entries.has(workbookPart)) workbookPart = 'xl/workbook.xml';
  if (!zip.entries.has(workbookPart)) {
    if (zip.entries.has('xl/workbook.bin')) throw new IntakeError('VALIDATION_FAILED', 'the file is an Excel binary workbook (.xlsb): open it in Excel and save it as .xlsx (Excel Workbook) or "CSV UTF-8"');
    if (zip.entries.has('content.xml')) throw new IntakeError('VALIDATION_FAILED', 'the file is an OpenDocument spreadsheet (.ods): save it as .xlsx (Excel 2007-365) or "CSV UTF-8"');
    throw new IntakeError('VALIDATION_FAILED', 'the file is a zip archive but not an Excel workbook (it has no xl/workbook.xml): upload an .xlsx saved by Excel, or a CSV');
  }
  const rels = await relationships(zip, workbookPart, budget);
  const sheets: SheetInfo[] = [];
  let date1904 = false;
  await readSmall(zip, workbookPart, budget, (tag) => {
    const name = localName(tag.name);
    if (name === 'workbookPr') date1904 = tag.attributes.date1904 === '1' || tag.attributes.date1904 === 'true';
    if (name === 'sheet') {
      const id = Object.entries(tag.attributes).find(([key]) => localName(key) === 'id' && key !== 'sheetId')?.[1];
      const rel = id === undefined ? undefined : rels.get(id);
      // Chart sheets and dialog sheets have no cells: only worksheets are candidates.
      if (rel === undefined || !rel.type.endsWith('/worksheet')) return;
      sheets.push({ name: tag.attributes.name ?? '', visible: (tag.attributes.state ?? 'visible') === 'visible', part: rel.target });
    }
  });
  if (sheets.length === 0) throw new IntakeError('VALIDATION_FAILED', 'the workbook has no worksheet (only charts, or none at all): put the rows on a worksheet with a header row, or upload a CSV');
  const formats = await readStyles(zip, [...rels.values()].find((rel) => rel.type.endsWith('/styles'))?.target, budget);
  const stringsPart = [...rels.values()].find((rel) => rel.type.endsWith('/sharedStrings'))?.target;
  const strings = new SharedStrings();
  if (stringsPart !== undefined && zip.entries.has(stringsPart)) await readSharedStrings(zip, stringsPart, budget, limits, strings);
  return { sheets, date1904, formats, strings };
}

async function readStyles(zip: OpenedZip, part: string | undefined, budget: InflateBudget): Promise<string[]> {
  if (part === undefined || !zip.entries.has(part)) return [];
  const custom = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? 'General'));
    else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) xfs.push(Number(tag.attributes.numFmtId ?? 0));
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  for await (const _ of parsed(capped(zip, part, budget), parser)) void _;
  return xfs.map((id) => custom.get(id) ?? builtInFormat(id));
}

const SLAB_BYTES = 4 * 1024 * 1024;

/**
 * The shared strings table: a workbook's text cells point into it by index, in any order, so
 * it is held while the sheet is read; as UTF-8 bytes in fixed slabs with one offset per string
 * (JavaScript strings would cost several times as much, and slices of the parser's chunks
 * would keep whole chunks alive).
 */
export class SharedStrings {
  private slabs: Buffer[] = [];
  private starts = new Uint32Array(1024);
  private count = 0;
  private bytes = 0;

  get size(): number {
    return this.count;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  add(text: string): void {
    if (this.count + 1 >= this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    const encoded = Buffer.from(text, 'utf8');
    let at = 0;
    while (at < encoded.length) {
      const slab = Math.floor(this.bytes / SLAB_BYTES);
      if (slab >= this.slabs.length) this.slabs.push(Buffer.allocUnsafe(SLAB_BYTES));
      const offset = this.bytes % SLAB_BYTES;
      const n = Math.min(encoded.length - at, SLAB_BYTES - offset);
      encoded.copy(this.slabs[slab] as Buffer, offset, at, at + n);
      at += n;
      this.bytes += n;
    }
    this.count += 1;
    this.starts[this.count] = this.bytes;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = this.starts[index] as number;
    const end = this.starts[index + 1] as number;
    const first = Math.floor(start / SLAB_BYTES);
    if (first === Math.floor((end - 1) / SLAB_BYTES) || end === start) {
      const offset = start % SLAB_BYTES;
      return end === start ? '' : (this.slabs[first] as Buffer).toString('utf8', offset, offset + (end - start));
    }
    const pieces: Buffer[] = [];
    for (let at = start; at < end; ) {
      const slab = Math.floor(at / SLAB_BYTES);
      const offset = at % SLAB_BYTES;
      const n = Math.min(end - at, SLAB_BYTES - offset);
      pieces.push((this.slabs[slab] as Buffer).subarray(offset, offset + n));
      at += n;
    }
    return Buffer.concat(pieces).toString('utf8');
  }
}

async function readSharedStrings(zip: OpenedZip, part: string, budget: InflateBudget, limits: PartLimits, strings: SharedStrings): Promise<void> {
  let inSi = false;
  let inText = false;
  let inPhonetic = false;
  let current = '';
  let mark = 0;
  let position = 0;
  const tooLarge = (what: string) =>
    new IntakeError('PAYLOAD_TOO_LARGE', `the workbook's shared strings table ${what}: the text a sheet within the limits can hold is at most ${limits.maxStringBytes} bytes; split the file or upload the sheet as CSV`);
  const handlers: ScanHandlers = {
    open(name) {
      if (name === 'si') {
        inSi = true;
        current = '';
      } else if (name === 't') inText = inSi && !inPhonetic;
      else if (name === 'rPh') inPhonetic = true;
    },
    text(text) {
      if (!inText) return;
      current += text;
      if (current.length > limits.maxStringLength) throw tooLarge(`has a string longer than ${limits.maxStringLength} characters, the limit of one row`);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        inSi = false;
        strings.add(decodeExcelEscapes(current));
        current = '';
        mark = position;
        if (strings.totalBytes > limits.maxStringBytes) throw tooLarge(`holds more than ${limits.maxStringBytes} bytes of text`);
        if (strings.size > MAX_SHARED_STRINGS) throw tooLarge(`holds more than ${MAX_SHARED_STRINGS} strings`);
      }
    },
  };
  // Between two strings there is only markup: a long run without one is padding, not data.
  const bound = limits.maxStringLength * 16 + 65_536;
  const check = (consumed: number) => {
    position = consumed;
    if (consumed - mark > bound) throw tooLarge(`has a string (or padding) longer than ${limits.maxStringLength} characters, the limit of one row`);
  };
  for await (const _ of scanXml(zip.read(part, budget), handlers, bound, check)) void _;
}
