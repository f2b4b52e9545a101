import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedLedgerPage } from '../../src/store/wallet/grouped-ledger.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Line {
  id: string;
  type: string;
  amount_inr: number | null;
  balance_inr: number | null;
  reference: string;
  at: string;
  operation: string | null;
  identifier: string | null;
  job?: { job_id: string; kind: string | null; rows: number | null; rows_ok: number | null; charged_inr: number | null; held_inr: number; status: string | null } | null;
}

/** A readable ledger (docs/money.md): sync calls named, jobs as one line, a CSV, IST times. */
describe('the wallet ledger people read', () => {
  let t: TestApp;
  const HOLDER_NAME = 'Ramesh Kumar Holder';
  const gstin = scenario('clean-company').identifiers.gstin as string;
  let jobId: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
  const ledger = async (query: string): Promise<{ entries: Line[]; next_cursor: string | null }> => {
    const response = await get(`/v1/wallet/ledger?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  async function allPages(query: string): Promise<Line[]> {
    const lines: Line[] = [];
    let cursor: string | null = null;
    do {
      const page = await ledger(`${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
      lines.push(...page.entries);
      cursor = page.next_cursor;
    } while (cursor !== null);
    return lines;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '1' } });
    t.deps.startWorkers();
    // A top-up whose reference a spreadsheet would run as a formula.
    expect((await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 5, reference: '=HYPERLINK("x")', environment: 'sandbox' })).statusCode).toBe(200);
    expect((await t.post('/v1/gst/verify', { gstin })).statusCode).toBe(200);
    const pan = scenario('clean-company').identifiers.pan as string;
    expect((await t.post('/v1/pan/verify', { pan, name: HOLDER_NAME })).statusCode).toBe(200);
    const rows = [gstin, scenario('cancelled-gstin').identifiers.gstin, '27ZZZCZ0404Z1ZT', scenario('clean-company').identifiers.gstin].map((g, i) => ({ gstin: g, ref: `R-${i}` }));
    rows[3] = { gstin: scenario('suspended-gstin').identifiers.gstin as string, ref: 'R-3' };
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows, name: 'vendors' });
    expect(created.statusCode, created.body).toBe(202);
    jobId = created.json().data.job_id;
    expect((await waitForJob(t.app, t.sandboxKey, jobId)).status).toBe('completed');
    expect((await t.post('/v1/mca/search', { name: 'Sharma Traders' })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('names each sync call by operation and identifier, never a PAN holder name, with +05:30 times', async () => {
    const entries = await allPages('limit=100');
    const gst = entries.filter((e) => e.operation === 'gst.verify');
    expect(gst.map((e) => [e.type, e.identifier])).toEqual([
      ['commit', gstin],
      ['hold', gstin],
    ]);
    const pan = entries.filter((e) => e.operation === 'pan.verify');
    expect(pan.map((e) => [e.type, e.identifier])).toEqual([
      ['commit', scenario('clean-company').identifiers.pan],
      ['hold', scenario('clean-company').identifiers.pan],
    ]);
    // A search takes a name, which may be a person's: its entries name the operation only.
    expect(entries.filter((e) => e.operation === 'mca.search').map((e) => [e.type, e.identifier])).toEqual([
      ['commit', null],
      ['hold', null],
    ]);
    for (const entry of entries) expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:30$/);
    // The holder's name is nowhere in the ledger, not even in Redis.
    const raw = await t.deps.redis.xrange(t.deps.keys.ledger(t.accountId), '-', '+');
    expect(JSON.stringify(raw)).not.toContain('Ramesh');
    expect((await get('/v1/wallet/ledger.csv')).body).not.toContain('Ramesh');
  });

  it('lists a bulk job as one line with its row count under ?group=job, its per-row entries kept for reconciliation', async () => {
    const raw = await allPages('limit=100');
    const rowCommits = raw.filter((e) => e.type === 'commit' && e.reference.startsWith(`${jobId} row `));
    expect(rowCommits.length).toBeGreaterThan(1);
    const grouped = await allPages('limit=100&group=job');
    const jobLines = grouped.filter((e) => e.type === 'job');
    expect(jobLines).toHaveLength(1);
    const line = jobLines[0] as Line;
    const charged = rowCommits.reduce((sum, e) => sum + Math.round((e.amount_inr as number) * 100), 0);
    expect(line).toMatchObject({ reference: `bulk ${jobId}`, operation: 'gst.verify', balance_inr: null, job: { job_id: jobId, kind: 'bulk', rows: 4, status: 'completed' } });
    expect(Math.round((line.amount_inr as number) * 100)).toBe(charged);
    // Nothing of the job but its line; everything else as in the raw listing, in the same order.
    expect(grouped.some((e) => e.reference.includes(jobId) && e.type !== 'job')).toBe(false);
    const others = raw.filter((e) => !e.reference.includes(jobId)).map((e) => e.id);
    expect(grouped.filter((e) => e.type !== 'job').map((e) => e.id)).toEqual(others);
    expect(grouped.map((e) => e.id).indexOf(line.id)).toBe(raw.map((e) => e.id).indexOf(line.id) - raw.slice(0, raw.map((e) => e.id).indexOf(line.id)).filter((e) => e.reference.includes(jobId)).length);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('pages the grouped ledger without losing or repeating a line, however short the pages and the scan', async () => {
    const whole = (await ledger('limit=100&group=job')).entries.map((e) => e.id);
    expect(whole.length).toBeGreaterThan(5);
    expect((await allPages('limit=1&group=job')).map((e) => e.id)).toEqual(whole);
    // A scan bounded to 2 raw entries a page: pages may be short, never wrong.
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await groupedLedgerPage(t.deps.wallet.of('sandbox'), (id) => t.deps.bulkJobs.get(id), t.accountId, 3, cursor, 2);
      ids.push(...page.lines.map((l) => (l.kind === 'job' ? l.id : l.entry.id)));
      cursor = page.next;
      pages++;
    } while (cursor !== undefined);
    expect(ids).toEqual(whole);
    expect(pages).toBeGreaterThan(whole.length / 3);
  });

  it('exports the ledger as CSV, oldest first, formula-escaped, grouped on request', async () => {
    const response = await get('/v1/wallet/ledger.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="ledger-acct_/);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,type,operation,identifier,job_id,job_kind,job_status,rows,amount_inr,balance_inr,reference,id,balance_change_inr,job_name,row,balance_at');
    const raw = await allPages('limit=100');
    expect(lines).toHaveLength(raw.length + 1);
    // Oldest first: the opening credit, then the formula-looking top-up, escaped.
    expect(lines[1]).toMatch(/,topup,.*,1000\.00,1000\.00,/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.some((l) => l.includes(`,gst.verify,${gstin},`))).toBe(true);

    const grouped = (await get('/v1/wallet/ledger.csv?group=job')).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const jobLines = grouped.filter((l) => l.includes(jobId));
    expect(jobLines).toHaveLength(1);
    expect(jobLines[0]).toMatch(new RegExp(`,job,gst\\.verify,,${jobId},bulk,completed,4,`));
    expect(grouped).toHaveLength((await allPages('limit=100&group=job')).length + 1);
    expect((await get('/v1/wallet/ledger.csv?group=rows')).statusCode).toBe(400);
  });

  it("refuses a group it does not know, naming the parameter and the rule", async () => {
    const response = await get('/v1/wallet/ledger?group=jobs');
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/group/);
    expect(response.body).toMatch(/'job'/);
  });
});
