import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/sim/simulator.js';
import { deleteKeysUnder } from '../helpers/redis-process.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient, type ServiceClient } from '../helpers/service-client.js';
import { writeSimSources } from '../helpers/sim-sources.js';

const ADMIN = 'fault-api-kill-admin-token-0123456789';
const GSTIN = '27AAPFU0939F1ZV';
const IDEMPOTENCY_KEY = 'order-7731-vendor-check';
/** A hold, and so an Idempotency-Key's claim, lasts this long: longer than any call's budget. */
const HOLD_TTL_MS = 6_000;
const BUDGET_MS = 5_000;

interface Envelope {
  success: boolean;
  request_id: string;
  data: { gstin?: string } | null;
  meta: { charged: boolean; amount_inr: number };
  error?: { code: string };
}

interface LedgerEntry {
  type: 'topup' | 'hold' | 'commit' | 'release';
  amount_inr: number;
  reference: string;
}

/**
 * An API process is killed with SIGKILL while a billed call with an Idempotency-Key waits on
 * its upstream: the key's claim and the wallet hold are taken, nothing is answered. The caller
 * retries against another API process with the same key and body (two copies at once, as a
 * retrying proxy might): while the dead claim lives the retries hear 409
 * IDEMPOTENCY_IN_PROGRESS; then exactly one runs and is billed, later ones replay its answer,
 * and the dead call's hold is released by the sweeper, so the books balance.
 */
describe('an API process killed mid-request with an Idempotency-Key', () => {
  let sim: RunningSimulator;
  let dataDir: string;
  let sourcesDir: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let current: ServerProcess;
  let api: ServiceClient;
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    // Only the GSP answers GST Verify, once per call (no retry), so its requests are the calls.
    const sources = await writeSimSources(sim.url, { retries: 0, circuit: { failures: 1_000 } }, (document) => {
      document.checks['gst.verify'] = ['gsp'];
      Object.assign(document.sources.gsp as object, { timeout_ms: BUDGET_MS - 500, max_rate_per_second: 0 });
    });
    sourcesDir = path.dirname(sources);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-fault-api-'));
    env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: prefix,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_SOURCES: sources,
      BV_REQUEST_BUDGET_MS: String(BUDGET_MS),
      BV_HOLD_TTL_MS: String(HOLD_TTL_MS),
      BV_HOLD_SWEEP_INTERVAL_MS: '200',
    };
    current = await startServerProcess(env);
    servers.push(current);
    api = serviceClient(() => current.baseUrl, ADMIN);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await sim?.close();
    for (const dir of [dataDir, sourcesDir]) if (dir) await rm(dir, { recursive: true, force: true });
    await deleteKeysUnder(inject('redisUrl'), prefix);
  });

  it('serves the retry once, bills it once, and releases the dead call\'s hold', { timeout: 90_000 }, async () => {
    const { accountId, liveKey } = await api.createAccount(100);
    const call = () => api.post('/v1/gst/verify', liveKey, { gstin: GSTIN }, { 'idempotency-key': IDEMPOTENCY_KEY });
    const wallet = async () => ((await (await api.get('/v1/wallet', liveKey)).json()) as { data: { balance_inr: number; held_inr: number } }).data;

    // The first call takes its claim and hold, then waits on an upstream that answers in 30 s.
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 30_000 } } });
    const first = call().then(
      (response) => `answered ${response.status}`,
      () => 'no answer',
    );
    const deadline = Date.now() + 15_000;
    while (sim.stats().upstreams['gstn-gsp'].in_flight < 1 && Date.now() < deadline) await sleep(10);
    expect(sim.stats().upstreams['gstn-gsp'].in_flight).toBe(1);
    expect(await wallet()).toMatchObject({ balance_inr: 100, held_inr: 0.75 });

    await current.stop('SIGKILL');
    expect(await first).toBe('no answer');
    current = await startServerProcess(env);
    servers.push(current);
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 500 } } });

    // The caller retries, two copies at a time, until one is served.
    const answers: { status: number; replayed: boolean; retryAfter: string | null; body: Envelope }[] = [];
    const retryDeadline = Date.now() + 30_000;
    while (!answers.some((a) => a.status === 200) && Date.now() < retryDeadline) {
      const round = await Promise.all([call(), call()]);
      for (const response of round) {
        answers.push({
          status: response.status,
          replayed: response.headers.get('idempotent-replayed') === 'true',
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as Envelope,
        });
      }
      if (!answers.some((a) => a.status === 200)) await sleep(250);
    }
    // Served once: one answer ran the call, and a later retry replays exactly that answer.
    const served = answers.filter((a) => a.status === 200 && !a.replayed);
    expect(served).toHaveLength(1);
    const answer = served[0]!.body;
    expect(answer).toMatchObject({ success: true, data: { gstin: GSTIN }, meta: { charged: true, amount_inr: 0.75 } });
    // Until the dead claim lapsed (and while the retry that took it over ran): 409 with Retry-After.
    const waits = answers.filter((a) => a.status !== 200);
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait.status).toBe(409);
      expect(wait.body.error?.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(Number(wait.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const replay = await call();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(answer);
    // The upstream was asked twice in all: by the dead call and by the one retry that ran.
    expect(sim.stats().upstreams['gstn-gsp'].requests).toBe(2);
    expect(sim.stats().upstreams['gstn-gsp'].by_status).toEqual({ aborted: 1, '200': 1 });

    // The dead call's hold outlives it by its TTL; then the sweeper releases it.
    const sweepDeadline = Date.now() + 30_000;
    while ((await wallet()).held_inr !== 0 && Date.now() < sweepDeadline) await sleep(200);
    expect(await wallet()).toMatchObject({ balance_inr: 99.25, held_inr: 0 });

    // Billed once: one commit, the served call's; the dead call's hold released, never committed.
    const ledger = ((await (await api.get('/v1/wallet/ledger?limit=50', liveKey)).json()) as { data: { entries: LedgerEntry[] } }).data.entries;
    const commits = ledger.filter((e) => e.type === 'commit');
    expect(commits.map((e) => [e.reference, e.amount_inr])).toEqual([[answer.request_id, 0.75]]);
    const holds = ledger.filter((e) => e.type === 'hold');
    expect(holds).toHaveLength(2);
    const dead = holds.find((e) => e.reference !== answer.request_id);
    expect(ledger.filter((e) => e.type === 'release').map((e) => [e.reference, e.amount_inr])).toEqual([[dead?.reference, 0.75]]);
    const reconcile = (await (await api.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean; problems: string[] };
    expect(reconcile).toMatchObject({ ok: true, problems: [] });
  });
});
