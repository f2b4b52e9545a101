import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, waitForJob, type JobStatus } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Vendor lists as people save them (issue 28, points 2 and 3): the same rows saved by Excel on
 * Windows (Windows-1252, semicolons), as "Unicode Text" (UTF-16 with a BOM, tabs), exported by
 * Tally (a GSTIN/UIN header), under a header of the user's own named by ?columns=, and with no
 * recognisable header at all, each run to the end by real workers against real Redis, and
 * compared row by row with the plain UTF-8 comma CSV of the same rows.
 */
const GSTIN = scenario('clean-company').identifiers.gstin!;
const GSTIN_2 = scenario('docs-example-llp').identifiers.gstin!;
const UNKNOWN = '27ZZZCZ0404Z1ZT';

/** Names Windows-1252 can hold, accents and typographic quotes included. */
const ROWS: [string, string][] = [
  ['Café Traders', GSTIN],
  ['Müller & Söhne “Pvt” Ltd', GSTIN_2],
  ['Crème Foods', UNKNOWN],
  ['Ångström Labs', '27AAPFU0939F1ZA'],
  ['Café Traders again', GSTIN],
];

function csv(header: [string, string], separator: string): string {
  return [header, ...ROWS].map((cells) => cells.join(separator)).join('\r\n') + '\r\n';
}

function upload(key: string, file: Buffer, query = ''): InjectOptions {
  return fileUpload(key, { operation: 'gst.verify' }, { name: 'vendors.csv', bytes: file, type: 'text/csv' }, `/v1/bulk/jobs${query}`);
}

interface ResultLine {
  row: number;
  input: Record<string, string>;
  status: string;
  [field: string]: unknown;
}

/** What a row's result says, without the input's column names (which differ by file) and times. */
function outcome(line: ResultLine, nameColumn: string) {
  const { input, ...rest } = line;
  return JSON.stringify({ ...rest, name: input[nameColumn] }, (key, value: unknown) => (/_at$|^timestamp$|^request_id$|latency/.test(key) ? undefined : value));
}

describe('bulk jobs take CSV as Excel and ERPs save it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_ROW_ATTEMPTS: '1' } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });

  async function run(file: Buffer, nameColumn: string, query = '') {
    const response = await t.app.inject(upload(t.sandboxKey, file, query));
    expect(response.statusCode, response.body.slice(0, 400)).toBe(202);
    const done = (await waitForJob(t.app, t.sandboxKey, response.json().data.job_id)) as JobStatus & { warnings: { code: string; message: string }[] };
    expect(done.status).toBe('completed');
    const lines = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as ResultLine);
    return { done, lines, outcomes: lines.map((line) => outcome(line, nameColumn)) };
  }

  let baseline: string[];
  beforeAll(async () => {
    const plain = await run(Buffer.from(csv(['name', 'gstin'], ','), 'utf8'), 'name');
    baseline = plain.outcomes;
    expect(plain.done.warnings).toEqual([]);
    expect(plain.lines.map((l) => [l.status, l.input.name, l.duplicate_of ?? null])).toEqual([
      ['ok', 'Café Traders', null],
      ['ok', 'Müller & Söhne “Pvt” Ltd', null],
      ['not_found', 'Crème Foods', null],
      ['invalid', 'Ångström Labs', null],
      ['ok', 'Café Traders again', 1],
    ]);
  }, 120_000);

  it('reads a Windows-1252 semicolon CSV (Excel\'s "CSV" on Windows) to the same rows, and warns that it did', async () => {
    const text = csv(['Name', 'GSTIN'], ';');
    const windows1252 = encode1252(text);
    expect(windows1252.includes(0xe9)).toBe(true);
    const { done, outcomes } = await run(windows1252, 'Name');
    expect(outcomes).toEqual(baseline);
    expect(done.warnings.map((w) => w.code)).toEqual(['ENCODING_WINDOWS_1252']);
    expect(done.warnings[0]!.message).toContain("the file is not UTF-8; read as Windows-1252 (Excel's 'CSV' on Windows): check names with accents");
  });

  it('reads a UTF-16 tab-separated file with a BOM (Excel\'s "Unicode Text") to the same rows', async () => {
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(['name', 'gstin'], '\t'), 'utf16le')]);
    const { done, outcomes } = await run(file, 'name');
    expect(outcomes).toEqual(baseline);
    expect(done.warnings).toEqual([]);
  });

  it('reads a Tally-style GSTIN/UIN header to the same rows', async () => {
    const { done, outcomes, lines } = await run(Buffer.from(csv(['Particulars', 'GSTIN/UIN'], ','), 'utf8'), 'Particulars');
    expect(outcomes).toEqual(baseline);
    expect(Object.keys(lines[0]!.input)).toEqual(['Particulars', 'GSTIN/UIN']);
    expect(done.warnings).toEqual([]);
  });

  it('reads the column ?columns= names, and refuses a mapping to a column the file lacks with a 400 naming it', async () => {
    const file = Buffer.from(csv(['Vendor', 'Vendor Tax ID'], ','), 'utf8');
    const { outcomes } = await run(file, 'Vendor', `?columns=${encodeURIComponent('gstin:Vendor Tax ID')}`);
    expect(outcomes).toEqual(baseline);
    const refused = await t.app.inject(upload(t.sandboxKey, file, `?columns=${encodeURIComponent('gstin:Tax Number')}`));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'columns', message: 'columns: the file has no column named "Tax Number" (for gstin); its columns are "Vendor", "Vendor Tax ID"' }],
    });
    const malformed = await t.app.inject(upload(t.sandboxKey, file, '?columns=gstn:Vendor'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0]).toMatchObject({ field: 'columns', message: expect.stringMatching(/^columns: "gstn" is not a column this service reads/) });
  });

  it('uses the one column of GSTINs when no header names one, and says so in the job\'s warnings', async () => {
    const { done, outcomes } = await run(Buffer.from(csv(['Vendor', 'Tax Ref'], ','), 'utf8'), 'Vendor');
    expect(outcomes).toEqual(baseline);
    expect(done.warnings).toEqual([
      {
        code: 'COLUMN_GUESSED',
        message: 'no header names a gstin column; column 2 ("Tax Ref") holds GSTINs (4 of the first 5 rows are valid), so it was read as gstin: say so with ?columns=gstin:Tax Ref to be sure',
      },
    ]);
  });

  it('verifies a business360 row of a Tally export with both GSTIN/UIN and PAN/IT No. by its GSTIN, and says so', async () => {
    const pan = GSTIN.slice(2, 12);
    const file = Buffer.from(`Particulars,GSTIN/UIN,PAN/IT No.\r\nCafé Traders,${GSTIN},${pan}\r\nPAN only,,${pan}\r\n`, 'utf8');
    const response = await t.app.inject(fileUpload(t.sandboxKey, { operation: 'business360' }, { name: 'tally.csv', bytes: file, type: 'text/csv' }));
    expect(response.statusCode, response.body.slice(0, 400)).toBe(202);
    expect(response.json().data.rows).toMatchObject({ total: 2, valid: 2, invalid: 0 });
    const done = (await waitForJob(t.app, t.sandboxKey, response.json().data.job_id)) as JobStatus & { warnings: { code: string; message: string }[] };
    expect(done.warnings).toEqual([
      {
        code: 'IDENTIFIERS_SEVERAL',
        message: '1 row(s) had more than one of gstin, cin, pan filled (the first: row 1); each was verified, and billed, by the first it had in that order, the others carried through unverified',
      },
    ]);
    const lines = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as ResultLine);
    expect(lines.map((l) => l.status)).toEqual(['ok', 'ok']);
  });

  it('adds portfolio rows from a Windows-1252 Tally export and from ?columns=, keeping them under gstin, with the warnings in the answer', async () => {
    const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${t.sandboxKey}` }, payload: body as object });
    const created = await post('/v1/portfolios', { name: 'Tally suppliers', operation: 'gst.verify', schedule: { every: 'weekly' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.portfolio_id as string;
    const tally = encode1252(`Particulars;GSTIN/UIN\r\nCafé Traders;${GSTIN}\r\n`);
    const added = await t.app.inject(rowsUpload(t.sandboxKey, id, tally));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ added: 1, invalid: 0, warnings: [{ code: 'ENCODING_WINDOWS_1252' }] });
    const mapped = await t.app.inject(rowsUpload(t.sandboxKey, id, Buffer.from(`Vendor,Tax Number\nBeta,${GSTIN_2}\n`), `?columns=${encodeURIComponent('gstin:Tax Number')}`));
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ added: 1, warnings: [] });
    const rows = (await get(`/v1/portfolios/${id}/rows`)).json().data.rows as { identifier: string; columns: Record<string, string> }[];
    expect(rows.map((r) => [r.identifier, r.columns]).sort()).toEqual(
      [
        [GSTIN, { Particulars: 'Café Traders', gstin: GSTIN }],
        [GSTIN_2, { Vendor: 'Beta', gstin: GSTIN_2 }],
      ].sort(),
    );
  });
});

function rowsUpload(key: string, portfolioId: string, file: Buffer, query = ''): InjectOptions {
  return fileUpload(key, {}, { name: 'suppliers.csv', bytes: file, type: 'text/csv' }, `/v1/portfolios/${portfolioId}/rows${query}`);
}

function encode1252(text: string): Buffer {
  return Buffer.from([...text].map((char) => WINDOWS_1252[char] ?? char.charCodeAt(0)));
}

/** The Windows-1252 bytes of the characters above that differ from Latin-1. */
const WINDOWS_1252: Record<string, number> = { '“': 0x93, '”': 0x94, é: 0xe9, ü: 0xfc, ö: 0xf6, è: 0xe8, Å: 0xc5 };
