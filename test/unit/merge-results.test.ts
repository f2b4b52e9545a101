import { mkdtemp, mkdir, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INPUT_FILE } from '../../src/bulk/input-file.js';
import { mergedResults, readInputSummary } from '../../src/bulk/merge-results.js';
import { chunkFileName, formatChunkLine } from '../../src/bulk/process-chunk.js';
import { renderResult, writeResultFiles, type RowResult } from '../../src/bulk/result-files.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';

const JOB = 'job_0123456789abcdef';
const jsonl = (lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

describe('mergedResults', () => {
  let root: string;
  let store: LocalResultStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-merge-'));
    store = new LocalResultStore(root);
    await mkdir(path.join(store.dir(JOB), 'chunks'), { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function merged(): Promise<RowResult[]> {
    const { repeated } = await readInputSummary(store, JOB);
    const rows: RowResult[] = [];
    for await (const batch of mergedResults(store, JOB, repeated)) rows.push(...batch);
    return rows;
  }

  it('puts every row in upload order across chunks, a missing chunk file (never run) as cancelled', async () => {
    // Chunk 0: rows 1-2; chunk 1 (no file): rows 4-5; chunk 2: rows 6-7 with results large
    // enough to take several reads each. Row 3 is invalid, row 8 repeats row 2.
    const big = 'x'.repeat(300 * 1024);
    await writeFile(
      store.path(JOB, INPUT_FILE),
      jsonl([
        { header: ['gstin'] },
        { row: 1, columns: { gstin: 'A' }, mark: 'first', chunk: 0, request: {} },
        { row: 2, columns: { gstin: 'B' }, mark: 'first', chunk: 0, request: {} },
        { row: 3, columns: { gstin: '?' }, mark: 'invalid', problems: [{ field: 'gstin', message: 'not a GSTIN' }] },
        { row: 4, columns: { gstin: 'C' }, mark: 'first', chunk: 1, request: {} },
        { row: 5, columns: { gstin: 'D' }, mark: 'first', chunk: 1, request: {} },
        { row: 6, columns: { gstin: 'E' }, mark: 'first', chunk: 2, request: {} },
        { row: 7, columns: { gstin: 'F' }, mark: 'first', chunk: 2, request: {} },
        { row: 8, columns: { gstin: 'B' }, mark: 'duplicate', of: 2 },
      ]),
    );
    const ok = (row: number, data: unknown) => ({ row, status: 'ok', data, error: null, charged_paise: 75 });
    await writeFile(store.path(JOB, chunkFileName(0)), jsonl([ok(1, { n: 1 }), ok(2, { n: 2 })]));
    await writeFile(store.path(JOB, chunkFileName(2)), jsonl([ok(6, { big }), ok(7, { n: 7 })]));

    const rows = await merged();
    expect(rows.map((r) => [r.row, r.status, r.chargedPaise])).toEqual([
      [1, 'ok', 75],
      [2, 'ok', 75],
      [3, 'invalid', 0],
      [4, 'cancelled', 0],
      [5, 'cancelled', 0],
      [6, 'ok', 75],
      [7, 'ok', 75],
      [8, 'ok', 0],
    ]);
    expect((rows[5]?.data as { big: string }).big).toHaveLength(big.length);
    expect(rows[7]?.data).toEqual({ n: 2 });
  });

  it('stops cleanly when the reader gives up halfway, with the next chunk already being read', async () => {
    // Three chunks of 300 rows: the first batch (500 rows) is handed over inside chunk 1, while
    // chunk 2's first read is under way.
    const input: unknown[] = [{ header: ['gstin'] }];
    for (let chunk = 0; chunk < 3; chunk++) {
      const rows = Array.from({ length: 300 }, (_, i) => chunk * 300 + i + 1);
      for (const row of rows) input.push({ row, columns: { gstin: `G${row}` }, mark: 'first', chunk, request: {} });
      await writeFile(store.path(JOB, chunkFileName(chunk)), jsonl(rows.map((row) => ({ row, status: 'not_found', data: null, error: null, charged_paise: 0 }))));
    }
    await writeFile(store.path(JOB, INPUT_FILE), jsonl(input));
    const { repeated } = await readInputSummary(store, JOB);
    const reader = mergedResults(store, JOB, repeated);
    const first = await reader.next();
    expect(first.done).toBe(false);
    expect((first.value as RowResult[]).map((r) => r.row)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(await reader.return(undefined)).toEqual({ done: true, value: undefined });
    // The files it was reading, the prefetched one included, are closed (a stream closes its
    // descriptor just after it is destroyed).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const open = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
    expect(open.filter((target) => target.startsWith(store.dir(JOB)))).toEqual([]);
  });

  it('writes the same bytes from chunk files with rendered results as from older ones with data', async () => {
    // Cells that CSV must quote or escape, in the input, the record and the error message.
    const columns = (row: number) => ({ gstin: `G${row}`, vendor: row === 2 ? '=HYPERLINK("x"),\r\nbad' : `Vendor "${row}", Pune ₹` });
    const record = (row: number) => ({
      gstin: `G${row}`,
      legal_name: row === 1 ? '=cmd|\' /C calc\'!A0' : `Name, "quoted"\nline ${row}`,
      // A tab: the chunk file's line splits at its first raw one, which JSON never holds.
      trade_name: row === 2 ? 'tab\there' : null,
      status: 'Active',
      einvoice_enabled: row % 2 === 0,
      nature_of_business: ['a', 'b'],
    });
    const chunkLines = [
      { row: 1, status: 'ok', data: record(1), error: null, charged_paise: 75 },
      { row: 2, status: 'ok', data: record(2), error: null, charged_paise: 75 },
      { row: 4, status: 'failed', data: null, error: { code: 'SOURCE_UNAVAILABLE', message: '-503, "down"\r\nagain' }, charged_paise: 0 },
      { row: 5, status: 'not_found', data: null, error: { code: 'RECORD_NOT_FOUND', message: 'No GSTIN' }, charged_paise: 0 },
    ] as const;
    const input = [
      { header: ['gstin', 'vendor'] },
      { row: 1, columns: columns(1), mark: 'first', chunk: 0, request: {} },
      { row: 2, columns: columns(2), mark: 'first', chunk: 0, request: {} },
      { row: 3, columns: columns(3), mark: 'invalid', problems: [{ field: 'gstin', message: 'not a GSTIN, "?"' }] },
      { row: 4, columns: columns(4), mark: 'first', chunk: 1, request: {} },
      { row: 5, columns: columns(5), mark: 'first', chunk: 1, request: {} },
      { row: 6, columns: columns(6), mark: 'duplicate', of: 2 },
      { row: 7, columns: columns(7), mark: 'duplicate', of: 4 },
      { row: 8, columns: columns(8), mark: 'first', chunk: 2, request: {} },
    ];
    // 'mixed': chunk 0 rendered, chunk 1 an older file (a job that ran across an upgrade).
    const finalized = async (jobId: string, format: 'old' | 'rendered' | 'mixed') => {
      await mkdir(path.join(store.dir(jobId), 'chunks'), { recursive: true });
      await writeFile(store.path(jobId, INPUT_FILE), jsonl(input));
      const lines = chunkLines.map((line, index) =>
        format === 'rendered' || (format === 'mixed' && index < 2)
          ? formatChunkLine({ row: line.row, status: line.status, charged_paise: line.charged_paise, rendered: renderResult('gst.verify', line) })
          : JSON.stringify(line),
      );
      // Chunk 2 never ran (a cancelled job): its row is cancelled.
      await writeFile(store.path(jobId, chunkFileName(0)), `${lines.slice(0, 2).join('\n')}\n`);
      await writeFile(store.path(jobId, chunkFileName(1)), `${lines.slice(2).join('\n')}\n`);
      const { header, repeated } = await readInputSummary(store, jobId);
      await writeResultFiles({ results: store, jobId, operation: 'gst.verify', inputHeader: header, rows: mergedResults(store, jobId, repeated) });
      return Promise.all([readFile(store.path(jobId, 'results.csv'), 'utf8'), readFile(store.path(jobId, 'results.jsonl'), 'utf8')]);
    };
    const [csvOld, jsonlOld] = await finalized('job_00000000000000000001', 'old');
    const [csvNew, jsonlNew] = await finalized('job_00000000000000000002', 'rendered');
    const [csvMixed, jsonlMixed] = await finalized('job_00000000000000000003', 'mixed');
    expect(csvNew).toBe(csvOld);
    expect(jsonlNew).toBe(jsonlOld);
    expect(csvMixed).toBe(csvOld);
    expect(jsonlMixed).toBe(jsonlOld);
    const csvLines = csvOld.split('\r\n');
    expect(csvLines[1]).toBe(`1,G1,"Vendor ""1"", Pune ₹",ok,,,0.75,'=cmd|' /C calc'!A0,,Active,,,,,,false,`);
    expect(csvOld).toContain(`2,G2,"'=HYPERLINK(""x""),\r\nbad",ok,,,0.75,"Name, ""quoted""\nline 2",tab\there,Active`);
    expect(csvOld).toContain(`7,G7,"Vendor ""7"", Pune ₹",failed,SOURCE_UNAVAILABLE,"'-503, ""down""\r\nagain",0.00,`);
    const jsonRows = jsonlOld.trimEnd().split('\n').map((line) => JSON.parse(line) as { row: number; status: string; data: unknown; charged_inr: number });
    expect(jsonRows.map((r) => [r.row, r.status, r.charged_inr])).toEqual([
      [1, 'ok', 0.75],
      [2, 'ok', 0.75],
      [3, 'invalid', 0],
      [4, 'failed', 0],
      [5, 'not_found', 0],
      [6, 'ok', 0],
      [7, 'failed', 0],
      [8, 'cancelled', 0],
    ]);
    expect(jsonRows[5]?.data).toEqual(record(2));
    // results.xlsx from rendered chunk lines: the record's and the error's formula-like text as
    // it is (no CSV `'`), on the row and on the duplicates that reuse its rendering.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(store.path('job_00000000000000000002', 'results.xlsx'));
    const sheet = book.worksheets[0]!;
    const column = (name: string) => (sheet.getRow(1).values as string[]).indexOf(name);
    const cell = (row: number, name: string) => sheet.getRow(row + 1).getCell(column(name)).value;
    expect([cell(1, 'legal_name'), cell(7, 'error_message'), cell(7, 'duplicate_of')]).toEqual(["=cmd|' /C calc'!A0", '-503, "down"\r\nagain', 4]);
  });

  it('fails on a chunk file that is out of step with the input', async () => {
    await writeFile(
      store.path(JOB, INPUT_FILE),
      jsonl([{ header: ['gstin'] }, { row: 1, columns: { gstin: 'A' }, mark: 'first', chunk: 0, request: {} }]),
    );
    await writeFile(store.path(JOB, chunkFileName(0)), jsonl([{ row: 9, status: 'ok', data: null, error: null, charged_paise: 0 }]));
    await expect(merged()).rejects.toThrow('chunk 0 is out of step with the input at row 1 (found 9)');
  });
});
