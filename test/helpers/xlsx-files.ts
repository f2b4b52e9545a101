/**
 * Workbooks made by the tests, byte by byte: a small zip writer (stored or deflated entries,
 * sizes that may lie) and the few parts an .xlsx needs, so each hostile case is built here
 * rather than committed as a binary fixture.
 */
import { deflateRawSync, crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored (0) or deflated (8, the default). */
  method?: 0 | 8;
  /** Claim this uncompressed size instead of the real one (a lying zip). */
  claimedSize?: number;
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const size = entry.claimedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell: text (inline string), a number, or raw XML attributes and content. */
export type Cell = string | number | null | { t?: string; s?: number; v?: string; f?: string; is?: string };

export function cellXml(ref: string, cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`;
  const attrs = `${cell.t === undefined ? '' : ` t="${cell.t}"`}${cell.s === undefined ? '' : ` s="${cell.s}"`}`;
  const inner = `${cell.f === undefined ? '' : `<f>${escape(cell.f)}</f>`}${cell.v === undefined ? '' : `<v>${escape(cell.v)}</v>`}${cell.is === undefined ? '' : `<is><t>${escape(cell.is)}</t></is>`}`;
  return `<c r="${ref}"${attrs}>${inner}</c>`;
}

export function rowXml(rowNumber: number, cells: readonly Cell[]): string {
  return `<row r="${rowNumber}">${cells.map((cell, index) => cellXml(`${columnLetters(index)}${rowNumber}`, cell)).join('')}</row>`;
}

export function sheetXml(rows: readonly (readonly Cell[])[], extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.map((cells, index) => rowXml(index + 1, cells)).join('')}</sheetData>${extra}</worksheet>`;
}

export interface SheetSpec {
  name: string;
  xml: string;
  state?: 'hidden' | 'veryHidden';
}

const NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a workbook around its sheets; `sharedStrings` and `styles` are XML when given. */
export function workbookEntries(sheets: readonly SheetSpec[], parts: { sharedStrings?: string; styles?: string; date1904?: boolean } = {}): ZipEntry[] {
  const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
  if (parts.sharedStrings !== undefined) rels.push(`<Relationship Id="rIdS" Type="${NS}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (parts.styles !== undefined) rels.push(`<Relationship Id="rIdT" Type="${NS}/styles" Target="styles.xml"/>`);
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: '_rels/.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${NS}">${parts.date1904 === true ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheets
        .map((sheet, i) => `<sheet name="${escape(sheet.name)}" sheetId="${i + 1}"${sheet.state === undefined ? '' : ` state="${sheet.state}"`} r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    // As Excel writes them: the sheets before the shared strings.
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: sheet.xml })),
  ];
  if (parts.styles !== undefined) entries.push({ name: 'xl/styles.xml', data: parts.styles });
  if (parts.sharedStrings !== undefined) entries.push({ name: 'xl/sharedStrings.xml', data: parts.sharedStrings });
  return entries;
}

export function sharedStringsXml(strings: readonly string[]): string {
  return `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`;
}

/** styles.xml with custom number formats (id ≥ 164) and one cellXfs entry per numFmtId given. */
export function stylesXml(numFmts: Readonly<Record<number, string>>, cellXfs: readonly number[]): string {
  const fmts = Object.entries(numFmts).map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escape(code)}"/>`);
  return `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${fmts.length}">${fmts.join('')}</numFmts><cellXfs count="${cellXfs.length}">${cellXfs.map((id) => `<xf numFmtId="${id}"/>`).join('')}</cellXfs></styleSheet>`;
}

export function xlsx(rows: readonly (readonly Cell[])[], name = 'Sheet1'): Buffer {
  return zip(workbookEntries([{ name, xml: sheetXml(rows) }]));
}
