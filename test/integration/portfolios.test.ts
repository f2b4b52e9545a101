import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGstin } from '../../src/domain/identifiers/gstin.js';
import { driftPhase } from '../../src/sources/sandbox/drift.js';
import { DRIFTING_SCENARIOS } from '../../src/sources/sandbox/drifting-scenarios.js';
import { sweepExpiredJobs } from '../../src/bulk/job-retention.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { jobStatus, multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signatureIsValid, startWebhookReceiver } from '../helpers/webhook-receiver.js';

const drifting = (name: string) => {
  const found = DRIFTING_SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no drifting scenario ${name}`);
  return found;
};

/** A Monday noon in India in an even ISO week, so the drifting scenarios show their stored state. */
function evenWeekNoon(): Date {
  let day = new Date('2026-11-16T06:30:00Z');
  if (driftPhase(day) !== 'even') day = new Date(day.getTime() + 7 * 86_400_000);
  return day;
}

/** ISO 8601 with India's offset, as every time on the wire is. */
const IST_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/;

interface Run {
  run_id: string;
  status: string;
  changes: { rows: number; changed: number; new_high_severity: number; previous_run_id: string | null } | null;
  files: { json: string; csv: string; xlsx: string } | null;
}

/** Portfolios end to end: real BullMQ workers in this process on the test Redis, the sandbox as the source, a clock the test moves. */
describe('portfolios', () => {
  let t: TestApp;
  let clock = evenWeekNoon();
  beforeAll(async () => {
    // The webhook receiver listens on 127.0.0.1: a development setting (refused by default).
    t = await createTestApp({ now: () => clock, env: { BV_BULK_CHUNK_ROWS: '2', BV_WEBHOOK_BACKOFF_MS: '50', BV_WEBHOOK_ATTEMPTS: '3', BV_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  const get = (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const del = (url: string, key = t.sandboxKey) => t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${key}` } });
  const runs = async (id: string) => (await get(`/v1/portfolios/${id}/runs`)).json().data.runs as Run[];

  async function runAndReport(id: string): Promise<Run> {
    const started = await t.post(`/v1/portfolios/${id}/run`, {});
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().data.run_id as string;
    await waitForJob(t.app, t.sandboxKey, runId);
    for (let i = 0; i < 400; i++) {
      const run = (await runs(id)).find((r) => r.run_id === runId);
      if (run?.changes) return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${runId} got no change report`);
  }

  it('pages its runs with limit and next_cursor, newest first, instead of stopping at 100', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Paged runs', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const id = created.json().data.portfolio_id as string;
    const made = [(await runAndReport(id)).run_id, (await runAndReport(id)).run_id, (await runAndReport(id)).run_id];
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(`/v1/portfolios/${id}/runs?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`)).json().data as { runs: Run[]; next_cursor: string | null };
      pages.push(page.runs.map((run) => run.run_id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(pages).toEqual([[made[2], made[1]], [made[0]]]);
    const bad = await get(`/v1/portfolios/${id}/runs?limit=101`);
    expect(bad.json().error.details).toEqual([{ field: 'limit', message: 'must be an integer from 1 to 100' }]);
  });

  it('finds exactly what changed in the sandbox between two runs, and announces it in a signed webhook', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const gst = drifting('drifting-gst-status').identifiers.gstin!;
      const gap = drifting('drifting-returns-gap').identifiers.gstin!;
      const company = drifting('drifting-company-status').identifiers.cin!;
      const director = drifting('drifting-director');
      const directorEntry = director.identifiers.gstin ?? director.identifiers.cin!;
      const stable = scenario('clean-company').identifiers.gstin!;
      const created = await t.post('/v1/portfolios', {
        name: 'Key suppliers',
        operation: 'business360',
        schedule: { every: 'weekly' },
        webhook_url: receiver.url,
        rows: [
          { gstin: gst, vendor_code: 'V1', 'Vendor Name': 'Sharma Traders' },
          { gstin: gap, vendor_code: 'V2', 'Vendor Name': 'Patel & Sons' },
          { cin: company, vendor_code: 'V3', 'Vendor Name': 'Gujarat Castings' },
          { [director.identifiers.gstin ? 'gstin' : 'cin']: directorEntry, vendor_code: 'V4', 'Vendor Name': 'Rao Printers' },
          { gstin: stable, vendor_code: 'V5', 'Vendor Name': 'Clean Co' },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const portfolio = created.json().data as { portfolio_id: string; rows: number; schedule: unknown; next_run_at: string };
      expect(portfolio).toMatchObject({ rows: 5, schedule: { every: 'weekly', cron: '0 6 * * 1', tz: 'Asia/Kolkata' } });
      expect(Date.parse(portfolio.next_run_at)).toBeGreaterThan(Date.now());

      const first = await runAndReport(portfolio.portfolio_id);
      expect(first.status).toBe('completed');
      expect(first.changes).toEqual({ rows: 5, changed: 0, new_high_severity: 0, previous_run_id: null });
      expect(receiver.received).toHaveLength(0);

      // A week later the drifting scenarios are in their other phase.
      clock = new Date(clock.getTime() + 7 * 86_400_000);
      const second = await runAndReport(portfolio.portfolio_id);
      const changes = JSON.parse((await get(second.files!.json)).body) as {
        identifier: string;
        vendor_name: string | null;
        vendor_code: string | null;
        check: string;
        field: string;
        description: string;
        before: string | null;
        after: string | null;
        severity: string;
        detected_at: string;
      }[];
      const monday = clock.toISOString().slice(0, 10);
      expect(monday).toBe('2026-11-30');
      expect(changes.map(({ identifier, check, field, before, after, severity }) => [identifier, check, field, before, after, severity])).toEqual(
        EXPECTED(gst, gap, company, directorEntry, director.drifting.identifier, monday),
      );
      // Each change names its supplier by the row's own columns and says what happened in words.
      const supplier: Record<string, [string, string]> = { [gst]: ['Sharma Traders', 'V1'], [gap]: ['Patel & Sons', 'V2'], [company]: ['Gujarat Castings', 'V3'], [directorEntry]: ['Rao Printers', 'V4'] };
      expect(changes.map((c) => [c.vendor_name, c.vendor_code])).toEqual(changes.map((c) => supplier[c.identifier]));
      expect(changes.map((c) => c.description)).toEqual(EXPECTED_DESCRIPTIONS(director.drifting.identifier));
      expect(new Set(changes.map((c) => c.detected_at)).size).toBe(1);
      expect(second.changes).toMatchObject({ rows: 5, changed: 4, previous_run_id: first.run_id });
      expect(second.changes!.new_high_severity).toBe(changes.filter((c) => c.severity === 'high').length);

      const csv = (await get(second.files!.csv)).body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(csv[0]).toBe('identifier,vendor_name,vendor_code,check,field,description,before,after,severity,detected_at');
      expect(csv).toHaveLength(changes.length + 1);
      // changes.xlsx: changes.csv's cells exactly, high-severity changes filled.
      const xlsx = await get(second.files!.xlsx);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const csvCells = parse((await get(second.files!.csv)).body, { bom: true }) as string[][];
      const sheetCells = csvCells.map((record, r) => record.map((_, c) => String(sheet.getRow(r + 1).getCell(c + 1).value ?? '')));
      expect(sheetCells).toEqual(csvCells);
      const filled = csvCells.slice(1).map((_, r) => (sheet.getRow(r + 2).getCell(1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === 'FFFFC7CE');
      expect(filled).toEqual(changes.map((c) => c.severity === 'high'));
      expect(filled).toContain(true);

      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);
      const secret = (await get('/v1/webhooks/secret')).json().data.secret as string;
      expect(signatureIsValid(secret, receiver.received[0]!)).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: 'portfolio.changes',
        data: { portfolio_id: portfolio.portfolio_id, run_id: second.run_id, summary: { changed: 4 }, changes: expect.arrayContaining([expect.objectContaining({ identifier: gst })]) },
      });
      const deliveries = (await get(`/v1/portfolios/${portfolio.portfolio_id}/runs/${second.run_id}/webhook-deliveries`)).json().data.attempts as { ok: boolean; at: string }[];
      expect(deliveries.map((d) => d.ok)).toEqual([true]);

      // Every time on the wire has the +05:30 offset (DECISIONS.md), though stored in UTC:
      // the portfolio, its runs and their jobs, the change report, the webhook and its log.
      const shown = (await get(`/v1/portfolios/${portfolio.portfolio_id}`)).json().data as { created_at: string; next_run_at: string; last_run: { created_at: string; finished_at: string } };
      const listed = (await runs(portfolio.portfolio_id))[0] as Run & { created_at: string; finished_at: string; job: { created_at: string; started_at: string; finished_at: string } };
      const webhook = JSON.parse(receiver.received[0]!.body) as { created_at: string; data: { changes: { detected_at: string }[] } };
      const times = [
        shown.created_at, shown.next_run_at, shown.last_run.created_at, shown.last_run.finished_at,
        listed.created_at, listed.finished_at, listed.job.created_at, listed.job.started_at, listed.job.finished_at,
        changes[0]!.detected_at, csv[1]!.split(',').at(-1)!, webhook.created_at, webhook.data.changes[0]!.detected_at, deliveries[0]!.at,
      ];
      expect(times.filter((time) => !IST_TIME.test(time))).toEqual([]);
      // The same instants: 05:30 later on the clock than the stored UTC.
      expect(Date.parse(listed.job.finished_at)).toBe(Date.parse((await t.deps.bulkJobs.get(second.run_id))!.finishedAt!));
      expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
    } finally {
      receiver.close();
    }
  });

  it('takes pasted lines as an upload: the valid rows kept, each invalid one named by its line, the supplier listed by name', async () => {
    const a = scenario('clean-company').identifiers.gstin!;
    const b = scenario('cancelled-gstin').identifiers.gstin!;
    // No header: identifier, then name and code; a blank line still counts as a line.
    const created = await t.post('/v1/portfolios', { name: 'Pasted', operation: 'gst.verify', schedule: { every: 'weekly' }, text: `${a}\tSharma Traders\tV1\n\n27AAPFU0939F1ZX\tBad Co\tV2\n${b}\n` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ rows: 2, repeated: 0, invalid: 1, invalid_rows: [{ row: 3, line: 3, problems: [{ field: 'gstin' }] }] });
    const id = created.json().data.portfolio_id as string;
    // With a header line, as copied with the spreadsheet's header row: read by the CSV intake.
    const c = scenario('suspended-gstin').identifiers.gstin!;
    const added = await t.post(`/v1/portfolios/${id}/rows`, { text: `gstin,Vendor Name,Vendor Code\n${c},Patel & Sons,V3\nNOT-A-GSTIN,Nobody,V4\n` });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ added: 1, invalid: 1, rows: 3, invalid_rows: [{ row: 3, line: 3, problems: [{ field: 'gstin' }] }] });
    const rows = (await get(`/v1/portfolios/${id}/rows`)).json().data.rows as { identifier: string; vendor_name: string | null; vendor_code: string | null }[];
    expect(rows.map((r) => [r.identifier, r.vendor_name, r.vendor_code])).toEqual(
      [[a, 'Sharma Traders', 'V1'], [b, null, null], [c, 'Patel & Sons', 'V3']].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const both = await t.post(`/v1/portfolios/${id}/rows`, { rows: [{ gstin: a }], text: a });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details).toEqual([{ field: 'rows', message: 'send either rows (JSON row objects) or text (pasted lines)' }]);
  });

  it('adds rows from a CSV upload (replacing by identifier), removes one, and rejects bad input with the field', async () => {
    const created = await t.post('/v1/portfolios', { name: 'From CSV', operation: 'gst.verify', schedule: { cron: '30 7 * * 1-5', tz: 'Asia/Kolkata' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.portfolio_id as string;
    const a = scenario('clean-company').identifiers.gstin!;
    const b = scenario('cancelled-gstin').identifiers.gstin!;
    const csv = `\uFEFFGSTIN,Vendor Code\r\n${a},V1\r\n${b},V2\r\n27AAPFU0939F1ZX,V3\r\n${a.toLowerCase()},V1-again\r\n`;
    const upload = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'vendors.csv', csv }, `/v1/portfolios/${id}/rows`));
    expect(upload.statusCode, upload.body).toBe(200);
    // Every row sent is counted once: the lower-case repeat of a is "repeated" (and it is the one kept).
    expect(upload.json().data).toMatchObject({ added: 2, replaced: 0, repeated: 1, invalid: 1, rows: 2, invalid_rows: [{ row: 3 }] });
    const rows = (await get(`/v1/portfolios/${id}/rows`)).json().data.rows as { identifier: string; columns: Record<string, string> }[];
    expect(rows.map((r) => [r.identifier, r.columns['Vendor Code']])).toEqual([[a, 'V1-again'], [b, 'V2']].sort());
    expect((await del(`/v1/portfolios/${id}/rows/${b}`)).json().data).toMatchObject({ removed: b, rows: 1 });
    expect((await del(`/v1/portfolios/${id}/rows/${b}`)).statusCode).toBe(404);

    for (const [body, field] of [
      [{ name: 'x', operation: 'pan.verify', schedule: { every: 'daily' } }, 'operation'],
      [{ name: 'x', operation: 'gst.verify', schedule: { every: 'hourly' } }, 'schedule'],
      [{ name: 'x', operation: 'gst.verify', schedule: { cron: 'every monday' } }, 'schedule.cron'],
      [{ name: 'x', operation: 'gst.verify', schedule: { cron: '0 6 * * *', tz: 'Mars/Olympus' } }, 'schedule.tz'],
      [{ name: 'x', operation: 'gst.verify', schedule: { cron: '99 6 * * *' } }, 'schedule.cron'],
      [{ name: 'x', operation: 'gst.verify', schedule: { every: 'daily' }, rows: [{ gstin: 'nope' }] }, 'rows[0].gstin'],
      [{ name: 'x', operation: 'gst.verify', schedule: { every: 'daily' }, webhook_url: 'ftp://x' }, 'webhook_url'],
    ] as const) {
      const response = await t.post('/v1/portfolios', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    // The name's rules in words, not zod's defaults.
    for (const [name, message] of [[undefined, 'is required'], ['  ', 'must not be empty'], ['n'.repeat(201), 'must be at most 200 characters'], [7, 'must be a string']] as const) {
      const response = await t.post('/v1/portfolios', { name, operation: 'gst.verify', schedule: { every: 'daily' } });
      expect(response.json().error.details).toEqual([{ field: 'name', message }]);
    }
    const empty = await t.post('/v1/portfolios', { name: 'Empty', operation: 'gst.verify', schedule: { every: 'daily' } });
    const run = await t.post(`/v1/portfolios/${empty.json().data.portfolio_id as string}/run`, {});
    expect(run.statusCode).toBe(400);
    expect(run.json().error.message).toMatch(/no rows/);
    // The same portfolio's scheduled run (as its job scheduler queues it) is skipped, and says why.
    const emptyId = empty.json().data.portfolio_id as string;
    expect((await get(`/v1/portfolios/${emptyId}`)).json().data.skipped_runs).toEqual([]);
    await t.deps.queues.portfolios.add('run', { kind: 'run', portfolioId: emptyId });
    let skipped: { code: string; message: string }[] = [];
    for (let i = 0; i < 200 && skipped.length === 0; i++) {
      skipped = (await get(`/v1/portfolios/${emptyId}`)).json().data.skipped_runs as typeof skipped;
      if (skipped.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(skipped).toEqual([expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/no rows/) })]);
  });

  it('pages its rows in identifier order, and a cursor whose row was removed still leads on', async () => {
    const gstin = (i: number) => makeGstin('29', `QZPCS${String(i).padStart(4, '0')}Q`, '1');
    const created = await t.post('/v1/portfolios', { name: 'Paged rows', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: [6, 2, 4, 0, 5, 1].map((i) => ({ gstin: gstin(i), code: `V${i}` })) });
    const id = created.json().data.portfolio_id as string;
    type RowsPage = { rows: { identifier: string; columns: Record<string, string> }[]; next_cursor: string | null };
    const page = async (query: string) => {
      const response = await get(`/v1/portfolios/${id}/rows?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as RowsPage;
    };
    const first = await page('limit=2');
    // A `code` column is the supplier's code; the row has no name column.
    expect(first.rows).toEqual([
      { identifier: gstin(0), vendor_name: null, vendor_code: 'V0', columns: { gstin: gstin(0), code: 'V0' } },
      { identifier: gstin(1), vendor_name: null, vendor_code: 'V1', columns: { gstin: gstin(1), code: 'V1' } },
    ]);
    expect(first.next_cursor).toBe(gstin(1));
    // Meanwhile: the cursor's own row goes, one row comes before the cursor and one after it.
    expect((await del(`/v1/portfolios/${id}/rows/${gstin(1)}`)).statusCode).toBe(200);
    expect((await t.post(`/v1/portfolios/${id}/rows`, { rows: [{ gstin: gstin(3) }, { gstin: makeGstin('28', 'QZPCS0000Q', '1') }] })).statusCode).toBe(200);
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect(second.rows.map((row) => row.identifier)).toEqual([gstin(2), gstin(3)]);
    const third = await page(`limit=2&cursor=${second.next_cursor}`);
    expect(third.rows.map((row) => row.identifier)).toEqual([gstin(4), gstin(5)]);
    const last = await page(`limit=2&cursor=${third.next_cursor}`);
    expect(last).toEqual({ portfolio_id: id, rows: [{ identifier: gstin(6), vendor_name: null, vendor_code: 'V6', columns: { gstin: gstin(6), code: 'V6' } }], next_cursor: null });
    // A page that ends exactly on the last row says so, rather than sending the client to an empty page.
    expect((await page(`limit=1&cursor=${gstin(5)}`)).next_cursor).toBeNull();
    expect((await page('')).rows).toHaveLength(7);

    for (const [query, field, message] of [
      ['limit=1001', 'limit', 'must be an integer from 1 to 1000'],
      ['limit=0', 'limit', 'must be an integer from 1 to 1000'],
      [`cursor=${gstin(2).toLowerCase()}`, 'cursor', 'must be a next_cursor from a previous page'],
      ['cursor=a&cursor=b', 'cursor', 'must be a next_cursor from a previous page, sent once'],
      ['offset=3', 'offset', 'is not allowed'],
    ] as const) {
      const bad = await get(`/v1/portfolios/${id}/rows?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.details[0], query).toMatchObject({ field, message: expect.stringContaining(message) });
    }
    expect((await del(`/v1/portfolios/${id}`)).statusCode).toBe(200);
    expect(await t.deps.redis.exists(t.deps.keys.portfolioRowIds(id))).toBe(0);
  });

  it('lists the rows of a portfolio stored before rows were paged, and heals an index an older process left behind', async () => {
    const gstin = (i: number) => makeGstin('29', `QZOLD${String(i).padStart(4, '0')}Q`, '1');
    const created = await t.post('/v1/portfolios', { name: 'Stored before', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: [0, 1, 2, 3].map((i) => ({ gstin: gstin(i) })) });
    const id = created.json().data.portfolio_id as string;
    const identifiers = async (query = '') => ((await get(`/v1/portfolios/${id}/rows?${query}`)).json().data.rows as { identifier: string }[]).map((row) => row.identifier);
    // As an older version left it: the rows hash alone.
    await t.deps.redis.del(t.deps.keys.portfolioRowIds(id));
    expect(await identifiers('limit=3')).toEqual([gstin(0), gstin(1), gstin(2)]);
    expect(await t.deps.redis.zcard(t.deps.keys.portfolioRowIds(id))).toBe(4);
    // An older process removed row 1 and added row 5, each in the hash alone: the counts still agree.
    await t.deps.redis.hdel(t.deps.keys.portfolioRows(id), gstin(1));
    await t.deps.redis.hset(t.deps.keys.portfolioRows(id), gstin(5), JSON.stringify({ gstin: gstin(5) }));
    expect(await identifiers()).toEqual([gstin(0), gstin(2), gstin(3), gstin(5)]);
    expect(await t.deps.redis.zrange(t.deps.keys.portfolioRowIds(id), 0, -1)).toEqual([gstin(0), gstin(2), gstin(3), gstin(5)]);
    expect((await del(`/v1/portfolios/${id}`)).statusCode).toBe(200);
  });

  it('takes an upload of the most rows a portfolio holds, then refuses one row more, and stays up', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Largest', operation: 'gst.verify', schedule: { every: 'monthly' } });
    const id = created.json().data.portfolio_id as string;
    const letter = (n: number) => String.fromCharCode(65 + (n % 26));
    // 100,000 distinct valid GSTINs: an HMGET of that many fields once crashed the process.
    const gstin = (i: number) => makeGstin('27', `QZ${letter(i)}C${letter(Math.floor(i / 26))}${String(Math.floor(i / 676)).padStart(4, '0')}Q`, '1');
    const lines = ['GSTIN'];
    for (let i = 0; i < 100_000; i++) lines.push(gstin(i));
    // One row past the limit in one file is refused with the portfolio's limit, not a job's.
    const over = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'over.csv', csv: `${lines.join('\n')}\n${gstin(100_000)}\n` }, `/v1/portfolios/${id}/rows`));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toContain('the most a portfolio holds: use a bulk job for a larger list');
    const upload = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'all.csv', csv: `${lines.join('\n')}\n` }, `/v1/portfolios/${id}/rows`));
    expect(upload.statusCode, upload.body.slice(0, 500)).toBe(200);
    expect(upload.json().data).toMatchObject({ added: 100_000, invalid: 0, rows: 100_000 });
    const more = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'one.csv', csv: `GSTIN\n${gstin(100_000)}\n` }, `/v1/portfolios/${id}/rows`));
    expect(more.statusCode, more.body).toBe(413);
    expect(more.json().error.message).toMatch(/portfolio/);
    // The same rows again replace themselves: nothing is added past the limit.
    const again = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'all.csv', csv: `${lines.slice(0, 1_001).join('\n')}\n` }, `/v1/portfolios/${id}/rows`));
    expect(again.json().data).toMatchObject({ added: 0, replaced: 1_000, rows: 100_000 });
    // The listing comes in pages of 1,000 (the default), each in order after the last.
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(`/v1/portfolios/${id}/rows${cursor === null ? '' : `?cursor=${cursor}`}`)).json().data as { rows: { identifier: string }[]; next_cursor: string | null };
      expect(page.rows.length).toBeLessThanOrEqual(1_000);
      listed.push(...page.rows.map((row) => row.identifier));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(listed).toHaveLength(100_000);
    expect(listed).toEqual(lines.slice(1).sort());
    expect((await del(`/v1/portfolios/${id}`)).statusCode).toBe(200);
  }, 60_000);

  it('lets only one of two uploads at once take the last room, so a portfolio never passes its row limit', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Race', operation: 'gst.verify', schedule: { every: 'monthly' } });
    const id = created.json().data.portfolio_id as string;
    const rows = (from: number) =>
      Array.from({ length: 60 }, (_, i) => ({ identifier: `27AAAAA${String(from + i).padStart(4, '0')}A1Z5`, columns: { gstin: `27AAAAA${String(from + i).padStart(4, '0')}A1Z5` } }));
    // Both count before either writes, unless the count and the write are one step.
    const results = await Promise.all([t.deps.portfolios.addRows(id, rows(0), 100), t.deps.portfolios.addRows(id, rows(1_000), 100)]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, added: 60 }]);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, wouldHold: 120 }]);
    expect(await t.deps.portfolios.rows(id)).toHaveLength(60);
    expect((await del(`/v1/portfolios/${id}`)).statusCode).toBe(200);
  });

  it('runs Business360 rows added without an include as the full bundle, as it took them', async () => {
    const a = scenario('clean-company').identifiers.gstin!;
    const b = scenario('cancelled-gstin').identifiers.gstin!;
    const c = scenario('composition-taxpayer').identifiers.gstin!;
    // a lacks the include key b has; c's include cell is left empty in a CSV.
    const created = await t.post('/v1/portfolios', { name: 'Bundles', operation: 'business360', schedule: { every: 'monthly' }, rows: [{ gstin: a }, { gstin: b, include: ['gst', 'pan'] }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.portfolio_id as string;
    const d = scenario('late-filer').identifiers.gstin!;
    // c's include cell is empty, d's only spaces: both read as "not given" when uploaded.
    const upload = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'more.csv', csv: `gstin,include\r\n${c},\r\n${d},  \r\n` }, `/v1/portfolios/${id}/rows`));
    expect(upload.json().data).toMatchObject({ added: 2, invalid: 0, rows: 4 });
    const run = await runAndReport(id);
    const job = await jobStatus(t.app, t.sandboxKey, run.run_id);
    expect(job.rows).toMatchObject({ total: 4, valid: 4, invalid: 0, ok: 4 });
    // a's full bundle at the 10.00 cap and b's GST + PAN (0.75 + 2.00), then c's bundle.
    expect(job.charged_inr).toBeGreaterThan(12.75);
  });

  it('replays a CSV upload of rows under the same Idempotency-Key only when the file is the same', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Keyed CSV', operation: 'gst.verify', schedule: { every: 'daily' } });
    const id = created.json().data.portfolio_id as string;
    const upload = (csv: string) => {
      const options = multipartUpload(t.sandboxKey, {}, { name: 'rows.csv', csv }, `/v1/portfolios/${id}/rows`);
      return t.app.inject({ ...options, headers: { ...options.headers, 'idempotency-key': 'rows-once' } });
    };
    const csv = `gstin\r\n${scenario('clean-company').identifiers.gstin}\r\n`;
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(csv);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await upload(`gstin\r\n${scenario('cancelled-gstin').identifiers.gstin}\r\n`);
    expect(other.statusCode).toBe(422);
    expect((await get(`/v1/portfolios/${id}/rows`)).json().data.rows).toHaveLength(1);
  });

  it('runs one run at a time, takes an Idempotency-Key per portfolio, and merges rows whatever their header case', async () => {
    const gstin = scenario('clean-company').identifiers.gstin!;
    const make = async (name: string) =>
      (await t.post('/v1/portfolios', { name, operation: 'gst.verify', schedule: { every: 'daily' }, rows: [{ gstin, ref: 'json' }] })).json().data.portfolio_id as string;
    const [a, b] = [await make('A'), await make('B')];
    const both = await Promise.all([t.post(`/v1/portfolios/${a}/run`, {}), t.post(`/v1/portfolios/${a}/run`, {})]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error.code).toBe('RUN_IN_PROGRESS');
    await waitForJob(t.app, t.sandboxKey, both.find((r) => r.statusCode === 202)!.json().data.run_id as string);
    // Once it has finished, the next run may start.
    for (let i = 0; i < 200 && (await t.post(`/v1/portfolios/${a}/run`, {}).then(async (r) => (r.statusCode === 202 ? (await waitForJob(t.app, t.sandboxKey, r.json().data.run_id as string), false) : true))); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await runs(a)).length).toBe(2);

    const key = { authorization: `Bearer ${t.sandboxKey}`, 'idempotency-key': 'run-once' };
    const runA = await t.app.inject({ method: 'POST', url: `/v1/portfolios/${b}/run`, headers: key });
    const replay = await t.app.inject({ method: 'POST', url: `/v1/portfolios/${b}/run`, headers: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.run_id).toBe(runA.json().data.run_id);
    await waitForJob(t.app, t.sandboxKey, runA.json().data.run_id as string);
    // The same key on another portfolio is another request, not a replay.
    const other = await t.app.inject({ method: 'POST', url: `/v1/portfolios/${a}/run`, headers: key });
    expect(other.statusCode, other.body).toBe(422);

    const upload = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'more.csv', csv: `GSTIN,REF\r\n${scenario('cancelled-gstin').identifiers.gstin},csv\r\n` }, `/v1/portfolios/${b}/rows`));
    expect(upload.json().data).toMatchObject({ added: 1, rows: 2 });
    const mixed = await t.post(`/v1/portfolios/${b}/run`, {});
    expect(mixed.statusCode, mixed.body).toBe(202);
    expect((await waitForJob(t.app, t.sandboxKey, mixed.json().data.run_id as string)).rows).toMatchObject({ total: 2, ok: 2 });
  });

  it('refuses schedules that fire more than hourly or have a seconds field, and hides portfolios of the other environment', async () => {
    for (const cron of ['* * * * *', '*/30 * * * *', '0 6 * * * *']) {
      const response = await t.post('/v1/portfolios', { name: 'x', operation: 'gst.verify', schedule: { cron } });
      expect(response.statusCode, cron).toBe(400);
      expect(response.json().error.details[0].field).toBe('schedule.cron');
    }
    const live = await t.post('/v1/portfolios', { name: 'Live list', operation: 'gst.verify', schedule: { every: 'monthly' } }, t.liveKey);
    expect(live.statusCode, live.body).toBe(201);
    const id = live.json().data.portfolio_id as string;
    expect((await get(`/v1/portfolios/${id}`)).statusCode).toBe(404);
    expect((await t.post(`/v1/portfolios/${id}/run`, {})).statusCode).toBe(404);
    expect((await get('/v1/portfolios')).json().data.portfolios.map((p: { portfolio_id: string }) => p.portfolio_id)).not.toContain(id);
    expect((await get(`/v1/portfolios/${id}`, t.liveKey)).statusCode).toBe(200);
  });

  it('keeps a live portfolio\'s latest completed run past retention, for the next run to compare with', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Monthly', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const id = created.json().data.portfolio_id as string;
    const first = await runAndReport(id);
    const deps = { jobs: t.deps.bulkJobs, results: t.deps.results, portfolios: t.deps.portfolios, webhooks: t.deps.webhooks };
    const later = Date.now() + 31 * 86_400_000;
    await sweepExpiredJobs(deps, later);
    expect((await get(`/v1/bulk/jobs/${first.run_id}`)).statusCode).toBe(200);
    const second = await runAndReport(id);
    expect(second.changes?.previous_run_id).toBe(first.run_id);
    // Now the first is not the latest: its next due sweep removes it.
    await sweepExpiredJobs(deps, later + 31 * 86_400_000);
    expect((await runs(id)).map((r) => r.run_id)).toEqual([second.run_id]);
    expect((await get(`/v1/bulk/jobs/${first.run_id}`)).statusCode).toBe(404);
  });

  it('deletes a portfolio with its schedule and keeps its runs readable; another account sees none of it', async () => {
    const created = await t.post('/v1/portfolios', { name: 'To delete', operation: 'gst.verify', schedule: { every: 'daily' }, rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const id = created.json().data.portfolio_id as string;
    const run = await runAndReport(id);
    const other = (await t.admin('POST', '/admin/v1/accounts', { name: 'other', balance_inr: 10 })).json() as { sandbox_key: string };
    for (const url of [`/v1/portfolios/${id}`, `/v1/portfolios/${id}/rows`, `/v1/portfolios/${id}/runs`, run.files!.json, run.files!.csv]) {
      const response = await get(url, other.sandbox_key);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'POST', url: `/v1/portfolios/${id}/run`, headers: { authorization: `Bearer ${other.sandbox_key}` } })).statusCode).toBe(404);
    expect((await del(`/v1/portfolios/${id}`, other.sandbox_key)).statusCode).toBe(404);
    expect((await get('/v1/portfolios', other.sandbox_key)).json().data.portfolios).toEqual([]);

    const scheduler = `portfolio:${id}`;
    expect(await t.deps.queues.portfolios.getJobScheduler(scheduler)).toBeDefined();
    expect((await del(`/v1/portfolios/${id}`)).statusCode).toBe(200);
    expect(await t.deps.queues.portfolios.getJobScheduler(scheduler)).toBeUndefined();
    expect((await get(`/v1/portfolios/${id}`)).statusCode).toBe(404);
    expect((await get('/v1/portfolios')).json().data.portfolios.map((p: { portfolio_id: string }) => p.portfolio_id)).not.toContain(id);
    // Past runs and their files stay readable until retention.
    expect((await runs(id)).map((r) => r.run_id)).toEqual([run.run_id]);
    expect((await get(run.files!.json)).statusCode).toBe(200);
    expect((await get(`/v1/bulk/jobs/${run.run_id}/results.csv`)).statusCode).toBe(200);
    expect(await t.deps.redis.pttl(t.deps.keys.portfolio(id))).toBeGreaterThan(0);
  });
});

describe('a cancelled portfolio run that is still stopping', () => {
  // No workers: a run stays unfinished, as one does between its cancel and its last chunk.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds the portfolio, and the 409 says it was cancelled rather than still running', async () => {
    const created = await t.post('/v1/portfolios', { name: 'Stopping', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const id = created.json().data.portfolio_id as string;
    const started = await t.post(`/v1/portfolios/${id}/run`, {});
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().data.run_id as string;
    const busy = await t.post(`/v1/portfolios/${id}/run`, {});
    expect(busy.json().error.message).toContain(`run ${runId} is still running`);
    expect((await t.post(`/v1/bulk/jobs/${runId}/cancel`, {})).statusCode).toBe(200);
    const stopping = await t.post(`/v1/portfolios/${id}/run`, {});
    expect(stopping.statusCode).toBe(409);
    expect(stopping.json().error).toMatchObject({ code: 'RUN_IN_PROGRESS' });
    expect(stopping.json().error.message).toContain(`run ${runId} was cancelled and is still stopping`);
  });
});

/**
 * The change report the drifting scenarios must produce from an even week to the next (odd)
 * one, the second run on Monday `monday`: what docs/portfolios.md's change kinds name, each once.
 */
function EXPECTED(gst: string, gap: string, company: string, directorEntry: string, din: string, monday: string): (string | null)[][] {
  const lastMonth = '2026-10';
  return [
    [directorEntry, 'business360', 'risk.flags.DIRECTOR_DISQUALIFIED', null, 'high', 'high'],
    [directorEntry, 'business360', 'risk.level', 'low', 'high', 'high'],
    [directorEntry, 'mca.directors', `directors.${din}.din_status`, 'Approved', 'Disqualified', 'high'],
    [gst, 'business360', 'risk.flags.GST_CANCELLED', null, 'high', 'high'],
    [gst, 'business360', 'risk.level', 'low', 'high', 'high'],
    [gst, 'gst.verify', 'cancellation_date', null, monday, 'high'],
    [gst, 'gst.verify', 'gst_status', 'Active', 'Cancelled', 'high'],
    [gap, 'business360', 'risk.flags.GST_RETURNS_NOT_FILED', null, 'medium', 'medium'],
    [gap, 'business360', 'risk.level', 'low', 'medium', 'medium'],
    [gap, 'gst.returns', `periods.${lastMonth}.gstr1`, 'filed', 'not_filed', 'medium'],
    [gap, 'gst.returns', `periods.${lastMonth}.gstr3b`, 'filed', 'not_filed', 'high'],
    [company, 'business360', 'risk.flags.COMPANY_STRUCK_OFF', null, 'high', 'high'],
    [company, 'business360', 'risk.level', 'medium', 'high', 'high'],
    [company, 'mca.company', 'company_status', 'Active', 'Strike Off', 'high'],
  ];
}

/** EXPECTED's changes as sentences, in the same order (the even-to-odd week of 30 Nov 2026). */
function EXPECTED_DESCRIPTIONS(din: string): string[] {
  return [
    'Risk flag “director disqualified” raised (high severity)',
    'Risk level rose from low to high',
    `Director ${din} disqualified`,
    'Risk flag “GST registration cancelled” raised (high severity)',
    'Risk level rose from low to high',
    'GST registration cancelled on 30 Nov 2026',
    'GST registration cancelled',
    'Risk flag “GST returns not filed” raised (medium severity)',
    'Risk level rose from low to medium',
    'GSTR-1 for Oct 2026 not filed',
    'GSTR-3B for Oct 2026 not filed',
    'Risk flag “company struck off” raised (high severity)',
    'Risk level rose from medium to high',
    'Company struck off the register',
  ];
}

/** The operator's sandbox clock: what a user does to see a change without waiting a week. */
describe('the sandbox clock of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2' } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });

  it('moves the sandbox keys\' answers, sync calls and portfolio runs alike', async () => {
    const gstin = drifting('drifting-gst-status').identifiers.gstin!;
    const statusNow = (await t.post('/v1/gst/verify', { gstin })).json().data.status as string;
    const created = await t.post('/v1/portfolios', { name: 'Clock', operation: 'gst.verify', schedule: { every: 'daily' }, rows: [{ gstin }] });
    const id = created.json().data.portfolio_id as string;
    const first = (await t.post(`/v1/portfolios/${id}/run`, {})).json().data.run_id as string;
    await waitForJob(t.app, t.sandboxKey, first);

    const moved = await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { advance_days: 7 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ account_id: t.accountId, offset_days: 7 });
    expect(Date.parse(moved.json().sandbox_now as string) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(moved.json().sandbox_now).toMatch(IST_TIME);
    expect((await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json()).toMatchObject({ offset_days: 7 });

    const statusLater = (await t.post('/v1/gst/verify', { gstin })).json().data.status as string;
    expect([statusNow, statusLater].sort()).toEqual(['Active', 'Cancelled']);
    const second = (await t.post(`/v1/portfolios/${id}/run`, {})).json().data.run_id as string;
    await waitForJob(t.app, t.sandboxKey, second);
    let report: { field: string; before: string | null; after: string | null }[] | undefined;
    for (let i = 0; i < 400 && report === undefined; i++) {
      const response = await get(`/v1/portfolios/${id}/runs/${second}/changes.json`);
      if (response.statusCode === 200) report = JSON.parse(response.body) as typeof report;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(report?.find((c) => c.field === 'gst_status')).toMatchObject({ before: statusNow, after: statusLater });

    // Resetting brings the sandbox back to the real time; a fractional day is refused.
    expect((await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { offset_days: 0 })).json()).toMatchObject({ offset_days: 0 });
    expect((await t.post('/v1/gst/verify', { gstin })).json().data.status).toBe(statusNow);
    const bad = await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { advance_days: 1.5 });
    expect(bad.statusCode).toBe(400);
  });
});
