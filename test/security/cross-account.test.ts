import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { documentedRoutes, envelopeOf, fillPath, type DocumentedRoute } from './routes.js';

/**
 * Account isolation, walked over every customer route GET /openapi.json documents: another
 * account's key (and the same account's key of the other environment) gets 404 NOT_FOUND for
 * every job, portfolio, run, row and file of account A, changes nothing of A's, and no list,
 * ledger or secret it can read shows anything of A's.
 */
describe('one account cannot read, change or download another account\'s resources', () => {
  let t: TestApp;
  let routes: DocumentedRoute[];
  /** Account B: another customer of the same service. */
  let keyB: string;
  let accountB: string;
  const gstA = scenario('clean-company').identifiers.gstin!;
  const gstA2 = scenario('docs-example-llp').identifiers.gstin!;
  // Account A's ids, filled in as A creates things.
  const a = { pendingJob: '', doneJob: '', itcJob: '', portfolio: '', run: '', secret: '' };

  const send = (route: DocumentedRoute, url: string, key: string | null, body?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: route.method,
      url,
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  /** A's ids by path parameter: the job routes take a job id, the portfolio routes a portfolio id. */
  const idsOfA = (jobId: () => string) => (param: string, route: DocumentedRoute): string | undefined => {
    // suppliers (JSON), suppliers.csv / .xlsx are an itc.check job's (a purchase register's suppliers): A has one of those too.
    if (param === 'id' && /\/suppliers(\.(csv|xlsx))?$/.test(route.path)) return a.itcJob;
    if (param === 'id') return route.path.startsWith('/v1/bulk/jobs/') ? jobId() : route.path.startsWith('/v1/portfolios/') ? a.portfolio : undefined;
    if (param === 'run') return a.run || 'job_00000000000000000000';
    if (param === 'identifier') return gstA;
    return undefined;
  };
  /** What a mutating route is sent: a body it would accept from A. */
  const bodyFor = (route: DocumentedRoute): unknown =>
    route.method === 'GET' || route.method === 'DELETE' ? undefined : route.path.endsWith('/rows') ? { rows: [{ gstin: gstA2 }] } : {};

  // A template (/v1/bulk/templates/{file}) is the operation's, the same for every account: its
  // parameter names no one's resource, so it is not among the routes that must answer 404.
  const customerRoutesWithIds = () => routes.filter((r) => r.security === 'customer' && r.params.length > 0 && !r.path.startsWith('/v1/bulk/templates/'));

  async function expectNotFoundForOthers(jobId: () => string): Promise<number> {
    const outsiders = [
      ['account B', keyB],
      ["account A's live key (the other environment)", t.liveKey],
    ] as const;
    let walked = 0;
    for (const route of customerRoutesWithIds()) {
      const url = fillPath(route, idsOfA(jobId));
      for (const [who, key] of outsiders) {
        const response = await send(route, url, key, bodyFor(route));
        const what = `${route.method} ${url} with ${who}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(404);
        const body = envelopeOf(response, what);
        expect(body.error?.code, what).toBe('NOT_FOUND');
        // Not even the name of A's portfolio or the rows' identifiers come back.
        expect(response.body, what).not.toContain('Suppliers of A');
        walked += 1;
      }
    }
    return walked;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2' } });
    routes = await documentedRoutes(t.app);
    const created = (await t.admin('POST', '/admin/v1/accounts', { name: 'Account B', sandbox_balance_inr: 100 })).json() as { account_id: string; sandbox_key: string };
    keyB = created.sandbox_key;
    accountB = created.account_id;
    // Before any worker runs: A's job stays queued, A's portfolio has never run.
    const job = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: gstA }, { gstin: gstA2 }] });
    expect(job.statusCode, job.body).toBe(202);
    a.pendingJob = job.json().data.job_id as string;
    const itcJob = await t.post('/v1/bulk/jobs', { operation: 'itc.check', rows: [{ gstin: gstA, invoice_number: 'A-1', invoice_date: '2025-06-01', tax: '18' }] });
    expect(itcJob.statusCode, itcJob.body).toBe(202);
    a.itcJob = itcJob.json().data.job_id as string;
    const portfolio = await t.post('/v1/portfolios', { name: 'Suppliers of A', operation: 'gst.verify', schedule: { every: 'weekly' }, rows: [{ gstin: gstA }] });
    expect(portfolio.statusCode, portfolio.body).toBe(201);
    a.portfolio = portfolio.json().data.portfolio_id as string;
    a.secret = (await get('/v1/webhooks/secret')).json().data.secret as string;
  });
  afterAll(() => t.close());

  it('walks every documented customer route', () => {
    // The walk below covers whatever the document lists; this guards against an empty walk.
    expect(customerRoutesWithIds().length).toBeGreaterThanOrEqual(16);
    expect(routes.filter((r) => r.security === 'customer').length).toBeGreaterThanOrEqual(30);
  });

  it('answers 404 on every route naming A\'s queued job or unrun portfolio, and cancels, deletes, runs and adds nothing', async () => {
    const walked = await expectNotFoundForOthers(() => a.pendingJob);
    expect(walked).toBe(customerRoutesWithIds().length * 2);

    // A's job was not cancelled, A's portfolio not deleted, run, or changed.
    expect((await t.deps.bulkJobs.get(a.pendingJob))?.status).toBe('queued');
    const portfolio = await get(`/v1/portfolios/${a.portfolio}`);
    expect(portfolio.statusCode).toBe(200);
    expect(portfolio.json().data).toMatchObject({ name: 'Suppliers of A', rows: 1, last_run: null });
    const rows = (await get(`/v1/portfolios/${a.portfolio}/rows`)).json().data.rows as { identifier: string }[];
    expect(rows.map((r) => r.identifier)).toEqual([gstA]);
    expect((await get(`/v1/portfolios/${a.portfolio}/runs`)).json().data.runs).toEqual([]);
  });

  it('lets A\'s job finish as if nothing happened, then still answers 404 for it, its files and A\'s portfolio run', async () => {
    t.deps.startWorkers();
    const pending = await waitForJob(t.app, t.sandboxKey, a.pendingJob);
    // The cancel that B sent did nothing.
    expect(pending).toMatchObject({ status: 'completed', rows: { ok: 2 } });
    a.doneJob = a.pendingJob;
    expect((await waitForJob(t.app, t.sandboxKey, a.itcJob)).status).toBe('completed');
    const run = await t.post(`/v1/portfolios/${a.portfolio}/run`, {});
    expect(run.statusCode, run.body).toBe(202);
    a.run = run.json().data.run_id as string;
    await waitForJob(t.app, t.sandboxKey, a.run);
    for (let i = 0; i < 400 && !(await t.deps.results.exists(a.run, 'changes.json')); i++) await new Promise((resolve) => setTimeout(resolve, 25));

    // Each id is real: A itself reads every GET route with them.
    for (const route of customerRoutesWithIds().filter((r) => r.method === 'GET')) {
      const url = fillPath(route, idsOfA(() => a.doneJob));
      const own = await get(url);
      expect(own.statusCode, `${url} as A: ${own.body.slice(0, 200)}`).toBe(200);
    }
    const runsBefore = (await get(`/v1/portfolios/${a.portfolio}/runs`)).json().data.runs as unknown[];

    await expectNotFoundForOthers(() => a.doneJob);

    expect((await get(`/v1/portfolios/${a.portfolio}/runs`)).json().data.runs).toHaveLength(runsBefore.length);
    expect((await get(`/v1/portfolios/${a.portfolio}`)).json().data.rows).toBe(1);
    expect((await t.deps.bulkJobs.get(a.doneJob))?.status).toBe('completed');
    expect((await get(`/v1/bulk/jobs/${a.doneJob}/results.csv`)).statusCode).toBe(200);
  });

  it('shows B nothing of A\'s in any route without an id (lists, wallet, ledger, webhook secret), and B\'s rotation leaves A\'s secret alone', async () => {
    expect((await t.post('/v1/gst/verify', { gstin: gstA })).statusCode).toBe(200);
    const ledgerA = (await get('/v1/wallet/ledger?limit=100')).json().data.entries as { id: string; reference: string }[];
    // A's own references: its calls' request ids and its jobs' ids ("opening balance" is everyone's).
    const referencesOfA = ledgerA.map((e) => e.reference).filter((reference) => /^(req|job)_/.test(reference));
    expect(referencesOfA.length).toBeGreaterThan(2);
    const secretsOfA = [a.doneJob, a.portfolio, a.run, a.secret, t.accountId, t.sandboxKey, t.liveKey, ...referencesOfA];
    const balanceA = (await get('/v1/wallet')).json().data;

    const withoutIds = routes.filter((r) => r.security === 'customer' && r.params.length === 0);
    for (const route of withoutIds) {
      // Reads as they are; writes with an empty object (B's own, refused or not: never A's).
      const response = await send(route, route.path, keyB, route.method === 'GET' ? undefined : {});
      const what = `${route.method} ${route.path} with account B's key`;
      expect(response.statusCode, what).toBeLessThan(500);
      if (route.path.endsWith('/events')) continue;
      // A file (the ledger as CSV) is no envelope; it must not show A's anything all the same.
      if (!route.path.endsWith('.csv')) envelopeOf(response, what);
      for (const secret of secretsOfA) expect(response.body, `${what} shows ${secret}`).not.toContain(secret);
    }

    // B's ledger is B's alone: its opening top-up, and none of A's references.
    const ledgerB = (await get('/v1/wallet/ledger?limit=100', keyB)).json().data.entries as { reference: string }[];
    // (The walk above sent B's own POST /v1/wallet/sandbox-topup with an empty body: ₹10,000 to B's sandbox wallet.)
    expect(ledgerB.map((e) => e.reference)).toEqual([expect.stringMatching(/^sandbox top-up req_[0-9a-f]{24}$/), 'sandbox opening credit']);
    // A cursor taken from A's ledger pages through B's own ledger, not A's.
    const cursorA = ledgerA.at(-1)!.id;
    const paged = await get(`/v1/wallet/ledger?limit=100&cursor=${encodeURIComponent(cursorA)}`, keyB);
    expect(paged.statusCode).toBeLessThan(500);
    if (paged.statusCode === 200) {
      for (const entry of paged.json().data.entries as { reference: string }[]) expect(ledgerA.map((e) => e.reference)).not.toContain(entry.reference);
    }
    expect((await get('/v1/webhooks/secret')).json().data.secret).toBe(a.secret);
    expect((await get('/v1/wallet')).json().data).toEqual(balanceA);
    expect((await t.admin('GET', `/admin/v1/accounts/${accountB}`)).json().sandbox_balance_inr).toBe(10_100);
  });

  it('answers 404 for ids that are not A\'s in any form: unknown, malformed, traversal-like, other case', async () => {
    const odd = ['job_00000000000000000000', 'pf_00000000000000000000', '..', '../../etc/passwd', '%2e%2e%2f', 'JOB_' + '0'.repeat(20), ' ', 'null', '__proto__', 'constructor'];
    let walked = 0;
    for (const route of customerRoutesWithIds()) {
      for (const id of [...odd, a.doneJob.toUpperCase(), a.portfolio.toUpperCase(), `${a.doneJob} `]) {
        const url = fillPath(route, (param) => (param === 'identifier' ? gstA : id));
        const response = await send(route, url, t.sandboxKey, bodyFor(route));
        const what = `${route.method} ${url}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
        expect(envelopeOf(response, what).meta.charged).toBe(false);
        walked += 1;
      }
    }
    expect(walked).toBeGreaterThan(100);
    // The admin token is not an API key.
    const asAdmin = await t.app.inject({ method: 'GET', url: '/v1/bulk/jobs', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(asAdmin.statusCode).toBe(401);
  });
});
