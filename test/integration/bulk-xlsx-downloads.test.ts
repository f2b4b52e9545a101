import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeCell } from '../../src/domain/formula-escape.js';
import { OPERATIONS, type BulkOperationName, type OperationName } from '../../src/domain/operations.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { quotePrefixedCells } from '../helpers/xlsx-quote-prefix.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook's first sheet as rows of cells ('' for an empty one), and the sheet. */
async function readSheet(bytes: Buffer): Promise<{ sheet: ExcelJS.Worksheet; rows: (string | number)[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: (string | number)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (row.getCell(i + 1).value ?? '') as string | number));
  });
  return { sheet, rows };
}

/** A multipart upload of any bytes (an .xlsx is binary). */
function upload(key: string, operation: string, name: string, bytes: Buffer) {
  const boundary = '----bvxlsxboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operation"\r\n\r\n${operation}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    method: 'POST' as const,
    url: '/v1/bulk/jobs',
    headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Real BullMQ workers (in this process) on the test Redis, with the sandbox as the source. */
describe('bulk .xlsx downloads and upload templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '3' } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  const get = (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('serves results.xlsx with results.csv cell for cell: a formula-payload name as it is, quote-prefixed; a DIN with its leading zeros as text; a duplicate named', async () => {
    const din = scenario('clean-company').identifiers.din!;
    expect(din).toMatch(/^0/);
    const rows = [
      { din, vendor_name: '=HYPERLINK("http://evil.example","click")' },
      { din: '0012', vendor_name: '+91 98' },
      { din: '00000404', vendor_name: 'Not there' },
      { din, vendor_name: 'Again' },
    ];
    const created = await t.post('/v1/bulk/jobs', { operation: 'mca.din', rows });
    expect(created.statusCode, created.body).toBe(202);
    const done = await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string);
    expect(done.status).toBe('completed');
    const links = done.results!;
    expect(links.xlsx).toBe(`/v1/bulk/jobs/${done.job_id}/results.xlsx`);

    const xlsx = await get(links.xlsx);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="${done.job_id}-results.xlsx"`);
    const { sheet, rows: cells } = await readSheet(xlsx.rawPayload);
    const csv = parse((await get(links.csv)).body, { bom: true }) as string[][];
    expect(cells.length).toBe(csv.length);
    const header = csv[0]!;
    const numeric = new Set(['row', 'charged_inr', 'duplicate_of'].map((name) => header.indexOf(name)));
    csv.forEach((record, r) =>
      record.forEach((text, c) => {
        if (r > 0 && numeric.has(c) && text !== '') expect(cells[r]![c], `${r},${c}`).toBe(Number(text));
        // The CSV's formula-escaping `'` is not in the workbook: the cell has the text as it was sent.
        else expect(escapeCell(String(cells[r]![c])), `${r},${c}`).toBe(text);
      }),
    );
    const at = (r: number, name: string) => cells[r]![header.indexOf(name)];
    expect(at(1, 'din')).toBe(din);
    expect(at(1, 'vendor_name')).toBe('=HYPERLINK("http://evil.example","click")');
    expect(at(2, 'din')).toBe('0012');
    expect(at(2, 'vendor_name')).toBe('+91 98');
    // Kept text by Excel's quote prefix, and only those two cells.
    const letter = sheet.getColumn(header.indexOf('vendor_name') + 1).letter;
    expect([...(await quotePrefixedCells(xlsx.rawPayload))].sort()).toEqual([`${letter}2`, `${letter}3`]);
    // The repeated DIN: ok, not billed, and names its first row in both files' last column.
    expect(header.at(-1)).toBe('duplicate_of');
    expect([at(4, 'status'), at(4, 'charged_inr'), at(4, 'duplicate_of'), csv[4]!.at(-1)]).toEqual(['ok', 0, 1, '1']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The invalid and the unknown DIN are problem rows (filled); the verified one is not.
    const fill = (r: number) => (sheet.getRow(r + 1).getCell(1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect([1, 2, 3, 4].map((r) => [at(r, 'status'), fill(r)])).toEqual([['ok', undefined], ['invalid', 'FFFFC7CE'], ['not_found', 'FFFFC7CE'], ['ok', undefined]]);
  });

  it('answers 404 for results.xlsx to another account', async () => {
    const other = await t.admin('POST', '/admin/v1/accounts', { name: 'Other Co' });
    const key = (other.json() as { sandbox_key: string }).sandbox_key;
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const jobId = created.json().data.job_id as string;
    expect((await get(`/v1/bulk/jobs/${jobId}/results.xlsx`, key)).statusCode).toBe(404);
    const done = await waitForJob(t.app, t.sandboxKey, jobId);
    expect((await get(done.results!.xlsx)).statusCode).toBe(200);
  });

  // itc.check's template is a purchase register: two invoices of one supplier, checked once (ok 1, the other a repeat of it).
  const operations: BulkOperationName[] = [...(Object.keys(OPERATIONS) as OperationName[]), 'itc.check'];

  it.each(operations)('gives %s a template, as CSV and as a workbook with the same cells, whose example rows verify ok when either is uploaded', async (operation) => {
    const csvAnswer = await get(`/v1/bulk/templates/${operation}.csv`);
    expect(csvAnswer.statusCode, csvAnswer.body).toBe(200);
    expect(csvAnswer.headers['content-type']).toMatch(/^text\/csv/);
    const csv = parse(csvAnswer.body, { bom: true }) as string[][];
    const xlsxAnswer = await get(`/v1/bulk/templates/${operation}.xlsx`);
    expect(xlsxAnswer.statusCode).toBe(200);
    expect(xlsxAnswer.headers['content-type']).toBe(XLSX_TYPE);
    const { sheet, rows } = await readSheet(xlsxAnswer.rawPayload);
    expect(rows).toEqual(csv);
    // Every column in the text format, so identifiers typed in keep their leading zeros.
    for (let c = 1; c <= sheet.columnCount; c++) expect(sheet.getColumn(c).numFmt).toBe('@');
    expect(csv.length).toBeGreaterThan(1);
    // A vendor master's own columns beside the identifiers, carried through to the results.
    if (operation !== 'itc.check') expect(csv[0]!.slice(-2)).toEqual(['vendor_code', 'vendor_name']);

    for (const [name, bytes] of [[`${operation}.csv`, csvAnswer.rawPayload], [`${operation}.xlsx`, xlsxAnswer.rawPayload]] as const) {
      const created = await t.app.inject(upload(t.sandboxKey, operation, name, bytes));
      expect(created.statusCode, created.body).toBe(202);
      const done = await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string);
      const checked = operation === 'itc.check' ? { ok: 1, duplicates: csv.length - 2 } : { ok: csv.length - 1 };
      expect(done.rows, name).toMatchObject({ total: csv.length - 1, invalid: 0, ...checked });
      if (operation === 'itc.check') {
        const lines = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as { status: string; data: { verdict: string } });
        expect(lines.map((line) => line.status)).toEqual(['ok', 'ok']);
      }
    }
  });

  it('takes its .xlsx template back as an upload: the DIN keeps its leading zeros and verifies', async () => {
    const template = await get('/v1/bulk/templates/mca.din.xlsx');
    const din = (await readSheet(template.rawPayload)).rows[1]![0] as string;
    expect(din).toMatch(/^0\d{7}$/);
    const created = await t.app.inject(upload(t.sandboxKey, 'mca.din', 'mca.din.xlsx', template.rawPayload));
    expect(created.statusCode, created.body).toBe(202);
    const done = await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string);
    expect(done.rows).toMatchObject({ total: 1, ok: 1 });
    const line = JSON.parse((await get(done.results!.jsonl)).body.trim()) as { input: { din: string } };
    expect(line.input.din).toBe(din);
  });

  it('answers 404 naming the accepted names for a template that does not exist, and 401 without a key', async () => {
    for (const file of ['gst.verify.xls', 'gst.nothing.csv', 'gst.verify']) {
      const answer = await get(`/v1/bulk/templates/${file}`);
      expect(answer.statusCode, file).toBe(404);
      expect(answer.json().error.message).toMatch(/\{operation\}\.csv or \{operation\}\.xlsx, operation one of business360, gst\.verify/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/bulk/templates/gst.verify.csv' })).statusCode).toBe(401);
  });
});
