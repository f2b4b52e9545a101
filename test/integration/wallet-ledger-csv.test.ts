import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const COLUMNS = ['at', 'type', 'operation', 'identifier', 'job_id', 'job_kind', 'job_status', 'rows', 'amount_inr', 'balance_inr', 'reference', 'id', 'balance_change_inr', 'job_name', 'row', 'balance_at'] as const;
type Line = { [column in (typeof COLUMNS)[number]]: string };

/** Rupees as the file writes them, in paise (exact: no float is summed). */
function paise(cell: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(cell ?? '');
  if (match === null) throw new Error(`not an amount in rupees: ${JSON.stringify(cell)}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

const sum = (records: readonly Line[]): number => records.reduce((total, r) => total + paise(r.balance_change_inr), 0);

/**
 * GET /v1/wallet/ledger.csv as a finance user uses it (docs/money.md): a signed balance change
 * per line that sums to the closing balance less the opening one, grouped or not, with sync
 * calls, a bulk job and a portfolio run in the ledger; every entry of a job names the job.
 */
describe('GET /v1/wallet/ledger.csv, summed and pivoted', () => {
  let t: TestApp;
  let jobId: string;
  let jobGstins: string[];
  let runGstins: string[];
  let runId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
  const csv = async (query = ''): Promise<{ header: string[]; records: Line[]; body: string }> => {
    const response = await get(`/v1/wallet/ledger.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { bom: true }) as string[][];
    const header = rows[0] as string[];
    return { header, records: rows.slice(1).map((cells) => Object.fromEntries(header.map((column, i) => [column, cells[i] as string])) as Line), body: response.body };
  };
  const walletPaise = async (): Promise<number> => Math.round((await get('/v1/wallet')).json().data.balance_inr * 100);

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '1' } });
    t.deps.startWorkers();
    expect((await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 250.5, reference: 'NEFT 42', environment: 'sandbox' })).statusCode).toBe(200);
    const clean = scenario('clean-company').identifiers;
    expect((await t.post('/v1/gst/verify', { gstin: clean.gstin })).statusCode).toBe(200);
    expect((await t.post('/v1/pan/verify', { pan: clean.pan, name: 'A Holder' })).statusCode).toBe(200);
    // A call the source fails: held, then released whole.
    expect((await t.post('/v1/gst/verify', { gstin: scenario('unavailable-gstin').identifiers.gstin })).statusCode).toBe(503);
    // A row the source fails too: its share of the job's hold is released at the end.
    jobGstins = [clean.gstin, scenario('cancelled-gstin').identifiers.gstin, '27ZZZCZ0404Z1ZT', scenario('suspended-gstin').identifiers.gstin, scenario('unavailable-gstin').identifiers.gstin] as string[];
    const rows = jobGstins.map((gstin) => ({ gstin }));
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows, name: 'vendors' });
    expect(created.statusCode, created.body).toBe(202);
    jobId = created.json().data.job_id;
    expect((await waitForJob(t.app, t.sandboxKey, jobId)).status).toBe('completed');
    const portfolio = await t.post('/v1/portfolios', {
      name: 'Key suppliers',
      operation: 'gst.verify',
      schedule: { every: 'monthly' },
      rows: (runGstins = [clean.gstin, scenario('cancelled-gstin').identifiers.gstin, scenario('suspended-gstin').identifiers.gstin] as string[]).map((gstin) => ({ gstin })),
    });
    expect(portfolio.statusCode, portfolio.body).toBe(201);
    const started = await t.post(`/v1/portfolios/${portfolio.json().data.portfolio_id}/run`, {});
    expect(started.statusCode, started.body).toBe(202);
    runId = started.json().data.run_id;
    expect((await waitForJob(t.app, t.sandboxKey, runId)).status).toBe('completed');
    expect((await t.post('/v1/mca/search', { name: 'Sharma Traders' })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('adds the new columns after the original twelve, in their order', async () => {
    const { header } = await csv();
    expect(header).toEqual(COLUMNS);
  });

  it('signs every entry by what it did to the balance, so the column sums to the closing balance less the opening one', async () => {
    const { records, body } = await csv();
    const balance = await walletPaise();
    const first = records[0] as Line;
    const opening = paise(first.balance_inr) - paise(first.balance_change_inr);
    // The whole ledger: the wallet opened empty, its opening credit is the first line.
    expect(opening).toBe(0);
    expect(sum(records)).toBe(balance - opening);
    // Line by line too: each balance is the one before plus the line's change.
    records.forEach((r, i) => {
      if (i > 0) expect(paise(r.balance_inr), r.id).toBe(paise((records[i - 1] as Line).balance_inr) + paise(r.balance_change_inr));
      const amount = paise(r.amount_inr);
      expect(paise(r.balance_change_inr), r.id).toBe(r.type === 'topup' ? amount : r.type === 'commit' ? -amount : 0);
      expect(r.balance_at).toBe(r.at);
    });
    expect(paise((records.at(-1) as Line).balance_inr)).toBe(balance);
    expect(records.filter((r) => r.type === 'commit').length).toBeGreaterThan(4);
    // A number a spreadsheet sums, not the text '-0.75 that formula escaping would make of it.
    expect(body).toMatch(/,commit,[^\r\n]*,-\d+\.\d\d,/);
    expect(body).not.toContain(",'-");
  });

  it("names the job, its kind, operation, name, row and the row's identifier on each of a bulk job's and a portfolio run's entries", async () => {
    const { records } = await csv();
    for (const [id, kind, name] of [
      [jobId, 'bulk', 'vendors'],
      [runId, 'portfolio_run', 'Key suppliers (portfolio run)'],
    ] as const) {
      const own = records.filter((r) => r.reference.startsWith(`${id} row `) || r.reference === `bulk ${id}`);
      const rowCharges = own.filter((r) => r.type === 'commit');
      expect(rowCharges.length, id).toBeGreaterThan(1);
      // Its hold first; a release only when its rows did not use the hold up (the bulk job's failed row).
      expect(own[0]?.type).toBe('hold');
      expect(own.some((r) => r.type === 'release')).toBe(id === jobId);
      for (const r of own) expect([r.job_id, r.job_kind, r.operation, r.job_name], r.reference).toEqual([id, kind, 'gst.verify', name]);
      for (const r of rowCharges) expect(r.row).toBe(r.reference.replace(`${id} row `, ''));
      // Each row charge names the identifier the row checked; the job's hold and release name none.
      if (id === jobId) for (const r of rowCharges) expect(r.identifier, r.reference).toBe(jobGstins[Number(r.row) - 1]);
      expect(rowCharges.map((r) => r.identifier).sort()).toEqual([...new Set(rowCharges.map((r) => r.identifier))].sort());
      for (const r of rowCharges) expect(id === jobId ? jobGstins : runGstins).toContain(r.identifier);
      for (const r of own.filter((r) => r.type !== 'commit')) expect(r.identifier).toBe('');
      // Per-entry lines never carry a job line's counts: a sum of `rows` stays a sum of jobs' rows.
      for (const r of own) expect([r.rows, r.job_status]).toEqual(['', '']);
    }
    // Entries of no job name none.
    for (const r of records.filter((r) => !r.reference.includes('job_'))) expect([r.job_id, r.job_kind, r.job_name, r.row]).toEqual(['', '', '', '']);
  });

  it('grouped by job, sums to the same balance, each job line with its name, change and the balance after its last entry', async () => {
    const entries = (await csv()).records;
    const { records } = await csv('?group=job');
    const balance = await walletPaise();
    expect(sum(records)).toBe(balance);
    const jobLines = records.filter((r) => r.type === 'job');
    expect(jobLines.map((r) => [r.job_id, r.job_kind, r.job_name, r.job_status, r.rows])).toEqual([
      [jobId, 'bulk', 'vendors', 'completed', '5'],
      [runId, 'portfolio_run', 'Key suppliers (portfolio run)', 'completed', '3'],
    ]);
    for (const line of jobLines) {
      const own = entries.filter((r) => r.reference.startsWith(`${line.job_id} row `) || r.reference === `bulk ${line.job_id}`);
      const charged = own.filter((r) => r.type === 'commit').reduce((total, r) => total + paise(r.amount_inr), 0);
      expect(charged).toBeGreaterThan(0);
      expect(paise(line.balance_change_inr)).toBe(-charged);
      expect(paise(line.amount_inr)).toBe(charged);
      const last = own.at(-1) as Line;
      expect([line.balance_inr, line.balance_at]).toEqual([last.balance_inr, last.at]);
    }
    // The rest as ungrouped, and the closing balance on the line whose balance is the latest.
    expect(records.filter((r) => r.type !== 'job').map((r) => r.id)).toEqual(entries.filter((r) => !/^(bulk job_|job_\w+ row )/.test(r.reference)).map((r) => r.id));
    const latest = records.reduce((a, b) => (b.balance_at > a.balance_at ? b : a));
    expect(paise(latest.balance_inr)).toBe(balance);
  });
});
