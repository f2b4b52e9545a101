import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, waitForJob, type JobStatus } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { rowXml, sharedStringsXml, sheetXml, stylesXml, workbookEntries, xlsx, zip, type Cell } from '../helpers/xlsx-files.js';
import { envelopeOf } from './routes.js';

/**
 * A corpus of hostile and awkward .xlsx uploads, each made here byte by byte (nothing binary is
 * committed), sent to POST /v1/bulk/jobs as a browser sends a workbook. Each is refused with a
 * 400/413 that says what to do, nothing held, or run to the end with a status per row. The
 * service runs with a 1 MB byte limit and 2,000 rows, so the bombs reach the limits quickly.
 */
const GSTIN = scenario('clean-company').identifiers.gstin!;
const GSTIN_2 = scenario('docs-example-llp').identifiers.gstin!;
const UNKNOWN = '27ZZZCZ0404Z1ZT';
const BOUNDARY = '----bvxlsxboundary';
const MAX_BYTES = 1024 * 1024;
const MAX_ROWS = 2_000;

function upload(key: string, file: Buffer, query = '', filename = 'vendors.xlsx'): InjectOptions {
  return fileUpload(key, { operation: 'gst.verify' }, { name: filename, bytes: file, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, `/v1/bulk/jobs${query}`);
}

interface ResultLine {
  row: number;
  input: Record<string, string>;
  status: string;
  error: { message: string } | null;
}

type Expectation = { refused: 400 | 413; message: RegExp; field?: string } | { rows: number; check?: (lines: ResultLine[]) => void };

/** An OLE2 compound file's signature and a directory naming `streams` (UTF-16LE), as Excel writes .xls and encrypted .xlsx. */
function ole2(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.concat(streams.map((name) => Buffer.concat([Buffer.from(name, 'utf16le'), Buffer.alloc(128 - name.length * 2)])));
  return Buffer.concat([header, directory, Buffer.alloc(1024, 0x41)]);
}

const valid = () => xlsx([['GSTIN', 'Vendor'], [GSTIN, 'A'], [UNKNOWN, 'B']]);
const rowsOf = (count: number, make: (i: number) => Cell[]) => Array.from({ length: count }, (_, i) => make(i));

const CORPUS: [string, () => Buffer, Expectation, string?][] = [
  ['a legacy .xls (Excel 97-2003)', () => ole2(['Root Entry', 'Workbook', 'SummaryInformation']), { refused: 400, message: /legacy Excel 97-2003 workbook \(\.xls\).*save it as \.xlsx/ }],
  ['a password-protected (encrypted) workbook', () => ole2(['Root Entry', 'EncryptionInfo', 'EncryptedPackage']), { refused: 400, message: /password-protected.*remove the password/ }],
  ['a zip cut short (truncated upload)', () => valid().subarray(0, Math.floor(valid().length * 0.6)), { refused: 400, message: /damaged or incomplete/ }],
  ['a corrupt zip (garbage after the signature)', () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 0x5a)]), { refused: 400, message: /damaged or incomplete/ }],
  ['a .xlsx that is really a CSV', () => Buffer.from(`gstin\n${GSTIN}\n`), { refused: 400, message: /not one \(an \.xlsx is a zip file\)/ }],
  ['a workbook with no sheet', () => zip(workbookEntries([])), { refused: 400, message: /no worksheet/ }],
  ['a zip bomb: rows of padding unpacking past the limits (checked while inflating)', () =>
    zip(workbookEntries([{ name: 'S', xml: sheetXml([['GSTIN'], ...rowsOf(60, () => [GSTIN])]).replace(/<\/row>/g, `${' '.repeat(1024 * 1024)}</row>`) }])),
    { refused: 413, message: /unpacks to more than 12582912 bytes.*zip bomb/ }],
  ['a zip bomb that lies about its size', () => zip(workbookEntries([{ name: 'S', xml: sheetXml([['GSTIN'], [GSTIN]]) + ' '.repeat(4 * 1024 * 1024) }]).map((e) => (e.name.includes('sheet1') ? { ...e, claimedSize: 5000 } : e))), { refused: 400, message: /damaged or incomplete/ }],
  ['padding between rows, past any row', () => zip(workbookEntries([{ name: 'S', xml: sheetXml([['GSTIN'], [GSTIN]]).replace('</row>', `</row>${' '.repeat(6 * 1024 * 1024)}`) }])), { refused: 413, message: /bytes of markup/ }],
  ['more rows than the limit, compressed to nothing', () => xlsx([['GSTIN'], ...rowsOf(MAX_ROWS + 5, () => [GSTIN])]), { refused: 413, message: /more than 2000 rows/ }],
  ['a sheet with 16,384 columns', () => xlsx([[...rowsOf(16_383, (i) => [`${i % 10}`]).map((c) => c[0]!), 'GSTIN'], [GSTIN]]), { refused: 400, message: /reaches column 16384 \(XFD\); at most 1024 columns/ }],
  ['a shared-strings table larger than the limits', () =>
    zip(workbookEntries([{ name: 'S', xml: sheetXml([[{ t: 's', v: '0' }], [{ t: 's', v: '1' }]]) }], { sharedStrings: sharedStringsXml(['GSTIN', GSTIN, ...rowsOf(40_000, (i) => [`vendor name number ${i} padded out`]).map((c) => c[0] as string)]) })),
    { refused: 413, message: /shared strings table holds more than 1048576 bytes/ }],
  ['every sheet hidden', () => zip(workbookEntries([{ name: 'Secret', state: 'hidden', xml: sheetXml([['GSTIN'], [GSTIN]]) }])), { refused: 400, message: /every worksheet of the workbook is hidden.*"Secret" \(hidden\)/ }],
  ['?sheet= naming no sheet', () => valid(), { refused: 400, message: /no sheet named "Vendors": its sheets are "Sheet1"/, field: 'sheet' }, '?sheet=Vendors'],
  ['no identifier column on any sheet', () => xlsx([['Vendor', 'City'], ['Acme', 'Pune']]), { refused: 400, message: /gst\.verify needs/ }],
  // Processed
  ['a plain workbook', valid, { rows: 2, check: (lines) => expect(lines.map((l) => [l.status, l.input.Vendor])).toEqual([['ok', 'A'], ['not_found', 'B']]) }],
  ['an ERP export: merged title row, GSTIN/UIN header, shared strings after the sheet, formulas, dates, empty and trailing rows', () =>
    zip(workbookEntries(
      [{
        name: 'Vendors',
        xml: sheetXml([
          [{ t: 's', v: '0' }],
          [{ t: 's', v: '1' }, { t: 's', v: '2' }, 'Since', 'Amount', 'Director'],
          [{ t: 's', v: '3' }, { t: 'str', f: 'UPPER("acme")', v: 'ACME' }, { s: 1, v: '46249' }, { s: 2, v: '1234567.5' }, 1234567],
          [], [null, null],
          [UNKNOWN, 'B', { s: 1, v: '45000' }, { s: 2, v: '0' }, 99],
          [], [], [],
        ], '<mergeCells count="1"><mergeCell ref="A1:E1"/></mergeCells>'),
      }],
      { sharedStrings: sharedStringsXml(['Vendor master, March 2026', 'GSTIN/UIN', 'Party Name', GSTIN]), styles: stylesXml({ 164: '#,##0.00' }, [0, 14, 164]) },
    )),
    {
      rows: 2,
      check: (lines) => {
        expect(lines.map((l) => l.status)).toEqual(['ok', 'not_found']);
        expect(lines[0]!.input).toEqual({ 'GSTIN/UIN': GSTIN, 'Party Name': 'ACME', Since: '15-08-2026', Amount: '1,234,567.50', Director: '1234567' });
        expect(lines[1]!.input.Since).toBe('15-03-2023');
      },
    }],
  ['a merged header cell over two columns', () =>
    zip(workbookEntries([{ name: 'S', xml: sheetXml([['GSTIN', 'Address', null], [GSTIN, 'Line 1', 'Pune']], '<mergeCells><mergeCell ref="B1:C1"/></mergeCells>') }])),
    { rows: 1, check: (lines) => expect(lines[0]!.input).toEqual({ GSTIN, Address: 'Line 1', 'Address (3)': 'Pune' }) }],
  ['an empty first sheet and a hidden one: the first visible sheet with a header', () =>
    zip(workbookEntries([
      { name: 'Cover', xml: sheetXml([]) },
      { name: 'Old', state: 'hidden', xml: sheetXml([['GSTIN'], [UNKNOWN]]) },
      { name: 'Data', xml: sheetXml([['GSTIN'], [GSTIN], [GSTIN_2]]) },
    ])),
    { rows: 2 }],
  ['?sheet= picks a hidden sheet', () => zip(workbookEntries([{ name: 'Data', xml: sheetXml([['GSTIN'], [GSTIN]]) }, { name: 'Old', state: 'hidden', xml: sheetXml([['GSTIN'], [UNKNOWN]]) }])), { rows: 1, check: (lines) => expect(lines[0]!.status).toBe('not_found') }, '?sheet=Old'],
  ['a value right of the header, and an error cell', () => xlsx([['GSTIN', 'Vendor'], [GSTIN, 'A', 'stray note'], [{ t: 'e', v: '#N/A' }, 'B']]), {
    rows: 2,
    check: (lines) => {
      expect(lines.map((l) => l.status)).toEqual(['invalid', 'invalid']);
      expect(lines[0]!.error?.message).toMatch(/sheet row 2 has a value in column C, right of the header's last column \(B\)/);
      expect(lines[1]!.error?.message).toMatch(/gstin/);
    },
  }],
];

describe('hostile .xlsx uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_ROW_ATTEMPTS: '1', BV_BULK_MAX_BYTES: String(MAX_BYTES), BV_BULK_MAX_ROWS: String(MAX_ROWS) } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });

  it.each(CORPUS)('%s', async (_name, make, expected, query = '') => {
    const heldBefore = (await get('/v1/wallet')).json().data.held_inr as number;
    const jobsBefore = (await get('/v1/bulk/jobs')).json().data.jobs.length as number;
    const response = await t.app.inject(upload(t.sandboxKey, make(), query));
    if ('refused' in expected) {
      expect(response.statusCode, response.body.slice(0, 400)).toBe(expected.refused);
      const body = envelopeOf(response, 'upload');
      expect(body.error?.message).toMatch(expected.message);
      expect(body.error?.details?.[0]?.field).toBe(expected.field ?? 'file');
      expect((await get('/v1/wallet')).json().data.held_inr).toBe(heldBefore);
      expect((await get('/v1/bulk/jobs')).json().data.jobs.length).toBe(jobsBefore);
      return;
    }
    expect(response.statusCode, response.body.slice(0, 400)).toBe(202);
    const created = envelopeOf(response, 'upload').data as { job_id: string; rows: { total: number } };
    expect(created.rows.total).toBe(expected.rows);
    const done: JobStatus = await waitForJob(t.app, t.sandboxKey, created.job_id);
    expect(done.status).toBe('completed');
    const lines = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as ResultLine);
    expect(lines.map((l) => l.row)).toEqual(Array.from({ length: expected.rows }, (_, i) => i + 1));
    expected.check?.(lines);
  });

  it('portfolio rows from a workbook, ?sheet= naming the tab; a legacy .xls refused there too', async () => {
    const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${t.sandboxKey}` }, payload: payload as object });
    const created = await post('/v1/portfolios', { name: 'From Excel', operation: 'gst.verify', schedule: { every: 'daily' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.portfolio_id as string;
    const file = zip(workbookEntries([{ name: 'Notes', xml: sheetXml([['Read me']]) }, { name: 'Suppliers', xml: sheetXml([['GSTIN No.', 'Vendor Code'], [GSTIN, 'V1'], [GSTIN_2, 'V2']]) }]));
    const added = await t.app.inject({ ...upload(t.sandboxKey, file, '?sheet=Suppliers'), url: `/v1/portfolios/${id}/rows?sheet=Suppliers` });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ added: 2, invalid: 0, rows: 2 });
    const refused = await t.app.inject({ ...upload(t.sandboxKey, ole2(['Root Entry', 'Workbook'])), url: `/v1/portfolios/${id}/rows` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/legacy Excel 97-2003/);
  });

  it('a DIN column stored as numbers gets its leading zero back; a PIN-like column too short gets a warning', async () => {
    const file = xlsx([['DIN', 'Pincode'], [1234567, 41100], [12345678, 411001]]);
    const response = await t.app.inject(fileUpload(t.sandboxKey, { operation: 'mca.din' }, { name: 'd.xlsx', bytes: file, type: 'application/octet-stream' }));
    expect(response.statusCode, response.body.slice(0, 400)).toBe(202);
    const done = await waitForJob(t.app, t.sandboxKey, response.json().data.job_id as string);
    const lines = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as ResultLine);
    expect(lines.map((l) => l.input.DIN)).toEqual(['01234567', '12345678']);
    const status = (await get(`/v1/bulk/jobs/${done.job_id}`)).json().data as { warnings?: { code: string; message: string }[] };
    if (status.warnings !== undefined) expect(status.warnings.map((w) => w.code)).toContain('XLSX_NUMBER_LOST_ZEROS');
  });
});

/**
 * Bounded memory: a workbook whose sheet unpacks to far more than the bound (rows padded with
 * markup), made before measuring, then uploaded; what the service keeps must not grow with it.
 */
describe('a big .xlsx upload, memory bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const MB = 1024 * 1024;
  const collect = (() => {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();
  const used = () => {
    collect();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };

  it('reads a sheet unpacking to 40 MB (10,000 rows) with memory growing far less', async () => {
    const pad = ' '.repeat(4000);
    const parts: Buffer[] = [];
    parts.push(Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
    parts.push(Buffer.from(rowXml(1, ['GSTIN', 'Row'])));
    for (let i = 2; i <= 10_001; i++) parts.push(Buffer.from(`<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${i % 2 === 0 ? GSTIN : GSTIN_2}</t></is></c><c r="B${i}"><v>${i}</v></c>${pad}</row>`));
    parts.push(Buffer.from('</sheetData></worksheet>'));
    const sheet = Buffer.concat(parts);
    parts.length = 0;
    expect(sheet.length).toBeGreaterThan(40 * 1000 * 1000);
    const file = zip(workbookEntries([{ name: 'Big', xml: 'x' }]).map((e) => (e.name.endsWith('sheet1.xml') ? { ...e, data: sheet } : e)));
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operation"\r\n\r\ngst.verify\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const stats = { peak: 0 };
    let sent = 0;
    async function* body() {
      for (let at = 0; at < payload.length; at += 64 * 1024) {
        if (sent++ % 4 === 0) stats.peak = Math.max(stats.peak, used());
        yield payload.subarray(at, at + 64 * 1024);
      }
    }
    const before = used();
    const timer = setInterval(() => (stats.peak = Math.max(stats.peak, used())), 200);
    const response = await t.app.inject({ method: 'POST', url: '/v1/bulk/jobs', headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Readable.from(body()) });
    clearInterval(timer);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
    expect(response.json().data.rows.total).toBe(10_000);
    console.log(`.xlsx unpacking to ${Math.round(sheet.length / MB)} MB: memory grew at most ${Math.round((stats.peak - before) / MB)} MB`);
    expect(stats.peak - before).toBeLessThan(24 * MB);
  }, 180_000);
});
