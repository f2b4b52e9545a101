import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Business360Profile } from '../../src/domain/business360/profile.js';
import { OPERATIONS, type OperationName } from '../../src/domain/operations.js';
import { escapeCell } from '../../src/domain/formula-escape.js';
import { flatten, resultColumns } from '../../src/bulk/result-columns.js';
import { chargedInrText, csvHeader, writeResultFiles, type RowResult } from '../../src/bulk/result-files.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import { cleanModules, director, directorsRecord, gstRecord, notFound, panRecord, skipped } from './business360-builders.js';

const FIXED = ['row', 'status', 'error_code', 'error_message', 'charged_inr'];
const ALL_OPERATIONS = Object.keys(OPERATIONS) as OperationName[];

/** Rows as writeResultFiles takes them: in batches, here all in one. */
async function* oneBatch<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

function profile(): Business360Profile {
  const flag = (code: string) => ({ code, severity: 'high' as const, message: code, module: 'gst' as const });
  return {
    summary: {
      legal_name: 'UNITED TRADERS', trade_name: null, entity_type: 'company', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
      cin: null, llpin: null, state: 'Maharashtra', risk: { level: 'high', flags: [flag('GST_CANCELLED'), flag('RETURNS_NOT_FILED')] },
    },
    ...cleanModules({ directors: notFound(), cin_pan: skipped() }),
  };
}

describe('resultColumns', () => {
  it('gives gst.verify exactly the key fields of the interface document', () => {
    expect(resultColumns('gst.verify')).toEqual([
      'legal_name', 'trade_name', 'gst_status', 'registration_date', 'cancellation_date', 'taxpayer_type', 'state', 'pan', 'einvoice_enabled',
    ]);
  });

  it('gives business360 the risk level, the flags and each module status, then the name and identifiers it resolved', () => {
    expect(resultColumns('business360')).toEqual([
      'risk_level', 'risk_flags', 'module_gst', 'module_gst_returns', 'module_pan', 'module_company', 'module_directors', 'module_cin_pan',
      'legal_name', 'gstin', 'pan', 'cin', 'llpin',
    ]);
  });

  it.each(ALL_OPERATIONS)('gives %s distinct columns, none named like a fixed column', (operation) => {
    const columns = resultColumns(operation);
    expect(columns.length).toBeGreaterThan(0);
    expect(new Set(columns).size).toBe(columns.length);
    expect(columns.filter((c) => FIXED.includes(c))).toEqual([]);
  });

  it.each(ALL_OPERATIONS)('flattens %s without data to empty cells under exactly its columns', (operation) => {
    expect(flatten(operation, null)).toEqual(Object.fromEntries(resultColumns(operation).map((c) => [c, ''])));
  });
});

describe('flatten', () => {
  it('gives a record a flattener cannot read empty cells instead of failing its row', () => {
    expect(flatten('gst.by_pan', { count: 1, gstins: 'not a list' })).toEqual({ count: '', gstins: '' });
    expect(flatten('mca.directors', { company_name: 'X', directors: 7 })).toEqual(
      Object.fromEntries(resultColumns('mca.directors').map((c) => [c, ''])),
    );
  });

  it('flattens a gst.verify record, booleans as text and null as empty', () => {
    const record = gstRecord({ status: 'Cancelled', cancellation_date: '2024-03-31', einvoice_enabled: false });
    expect(flatten('gst.verify', record)).toEqual({
      legal_name: 'UNITED TRADERS', trade_name: 'UNITED TRADING CO', gst_status: 'Cancelled', registration_date: '2017-07-01',
      cancellation_date: '2024-03-31', taxpayer_type: 'Regular', state: 'Maharashtra', pan: 'AAPFU0939F', einvoice_enabled: 'false',
    });
    expect(flatten('gst.verify', gstRecord())).toMatchObject({ cancellation_date: '', einvoice_enabled: 'true' });
  });

  it('flattens a business360 profile: flag codes ;-joined, one status per module', () => {
    expect(flatten('business360', profile())).toEqual({
      risk_level: 'high', risk_flags: 'GST_CANCELLED;RETURNS_NOT_FILED', module_gst: 'ok', module_gst_returns: 'ok', module_pan: 'ok',
      module_company: 'ok', module_directors: 'not_found', module_cin_pan: 'skipped',
      legal_name: 'UNITED TRADERS', gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', cin: '', llpin: '',
    });
  });

  it('flattens the other operations to their key fields', () => {
    expect(flatten('pan.verify', panRecord({ name_match: { input: 'United', score: 0.82, result: 'partial' } }))).toEqual({
      valid: 'true', pan_status: 'Valid', category: 'Firm', registered_name: 'UNITED TRADERS', name_match_result: 'partial', name_match_score: '0.82',
    });
    const directors = [director(), director({ din: '1', din_status: 'Disqualified' }), director({ din: '2', din_status: 'Disqualified', ceased_on: '2020-01-01' })];
    expect(flatten('mca.directors', directorsRecord(directors))).toEqual({
      company_name: 'UNITED TRADERS PRIVATE LIMITED', count: '3', current: '2', disqualified_current: '1',
    });
    const entry = { state: 'Maharashtra', state_code: '27', status: 'Active' as const, registration_date: '2017-07-01' };
    expect(flatten('gst.by_pan', { pan: 'AAPFU0939F', count: 2, gstins: [{ ...entry, gstin: 'A' }, { ...entry, gstin: 'B' }] })).toEqual({ count: '2', gstins: 'A;B' });
    const hit = { name: 'UNITED TRADERS LLP', cin: null, llpin: 'AAB-1234', status: 'Active', state: 'Goa', incorporated_on: '2015-01-01', score: 0.9 };
    expect(flatten('mca.search', { query: 'united', count: 4, results: [hit] })).toEqual({
      count: '4', top_name: 'UNITED TRADERS LLP', top_cin: '', top_llpin: 'AAB-1234', top_score: '0.9',
    });
    expect(flatten('mca.din', { din: '1', name: 'ASHA', din_status: 'Approved', companies: [] })).toEqual({ name: 'ASHA', din_status: 'Approved', companies: '0' });
  });
});

describe('escapeCell', () => {
  it.each(['=SUM(A1)', '+91 98', '-5', '@cmd', '\tx', '\rx', '\nx'])('prefixes %j with a single quote', (text) => {
    expect(escapeCell(text)).toBe(`'${text}`);
  });

  it.each(['ACME', '', '5', '0.75', 'a=b', ' =x', "'quoted"])('leaves %j alone', (text) => {
    expect(escapeCell(text)).toBe(text);
  });
});

describe('chargedInrText', () => {
  it('always shows two decimals, computed from integer paise', () => {
    expect([75, 0, 5, 350, 1000, 123_456_789].map(chargedInrText)).toEqual(['0.75', '0.00', '0.05', '3.50', '10.00', '1234567.89']);
  });
});

describe('csvHeader', () => {
  it('keeps input names and suffixes generated names that collide, case-insensitively', () => {
    expect(csvHeader('gst.verify', ['pan', 'Status', 'pan_result', 'note'])).toEqual([
      'row', 'pan', 'Status', 'pan_result', 'note', 'status_result', 'error_code', 'error_message', 'charged_inr',
      'legal_name', 'trade_name', 'gst_status', 'registration_date', 'cancellation_date', 'taxpayer_type', 'state', 'pan_result_result', 'einvoice_enabled',
      'duplicate_of',
    ]);
  });
});

describe('writeResultFiles', () => {
  const JOB = 'job_0123456789abcdef';
  let root: string;
  let store: LocalResultStore;
  /** The job's folder, where the local store keeps its files. */
  let dir: string;
  const csvPath = () => path.join(dir, 'results.csv');
  const jsonlPath = () => path.join(dir, 'results.jsonl');
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-bulk-results-'));
    store = new LocalResultStore(root);
    dir = store.dir(JOB);
    await mkdir(dir);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const okRow: RowResult = {
    row: 1, input: { note: 'a, "b"\nc', gstin: '27AAPFU0939F1ZV', ref: '-5' }, status: 'ok', data: gstRecord({ trade_name: '=HYPERLINK("x")' }),
    error: null, chargedPaise: 75,
  };
  const failedRow: RowResult = {
    row: 2, input: { note: '', gstin: '29AAACB1234C1Z5', ref: '@x' }, status: 'failed', data: null,
    error: { code: 'SOURCE_UNAVAILABLE', message: 'GSTN did not answer, "try later"' }, chargedPaise: 0,
  };

  it('writes a BOM, CRLF rows, input columns in upload order and escaped, quoted cells', async () => {
    const result = await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['note', 'gstin', 'ref'], rows: oneBatch([okRow, failedRow]) });
    expect(result).toEqual({ rows: 2 });
    const text = await readFile(csvPath(), 'utf8');
    expect(text.startsWith('\uFEFFrow,note,gstin,ref,status,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text).toContain('"a, ""b""\nc"');
    const [header, first, second] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(csvHeader('gst.verify', ['note', 'gstin', 'ref']));
    const rowOf = (cells: string[] | undefined) => Object.fromEntries((header ?? []).map((name, i) => [name, cells?.[i]]));
    expect(rowOf(first)).toMatchObject({
      row: '1', note: 'a, "b"\nc', gstin: '27AAPFU0939F1ZV', ref: "'-5", status: 'ok', error_code: '', charged_inr: '0.75',
      trade_name: `'=HYPERLINK("x")`, einvoice_enabled: 'true',
    });
    expect(rowOf(second)).toMatchObject({
      row: '2', ref: "'@x", status: 'failed', error_code: 'SOURCE_UNAVAILABLE', error_message: 'GSTN did not answer, "try later"',
      charged_inr: '0.00', legal_name: '', einvoice_enabled: '',
    });
  });

  it('names a duplicate\'s first row in duplicate_of, the last column, its status staying ok; empty on other rows', async () => {
    const duplicate: RowResult = { ...okRow, row: 3, chargedPaise: 0, duplicateOf: 1 };
    await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['note', 'gstin', 'ref'], rows: oneBatch([okRow, failedRow, duplicate]) });
    const [header, ...records] = parse(await readFile(csvPath(), 'utf8'), { bom: true }) as string[][];
    expect(header?.at(-1)).toBe('duplicate_of');
    expect(records.map((cells) => [cells[0], cells[header!.indexOf('status')], cells[header!.indexOf('charged_inr')], cells.at(-1)])).toEqual([
      ['1', 'ok', '0.75', ''],
      ['2', 'failed', '0.00', ''],
      ['3', 'ok', '0.00', '1'],
    ]);
  });

  it('names the company of a business360 row uploaded by CIN alone, with the identifiers it resolved', async () => {
    const byCin: RowResult = { row: 1, input: { cin: 'U12345MH2010PTC123456' }, status: 'ok', data: profile(), error: null, chargedPaise: 1000 };
    await writeResultFiles({ results: store, jobId: JOB, operation: 'business360', inputHeader: ['cin'], rows: oneBatch([byCin]) });
    const [header, record] = parse(await readFile(csvPath(), 'utf8'), { bom: true }) as string[][];
    const rowOf = Object.fromEntries((header ?? []).map((name, i) => [name, record?.[i]]));
    // The input's `cin` keeps its name; the resolved one takes the collision suffix.
    expect(rowOf).toMatchObject({ cin: 'U12345MH2010PTC123456', risk_level: 'high', legal_name: 'UNITED TRADERS', gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', cin_result: '' });
  });

  it('escapes formula triggers in the header row too', async () => {
    const rows = oneBatch([{ ...failedRow, input: { '=cmd': '+1' } }]);
    await writeResultFiles({ results: store, jobId: JOB, operation: 'mca.din', inputHeader: ['=cmd'], rows });
    const [header, row] = parse(await readFile(csvPath(), 'utf8'), { bom: true }) as string[][];
    expect(header?.[1]).toBe("'=cmd");
    expect(row?.[1]).toBe("'+1");
  });

  it('writes one JSON object per row that parses back unescaped, charged_inr a number', async () => {
    const b360: RowResult = { row: 3, input: { note: 'x', gstin: 'y', ref: 'z' }, status: 'ok', data: profile(), error: null, chargedPaise: 1000 };
    await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['note', 'gstin', 'ref'], rows: oneBatch([okRow, failedRow, b360]) });
    const text = await readFile(jsonlPath(), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(
      [okRow, failedRow, b360].map((r) => ({ row: r.row, input: r.input, status: r.status, data: r.data, error: r.error, charged_inr: r.chargedPaise / 100 })),
    );
  });

  it('writes each row\'s input in the header\'s order, whatever the column names, and empty for a missing cell', async () => {
    const inputHeader = ['b', '2', '1', '__proto__', 'constructor', 'naïve "q"', ''];
    const input = { '': 'e', b: 'B', '1': 'one', '2': 'two', constructor: 'c', 'naïve "q"': '₹\t\u2028' } as Record<string, string>;
    Object.defineProperty(input, '__proto__', { value: 'p', enumerable: true });
    await writeResultFiles({ results: store, jobId: JOB, operation: 'mca.din', inputHeader, rows: oneBatch([{ ...failedRow, input }, { ...failedRow, row: 9, input: {} }]) });
    const [first = '', second = ''] = (await readFile(jsonlPath(), 'utf8')).trimEnd().split('\n');
    // The input object's text, key for key in upload order (JSON.stringify of an object would
    // put the integer-like names first).
    const members = inputHeader.map((name) => `${JSON.stringify(name)}:${JSON.stringify(input[name])}`);
    expect(first).toContain(`"input":{${members.join(',')}}`);
    expect(Object.entries((JSON.parse(first) as { input: Record<string, string> }).input)).toEqual(expect.arrayContaining([['__proto__', 'p'], ['naïve "q"', '₹\t\u2028']]));
    expect(second).toContain(`"input":{${inputHeader.map((name) => `${JSON.stringify(name)}:""`).join(',')}}`);
    await writeResultFiles({ results: store, jobId: JOB, operation: 'mca.din', inputHeader: [], rows: oneBatch([{ ...failedRow, input: {} }]) });
    expect(JSON.parse(await readFile(jsonlPath(), 'utf8'))).toMatchObject({ row: 2, input: {} });
  });

  it('shows no results file until all three are complete, and leaves no temporary file', async () => {
    const seenMidway: string[][] = [];
    async function* rows(): AsyncGenerator<RowResult[]> {
      yield [okRow];
      seenMidway.push(await readdir(dir));
      yield [failedRow];
    }
    await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['note', 'gstin', 'ref'], rows: rows() });
    const midway = seenMidway[0] ?? [];
    expect(midway).not.toContain('results.csv');
    expect(midway).not.toContain('results.jsonl');
    expect(midway).not.toContain('results.xlsx');
    expect(midway.filter((name) => name.endsWith('.tmp'))).toHaveLength(3);
    expect((await readdir(dir)).sort()).toEqual(['results.csv', 'results.jsonl', 'results.xlsx']);
  });

  it('rejects, removes its temporary files and publishes nothing when the rows fail', async () => {
    async function* rows(): AsyncGenerator<RowResult[]> {
      yield [okRow];
      throw new Error('store went away');
    }
    await expect(writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['note'], rows: rows() })).rejects.toThrow('store went away');
    expect(await readdir(dir)).toEqual([]);
  });

  it('streams 100,000 rows: what is on disk keeps up with what was read', async () => {
    const total = 100_000;
    const checkAt = 60_000;
    const BATCH = 1_000;
    const midway = { csvBytes: 0, jsonlBytes: 0 };
    async function* rows(): AsyncGenerator<RowResult[]> {
      for (let i = 1; i <= total; i += BATCH) {
        if (i === checkAt + 1) {
          for (const name of await readdir(dir)) {
            const size = (await stat(path.join(dir, name))).size;
            if (name.startsWith('results.csv.') && name.endsWith('.tmp')) midway.csvBytes = size;
            if (name.startsWith('results.jsonl.') && name.endsWith('.tmp')) midway.jsonlBytes = size;
          }
        }
        yield Array.from({ length: BATCH }, (_, k): RowResult => ({
          row: i + k, input: { gstin: '27AAPFU0939F1ZV', ref: `R${i + k}` }, status: 'not_found', data: null,
          error: { code: 'NOT_FOUND', message: 'No such GSTIN' }, chargedPaise: 0,
        }));
      }
    }
    const result = await writeResultFiles({ results: store, jobId: JOB, operation: 'gst.verify', inputHeader: ['gstin', 'ref'], rows: rows() });
    expect(result.rows).toBe(total);
    const csvBytes = (await stat(csvPath())).size;
    const jsonlBytes = (await stat(jsonlPath())).size;
    // Rows are near-uniform, so 60% of the rows read means ~60% of the bytes; a writer that
    // buffered rows instead of streaming them would have next to nothing on disk here.
    expect(midway.csvBytes).toBeGreaterThan(csvBytes * 0.55);
    expect(midway.jsonlBytes).toBeGreaterThan(jsonlBytes * 0.55);
    const text = await readFile(csvPath(), 'utf8');
    expect(text.split('\r\n')).toHaveLength(total + 2);
    expect(text.endsWith(`100000,27AAPFU0939F1ZV,R100000,not_found,NOT_FOUND,No such GSTIN,0.00,,,,,,,,,,\r\n`)).toBe(true);
  });
});
