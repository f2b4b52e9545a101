import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeResultFiles, type RowResult } from '../../src/bulk/result-files.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import { XlsxSheetWriter } from '../../src/store/results/xlsx-writer.js';
import { escapeCell } from '../../src/domain/formula-escape.js';
import { quotePrefixedCells } from '../helpers/xlsx-quote-prefix.js';
import { gstRecord } from './business360-builders.js';

const JOB = 'job_0123456789abcdef';

async function* oneBatch<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

/** A workbook's first sheet as rows of cell values (empty cells as ''), with the sheet itself. */
async function readWorkbook(file: string): Promise<{ sheet: ExcelJS.Worksheet; rows: (string | number)[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const rows: (string | number)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: (string | number)[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) {
      const value = row.getCell(column).value;
      cells.push(value === null || value === undefined ? '' : (value as string | number));
    }
    rows.push(cells);
  });
  return { sheet, rows };
}

describe('results.xlsx', () => {
  let root: string;
  let store: LocalResultStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-results-xlsx-'));
    store = new LocalResultStore(root);
    await mkdir(store.dir(JOB));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("writes an itc.check row's tax_inr and tax_at_risk_inr as rupees with two decimals in results.csv and as numbers in results.xlsx, its reasons one a line", async () => {
    const reasons = [
      { code: 'gstr1_not_filed', severity: 'warning', message: 'GSTR-1 for Jun 2026 is not filed; the invoice is not in your GSTR-2B, so the credit cannot be taken yet.', rule: 'CGST Act s.16(2)(aa)' },
      { code: 'gstr3b_not_filed', severity: 'warning', message: 'GSTR-3B for Jun 2026 is not filed; the tax may not be paid.', rule: 'CGST Act s.16(2)(c)' },
    ];
    const data = (tax: number | null, atRisk: number) => ({ verdict: atRisk > 0 ? 'at_risk' : 'eligible', reasons: atRisk > 0 ? reasons : [], period: '2026-06', tax_inr: tax, tax_at_risk_inr: atRisk, supplier_name: 'Acme', as_of: '2026-11-20' });
    const rows: RowResult[] = [
      { row: 1, input: { gstin: '27AAPFU0939F1ZV', tax: '5,400' }, status: 'ok', data: data(5400, 5400), error: null, chargedPaise: 175 },
      { row: 2, input: { gstin: '27AAPFU0939F1ZV', tax: '' }, status: 'ok', data: data(null, 0), error: null, chargedPaise: 0 },
      { row: 3, input: { gstin: '27AAPFU0939F1ZV', tax: '0.5' }, status: 'ok', data: data(0.5, 0), error: null, chargedPaise: 0 },
    ];
    await writeResultFiles({ results: store, jobId: JOB, operation: 'itc.check', inputHeader: ['gstin', 'tax'], rows: oneBatch(rows) });
    const csv = parse(await readFile(path.join(store.dir(JOB), 'results.csv'), 'utf8'), { bom: true }) as string[][];
    const header = csv[0]!;
    const [tax, atRisk] = [header.indexOf('tax_inr'), header.indexOf('tax_at_risk_inr')];
    expect(csv.slice(1).map((record) => [record[tax], record[atRisk]])).toEqual([
      ['5400.00', '5400.00'],
      ['', '0.00'],
      ['0.50', '0.00'],
    ]);
    const { rows: cells } = await readWorkbook(path.join(store.dir(JOB), 'results.xlsx'));
    expect(cells.slice(1).map((row) => [row[tax], row[atRisk]])).toEqual([
      [5400, 5400],
      ['', 0],
      [0.5, 0],
    ]);
    // The reasons' messages hold `;`: the cell has one a line, and splits back into them whole.
    expect(csv[1]![header.indexOf('reasons')]!.split('\n')).toEqual(reasons.map((r) => r.message));
    expect(csv[1]![header.indexOf('reason_codes')]).toBe('gstr1_not_filed;gstr3b_not_filed');
    // The register's own amount column stays as the user wrote it.
    expect(cells[1]![header.indexOf('tax')]).toBe('5,400');
  });

  it('has results.csv cell for cell, formula payloads as they are with the quote prefix, identifiers as text, numbers, problem rows filled', async () => {
    const input = (gstin: string, name: string, din: string) => ({ gstin, vendor_name: name, din });
    const rows: RowResult[] = [
      { row: 2, input: input('27AAPFU0939F1ZV', '=HYPERLINK("http://evil.example","click")', '00912345'), status: 'ok', data: gstRecord({ trade_name: '@SUM(1+1)' }), error: null, chargedPaise: 150 },
      { row: 3, input: input('27AAPFU0939F1ZV', 'Cancelled Co, "quoted"', '0001'), status: 'ok', data: gstRecord({ status: 'Cancelled', cancellation_date: '2024-03-31' }), error: null, chargedPaise: 150 },
      { row: 4, input: input('27AAAAA0000A1Z5', '-2+3', ''), status: 'not_found', data: null, error: { code: 'NOT_FOUND', message: 'no such GSTIN' }, chargedPaise: 0 },
      { row: 5, input: input('123456789012345', 'Line\nbreak', '1e5'), status: 'invalid', data: null, error: { code: 'VALIDATION_FAILED', message: 'gstin: wrong length' }, chargedPaise: 0 },
      { row: 6, input: input('27AAPFU0939F1ZV', "'=already quoted", '00912345'), status: 'ok', data: gstRecord({ trade_name: '@SUM(1+1)' }), error: null, chargedPaise: 0, duplicateOf: 2 },
    ];
    await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['gstin', 'vendor_name', 'din'], rows: oneBatch(rows) });

    const csv = parse(await readFile(path.join(store.dir(JOB), 'results.csv'), 'utf8'), { bom: true }) as string[][];
    const file = path.join(store.dir(JOB), 'results.xlsx');
    const { sheet, rows: cells } = await readWorkbook(file);
    const quoted = await quotePrefixedCells(file);
    expect(cells.length).toBe(csv.length);
    const header = csv[0]!;
    const numeric = new Set([header.indexOf('row'), header.indexOf('charged_inr'), header.indexOf('duplicate_of')]);
    const expectedQuoted = new Set<string>();
    for (const [r, record] of csv.entries()) {
      for (const [c, text] of record.entries()) {
        const value = cells[r]![c];
        if (r > 0 && numeric.has(c) && text !== '') {
          expect(typeof value).toBe('number');
          expect(Number(text)).toBe(value);
        } else {
          // Text stays text (leading zeros, `1e5`), and a formula payload is the original text:
          // the CSV's `'` is not in the workbook, the cell's quote-prefix style keeps it text.
          expect(escapeCell(String(value))).toBe(text);
          if (text !== value) expectedQuoted.add(`${sheet.getColumn(c + 1).letter}${r + 1}`);
        }
      }
    }
    expect(quoted).toEqual(expectedQuoted);
    expect(csv[1]![header.indexOf('vendor_name')]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(cells[1]![header.indexOf('vendor_name')]).toBe('=HYPERLINK("http://evil.example","click")');
    expect(cells[1]![header.indexOf('trade_name')]).toBe('@SUM(1+1)');
    expect(cells[3]![header.indexOf('vendor_name')]).toBe('-2+3');
    // A user's own apostrophe is theirs: kept, and not quote-prefixed (it does not start a formula).
    expect(cells[5]![header.indexOf('vendor_name')]).toBe("'=already quoted");
    expect([...quoted].sort()).toEqual(['C2', 'C4', `${sheet.getColumn(header.indexOf('trade_name') + 1).letter}2`, `${sheet.getColumn(header.indexOf('trade_name') + 1).letter}6`].sort());
    // A duplicate names its first row, last of all the columns; other rows leave it empty.
    expect(header.at(-1)).toBe('duplicate_of');
    expect(cells.slice(1).map((row) => row.at(-1))).toEqual(['', '', '', '', 2]);
    // Names wide enough to read (~38 characters), identifiers fit.
    const width = (name: string) => sheet.getColumn(header.indexOf(name) + 1).width;
    expect([width('legal_name'), width('trade_name'), width('vendor_name'), width('error_message')]).toEqual([38, 38, 38, 38]);
    expect(width('gstin')).toBeGreaterThanOrEqual(17);
    expect(width('pan')).toBeGreaterThanOrEqual(11);
    expect(cells[1]![header.indexOf('din')]).toBe('00912345');
    expect(cells[2]![header.indexOf('din')]).toBe('0001');
    expect(cells[4]![header.indexOf('din')]).toBe('1e5');

    // Frozen header, autofilter over every row and column, text format on identifier columns.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(header.length).letter}${csv.length}`);
    expect(sheet.getRow(2).getCell(header.indexOf('gstin') + 1).numFmt).toBe('@');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // Problem rows (a cancelled GSTIN, not found, invalid) filled; the clean row not.
    const filled = (row: number) => (sheet.getRow(row).getCell(2).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect([2, 3, 4, 5, 6].map(filled)).toEqual([undefined, 'FFFFC7CE', 'FFFFC7CE', 'FFFFC7CE', undefined]);
  });

  it('is not left behind when writing the files fails', async () => {
    async function* failing(): AsyncGenerator<RowResult[]> {
      yield [{ row: 2, input: { gstin: '27AAPFU0939F1ZV' }, status: 'ok', data: gstRecord(), error: null, chargedPaise: 150 }];
      throw new Error('a chunk file could not be read');
    }
    await expect(writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['gstin'], rows: failing() })).rejects.toThrow('could not be read');
    expect(await store.exists(JOB, 'results.xlsx')).toBe(false);
    expect((await store.listing(JOB))?.entries ?? []).toEqual([]);
  });

  it('writes a large job with bounded memory: what it holds does not grow with the sheet', async () => {
    const MB = 1024 * 1024;
    // Live objects only (collected first), JS heap plus Buffers: as the hostile-upload tests measure.
    v8.setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const used = () => {
      collect();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const total = 60_000;
    const BATCH = 500;
    let peak = 0;
    async function* rows(): AsyncGenerator<RowResult[]> {
      for (let i = 1; i <= total; i += BATCH) {
        if (i % (20 * BATCH) === 1) peak = Math.max(peak, used());
        yield Array.from({ length: BATCH }, (_, k): RowResult => ({
          row: i + k, input: { gstin: '27AAPFU0939F1ZV', vendor_name: `Vendor number ${i + k} of a long supplier list`, din: String(i + k).padStart(8, '0') },
          status: 'not_found', data: null, error: { code: 'NOT_FOUND', message: 'No GSTIN like this is registered' }, chargedPaise: 0,
        }));
      }
    }
    const before = used();
    await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['gstin', 'vendor_name', 'din'], rows: rows() });
    const grew = peak - before;
    const bytes = (await stat(path.join(store.dir(JOB), 'results.xlsx'))).size;
    console.log(`results.xlsx of ${total} rows: ${Math.round(bytes / MB)} MB zipped; memory grew at most ${Math.round(grew / MB)} MB`);
    // The sheet's XML is about 66 MB (1,100 bytes a row): a writer that held it, or let the
    // zip fall behind, would grow by far more than this.
    expect(grew).toBeLessThan(24 * MB);
    // Whole and readable: streamed back, its last row is the job's last.
    let last: unknown[] = [];
    let count = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(path.join(store.dir(JOB), 'results.xlsx'), {})) {
      for await (const row of sheet) {
        count++;
        last = row.values as unknown[];
      }
    }
    expect(count).toBe(total + 1);
    expect(last.slice(1, 5)).toEqual([total + 1 - 1, '27AAPFU0939F1ZV', `Vendor number ${total} of a long supplier list`, String(total).padStart(8, '0')]);
  }, 120_000);

  it('writes any text Excel can open: XML specials escaped, characters XML forbids left out, spaces kept, cells cut at 32,767 characters', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const sheet = await XlsxSheetWriter.toStream(out, { sheetName: 'a/b:c', columns: [{ header: 'text' }, { header: 'n', kind: 'integer' }] });
    const cells = ['<b>&amp; "q"</b>', 'bell\u0007 nul\u0000 lone\ud800 pair\ud83d\ude00', '  padded  ', 'x'.repeat(40_000), '₹ नमस्ते'];
    for (const cell of cells) sheet.addRow([cell, '12']);
    sheet.addRow(['not a number', 'twelve']);
    await sheet.commit();
    const file = path.join(root, 'escape.xlsx');
    await writeFile(file, Buffer.concat(chunks));
    const { sheet: read, rows } = await readWorkbook(file);
    expect(read.name).toBe('a b c');
    expect(rows.map((row) => row[0])).toEqual(['text', '<b>&amp; "q"</b>', 'bell nul lone pair\ud83d\ude00', '  padded  ', 'x'.repeat(32_767), '₹ नमस्ते', 'not a number']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([12, 12, 12, 12, 12, 'twelve']);
  });

  it("ends a sheet that reaches Excel's row limit with a row saying where the rest are", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const sheet = await XlsxSheetWriter.toStream(out, { sheetName: 'R', columns: [{ header: 'gstin' }], overflowNote: 'The rest are in results.csv.', maxRows: 4 });
    for (let i = 1; i <= 10; i++) sheet.addRow([`row ${i}`]);
    await sheet.commit();
    const file = path.join(root, 'full.xlsx');
    await writeFile(file, Buffer.concat(chunks));
    const { sheet: read, rows } = await readWorkbook(file);
    expect(rows).toEqual([['gstin'], ['row 1'], ['row 2'], ['The rest are in results.csv.']]);
    expect(read.autoFilter).toBe('A1:A4');
  });
});
