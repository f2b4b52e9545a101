import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLine } from '../../src/logger.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const QUEUE_NAMES = ['bulk-verify', 'bulk-finalize', 'webhooks', 'portfolios'];
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'];
const SIM_SOURCES = ['gsp', 'einvoice'];

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value ?? 0;
}

describe('GET /metrics and the queue board', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    const sources = await writeSimSources(sim.url, { timeout_ms: 1_000, retries: 0, circuit: { failures: 2, cooloff_ms: 60_000 } });
    t = await createTestApp({ env: { BV_SOURCES: sources, BV_BULK_CHUNK_ROWS: '2', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '2' } });
    t.deps.startWorkers();
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    return { text: response.body, samples: parseExposition(response.body) };
  };

  describe('GET /metrics', () => {
    it('refuses a request without the admin token, with a wrong one or with a customer key, as the admin API does', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: `Bearer ${t.sandboxKey}` }, { authorization: `Bearer ${t.liveKey}` }]) {
        const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        const admin = await t.app.inject({ method: 'GET', url: `/admin/v1/accounts/${t.accountId}`, headers });
        expect(metrics.statusCode).toBe(401);
        expect(metrics.statusCode).toBe(admin.statusCode);
        expect(metrics.json().error.code).toBe('AUTH_INVALID_KEY');
        expect(metrics.body).not.toMatch(/bv_http_requests_total/);
      }
    });

    it('answers the text exposition format, with the process metrics, to the admin token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.body).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
      expect(response.body).toMatch(/^# TYPE nodejs_heap_size_used_bytes gauge$/m);
      expect(response.body).toMatch(/^# TYPE bv_http_requests_total counter$/m);
      expect(response.body).toMatch(/^# TYPE bv_http_request_duration_seconds histogram$/m);
      // Every line parses, and no series is repeated.
      const samples = parseExposition(response.body);
      const identities = samples.map((s) => `${s.name}${JSON.stringify(s.labels)}`);
      expect(new Set(identities).size).toBe(identities.length);
    });

    it('counts requests by route and status, queue jobs, rows and money exactly, and never names an account or a key', async () => {
      const before = (await scrape()).samples;

      // Three sandbox calls and one live call, each charged.
      let chargedPaise = 0;
      for (const gstin of [scenario('clean-company').identifiers.gstin, scenario('cancelled-gstin').identifiers.gstin, '27AAPFU0939F1ZV']) {
        const call = await t.post('/v1/gst/verify', { gstin });
        expect(call.statusCode, call.body).toBe(200);
        chargedPaise += Math.round((call.json().meta.amount_inr as number) * 100);
      }
      const live = await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, t.liveKey);
      expect(live.statusCode, live.body).toBe(200);
      chargedPaise += Math.round((live.json().meta.amount_inr as number) * 100);
      expect(chargedPaise).toBe(4 * 75);
      // A route that does not exist, and a call refused before it ran.
      expect((await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { authorization: `Bearer ${t.sandboxKey}` } })).statusCode).toBe(404);
      expect((await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZX' })).statusCode).toBe(400);

      // A small bulk job: ok, not found and failed rows, in chunks of two.
      const rows = [
        { gstin: scenario('clean-company').identifiers.gstin },
        { gstin: '27ZZZCZ0404Z1ZT' },
        { gstin: '27ZZZCZ5030Z1ZL' },
        { gstin: scenario('cancelled-gstin').identifiers.gstin },
        { gstin: 'not-a-gstin' },
      ];
      const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
      expect(created.statusCode, created.body).toBe(202);
      const job = await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string);
      expect(job).toMatchObject({ status: 'completed', rows: { done: 4, ok: 2, not_found: 1, failed: 1 } });
      const jobChargedPaise = Math.round(job.charged_inr * 100);
      expect(jobChargedPaise).toBe(2 * 75);
      // The job is marked finished inside the finalize step, a moment before BullMQ moves that
      // step to completed: wait for BullMQ too (read from the queue, so no scrape is counted).
      for (let waited = 0; (await t.deps.queues.finalize.getJobCounts('completed')).completed !== 1; waited += 20) {
        if (waited > 10_000) throw new Error('the finalize step never completed in BullMQ');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const { text, samples: after } = await scrape();
      const rose = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

      expect(rose('bv_http_requests_total', { api: 'gst.verify', status: '200' })).toBe(4);
      expect(rose('bv_http_request_duration_seconds_count', { api: 'gst.verify', status: '200' })).toBe(4);
      expect(rose('bv_http_requests_total', { api: 'gst.verify', status: '400' })).toBe(1);
      expect(rose('bv_http_requests_total', { api: 'unknown', status: '404' })).toBe(1);
      expect(rose('bv_http_requests_total', { api: 'bulk.create', status: '202' })).toBe(1);
      // The scrape before this one is counted too, once it has been answered.
      expect(rose('bv_http_requests_total', { api: 'metrics', status: '200' })).toBe(1);

      for (const queue of QUEUE_NAMES) {
        for (const state of QUEUE_STATES) {
          expect(after.some((s) => s.name === 'bv_queue_jobs' && s.labels.queue === queue && s.labels.state === state), `${queue} ${state}`).toBe(true);
        }
      }
      // Each chunk and the finalize step, completed (kept for an hour by removeOnComplete).
      const chunks = (await t.deps.bulkJobs.get(job.job_id))?.chunks.total;
      expect(chunks).toBeGreaterThan(1);
      expect(valueOf(after, 'bv_queue_jobs', { queue: 'bulk-verify', state: 'completed' })).toBe(chunks);
      expect(valueOf(after, 'bv_queue_jobs', { queue: 'bulk-finalize', state: 'completed' })).toBe(1);

      expect(rose('bv_bulk_rows_total', { status: 'ok' })).toBe(2);
      expect(rose('bv_bulk_rows_total', { status: 'not_found' })).toBe(1);
      expect(rose('bv_bulk_rows_total', { status: 'failed' })).toBe(1);
      expect(rose('bv_bulk_rows_total', { status: 'cancelled' })).toBe(0);
      expect(rose('bv_money_committed_paise_total')).toBe(chargedPaise + jobChargedPaise);
      expect(valueOf(after, 'bv_metrics_collector_up', { collector: 'totals' })).toBe(1);

      // The live call went to the first source of gst.verify's chain.
      expect(valueOf(after, 'bv_source_recent_calls', { source: 'gsp' })).toBe(1);
      expect(valueOf(after, 'bv_source_in_flight', { source: 'gsp' })).toBe(0);
      expect(valueOf(after, 'bv_source_max_in_flight', { source: 'gsp' })).toBe(8);

      // Labels name routes, statuses, queues and sources; never an account or a key.
      expect(text).not.toMatch(/acct_|bv_test_|bv_live_|key_/);
      expect(text).not.toContain(t.accountId);
      const keyIds = await t.deps.redis.smembers(t.deps.keys.accountApiKeys(t.accountId));
      expect(keyIds.length).toBe(2);
      for (const keyId of keyIds) expect(text).not.toContain(keyId);
      const labelNames = new Set(after.filter((s) => s.name.startsWith('bv_')).flatMap((s) => Object.keys(s.labels)));
      expect([...labelNames].sort()).toEqual(['api', 'collector', 'le', 'queue', 'source', 'state', 'status']);
    });

    it('adds a chunk that runs twice, a repeated charge and a commit of a resolved hold once', async () => {
      const before = (await scrape()).samples;
      const jobId = 'metrics-rerun';
      await t.deps.bulkJobs.create({
        jobId,
        accountId: t.accountId,
        environment: 'sandbox',
        name: 'rerun',
        operation: 'gst.verify',
        createdAt: new Date().toISOString(),
        webhookUrl: null,
        reservedPaise: 150,
        rows: { total: 4, valid: 4, invalid: 0, duplicates: 0 },
        chunksTotal: 2,
      });
      const counts = { done: 2, ok: 1, not_found: 0, failed: 1, cancelled: 0, chargedPaise: 75 };
      expect((await t.deps.bulkJobs.countChunk(jobId, 1, counts)).counted).toBe(true);
      expect((await t.deps.bulkJobs.countChunk(jobId, 1, counts)).counted).toBe(false);

      expect(await t.deps.wallet.hold(t.accountId, jobId, 150, jobId, 60_000)).toEqual({ ok: true });
      const charge = [{ key: 'row:1', amountPaise: 75, reference: `${jobId} row 1` }];
      expect((await t.deps.wallet.chargeParts(t.accountId, jobId, charge))[0]?.status).toBe('ok');
      expect((await t.deps.wallet.chargeParts(t.accountId, jobId, charge))[0]?.status).toBe('duplicate');
      // Asks for more than is left: only the 75 paise left are charged, once.
      expect(await t.deps.wallet.commit(t.accountId, jobId, 1_000)).toBe(75);
      // Sent again (a resend after a lost reply): it answers what the first charged, counted once.
      expect(await t.deps.wallet.commit(t.accountId, jobId, 1_000)).toBe(75);
      expect(await t.deps.wallet.hold(t.accountId, `${jobId}-released`, 75, jobId, 60_000)).toEqual({ ok: true });
      await t.deps.wallet.release(t.accountId, `${jobId}-released`);

      const after = (await scrape()).samples;
      const rose = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(rose('bv_bulk_rows_total', { status: 'ok' })).toBe(1);
      expect(rose('bv_bulk_rows_total', { status: 'failed' })).toBe(1);
      expect(rose('bv_money_committed_paise_total')).toBe(150);
    });

    it('reports every configured live source, with 1 while it is marked down', async () => {
      const before = (await scrape()).samples;
      for (const source of SIM_SOURCES) expect(valueOf(before, 'bv_source_down', { source })).toBe(0);
      const configured = ((await t.admin('GET', '/admin/v1/sources')).json() as { live: { sources: { name: string }[] } }).live.sources.map((s) => s.name);
      expect(configured.length).toBeGreaterThan(1);
      for (const source of configured) expect(before.some((s) => s.name === 'bv_source_down' && s.labels.source === source), source).toBe(true);

      sim.configure({ upstreams: { 'gstn-gsp': { down: true } } });
      for (let i = 0; i < 2; i++) await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, t.liveKey);
      const after = (await scrape()).samples;
      expect(valueOf(after, 'bv_source_down', { source: 'gsp' })).toBe(1);
      expect(valueOf(after, 'bv_source_down', { source: 'einvoice' })).toBe(0);
      expect(valueOf(after, 'bv_source_recent_errors', { source: 'gsp' }) - valueOf(before, 'bv_source_recent_errors', { source: 'gsp' })).toBe(2);
    });
  });

  describe('/admin/queues (bull-board)', () => {
    it('answers 401 without the admin token, or with a customer key', async () => {
      for (const headers of [{}, { authorization: `Bearer ${t.sandboxKey}` }]) {
        for (const url of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png']) {
          const response = await t.app.inject({ method: 'GET', url, headers });
          expect(response.statusCode, url).toBe(401);
          expect(response.json().error.code).toBe('AUTH_INVALID_KEY');
        }
      }
      expect((await t.app.inject({ method: 'GET', url: '/admin/queues?token=not-the-token' })).statusCode).toBe(401);
    });

    it('serves the board\'s page and lists the four queues to the admin token', async () => {
      const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const page = await t.app.inject({ method: 'GET', url: '/admin/queues', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The UI loads its assets and calls its API relative to the base path.
      expect(page.body).toContain('<base href="/admin/queues/"');
      const script = /<script defer src="(static\/js\/[^"]+\.js)"/.exec(page.body)?.[1];
      expect(script).toBeDefined();
      const asset = await t.app.inject({ method: 'GET', url: `/admin/queues/${script}`, headers });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      const api = await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers });
      expect(api.statusCode).toBe(200);
      expect((api.json() as { queues: { name: string }[] }).queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
    });

    it('keeps the ?token= value out of the request log line', () => {
      const line = requestLine({ method: 'GET', url: `/admin/queues?status=failed&token=${ADMIN_TOKEN}&x=1`, host: 'localhost', ip: '127.0.0.1' });
      expect(line.url).toBe('/admin/queues?status=failed&token=[redacted]&x=1');
      expect(JSON.stringify(line)).not.toContain(ADMIN_TOKEN);
    });

    it('names the board\'s routes admin.queues in /metrics', async () => {
      await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const { samples } = await scrape();
      expect(valueOf(samples, 'bv_http_requests_total', { api: 'admin.queues', status: '200' })).toBeGreaterThan(0);
    });
  });
});
