import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { createRedisFactory } from '../../src/store/redis/redis-factory.js';
import { WalletStore, type LedgerEntry } from '../../src/store/wallet/wallet.js';
import { startSentinelCluster, REDIS_PASSWORD, SENTINEL_PASSWORD, type RedisNode, type SentinelCluster } from '../helpers/sentinel-cluster.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient, type ServiceClient } from '../helpers/service-client.js';
import { killWorker, startWorkerPool } from '../helpers/worker-process.js';

const ADMIN = 'sentinel-failover-admin-token-0123456789';
const PREFIX = 'bv:v1';
const KEYS = createRedisKeys(PREFIX);
const CALLS = 200;
/** The calls start spread over this long, so the primary dies with some done, some running, some to come. */
const SPREAD_MS = 3_000;
const KILL_AFTER_MS = 1_000;
/** How long the replica's link holds the primary's stream before the primary dies: within BV_REPLICA_WAIT_MS. */
const STALL_MS = 400;
/** The 10,000-row job (some 20 s here); BV_TEST_FAILOVER_ROWS sets another size. */
const BULK_ROWS = Number(process.env.BV_TEST_FAILOVER_ROWS ?? 10_000);
/** Generous: the job's own pace on a loaded 2-core machine, not a performance bound. */
const BULK_TIMEOUT_MS = 180_000;

interface Answer {
  idempotencyKey: string;
  status: number;
  requestId: string;
  /** meta.charged: false when the call's hold outlived by the outage was released, not billed. */
  charged: boolean;
  /** When the attempt that got this answer was sent, and when it came back. */
  sentAtMs: number;
  answeredAtMs: number;
  attempts: number;
}

/**
 * Redis Sentinel keeps acknowledged money through a failover: a primary, a replica and three
 * sentinels (real processes, loopback); the service finds the primary through the sentinels.
 * The primary is killed with SIGKILL while calls are being made; the sentinels promote the
 * replica, and the killed node comes back as the new primary's replica (as its start script
 * would: samples/README). Every answer the service gave with 200 must still be in the ledger,
 * once, and nothing may be billed without a 200.
 */
describe('Redis Sentinel: the primary killed with SIGKILL', () => {
  let cluster: SentinelCluster;
  let server: ServerProcess;
  let worker: ChildProcess & { output: () => string };
  let dataDir: string;
  let api: ServiceClient;
  const processes = () => `server:\n${server?.output().slice(-4_000)}\nworker:\n${worker?.output().slice(-2_000)}\ncluster:\n${cluster?.output().slice(-6_000)}`;

  beforeAll(async () => {
    cluster = await startSentinelCluster();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-sentinel-failover-'));
    const env = {
      ...cluster.env,
      BV_KEY_PREFIX: PREFIX,
      BV_DATA_DIR: dataDir,
      BV_ADMIN_TOKEN: ADMIN,
      // A claim (and a hold) a failover orphaned lapses soon, so a retry runs within the test.
      BV_REQUEST_BUDGET_MS: '4000',
      BV_HOLD_TTL_MS: '6000',
      BV_HOLD_SWEEP_INTERVAL_MS: '500',
      BV_BULK_CHUNK_ROWS: '50',
      BV_WORKER_LOCK_MS: '5000',
    };
    server = await startServerProcess(env);
    // A verify pool in a process of its own (workers/) takes a share of the bulk job's chunks.
    worker = await startWorkerPool('verify', env);
    api = serviceClient(() => server.baseUrl, ADMIN);
    // The sentinels' primary is the service's Redis: no private one is started beside it.
    expect(existsSync(path.join(dataDir, 'redis'))).toBe(false);
  }, 60_000);

  afterAll(async () => {
    await killWorker(worker);
    await server?.stop('SIGKILL');
    await cluster?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A connection as the service makes them: through the sentinels, to whichever node is primary now. */
  async function withPrimary<T>(use: (wallet: WalletStore, redis: Redis) => Promise<T>): Promise<T> {
    const redis = createRedisFactory({
      kind: 'sentinel',
      sentinels: cluster.sentinelsEnv.split(',').map((pair) => ({ host: '127.0.0.1', port: Number(pair.split(':')[1]) })),
      masterName: cluster.masterName,
      password: REDIS_PASSWORD,
      sentinelPassword: SENTINEL_PASSWORD,
    }).connect();
    redis.on('error', () => undefined);
    try {
      return await use(new WalletStore(redis, KEYS), redis);
    } finally {
      redis.disconnect();
    }
  }

  async function ledgerOf(accountId: string): Promise<LedgerEntry[]> {
    return withPrimary(async (wallet) => {
      const entries: LedgerEntry[] = [];
      // The calls and jobs here use the sandbox key: billed in the sandbox wallet.
      for await (const entry of wallet.of('sandbox').allLedgerEntries(accountId)) entries.push(entry);
      return entries;
    });
  }

  async function expectBooksBalance(accountId: string): Promise<void> {
    // Holds a failover orphaned (their call answered 503 and was retried) expire and are swept.
    const deadline = Date.now() + 30_000;
    // The sandbox wallet: the calls and jobs used the sandbox key.
    let account: { sandbox_held_inr: number } = { sandbox_held_inr: -1 };
    while (Date.now() < deadline) {
      const response = await api.admin('GET', `/admin/v1/accounts/${accountId}`);
      if (response.status === 200) {
        account = (await response.json()) as { sandbox_held_inr: number };
        if (account.sandbox_held_inr === 0) break;
      }
      await sleep(250);
    }
    expect(account.sandbox_held_inr, processes()).toBe(0);
    const reconcile = (await (await api.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean; problems: string[] };
    expect(reconcile).toMatchObject({ ok: true, problems: [] });
  }

  /**
   * The worst moment for the kill: the replica's link has stalled for a moment, so what the
   * primary took in that moment is on the primary alone when it dies. Without WAIT, the
   * service would have acknowledged those changes; the replica promoted never gets them.
   */
  async function killBehindStalledReplica(primary: RedisNode): Promise<number> {
    const replica = cluster.nodes.find((node) => node !== primary)!;
    // The node the previous test brought back may still be syncing (slow under load): its link
    // must be up before there is a stream to stall.
    await cluster.waitForReplica(replica);
    replica.stallReplication();
    try {
      await sleep(STALL_MS);
      // The fault is real: the primary holds writes its replica has not confirmed.
      const info = await primary.command('INFO', 'replication');
      const offset = Number(/master_repl_offset:(\d+)/.exec(info)?.[1]);
      const replicaOffset = Number(/slave0:[^\n]*offset=(\d+)/.exec(info)?.[1]);
      const killedAtMs = Date.now();
      await primary.kill();
      expect(offset - replicaOffset, info).toBeGreaterThan(0);
      return killedAtMs;
    } finally {
      replica.unstallReplication();
    }
  }

  /** One customer call, sent again under its Idempotency-Key until the service answers it for good. */
  let killedAtMsForLog = 0;
  /** Every attempt's answer, by request id, to tell what happened to a call billed without a 200. */
  const attemptsById = new Map<string, string>();

  async function callUntilAnswered(key: string, idempotencyKey: string, gstin: string): Promise<Answer> {
    for (let attempts = 1; ; attempts++) {
      const sentAtMs = Date.now();
      try {
        const response = await api.post('/v1/gst/verify', key, { gstin }, { 'idempotency-key': idempotencyKey });
        const body = (await response.json()) as { request_id: string; meta?: { charged: boolean }; error?: { code: string } };
        attemptsById.set(body.request_id, `${idempotencyKey} attempt ${attempts}: ${response.status} ${body.error?.code ?? ''} at +${sentAtMs - killedAtMsForLog} ms, ${Date.now() - sentAtMs} ms`);
        // 409: the key's earlier attempt is still running (or its claim has yet to lapse);
        // 429 and 5xx: try again. Anything else is the call's answer.
        if (response.status !== 409 && response.status !== 429 && response.status < 500) {
          return { idempotencyKey, status: response.status, requestId: body.request_id, charged: body.meta?.charged === true, sentAtMs, answeredAtMs: Date.now(), attempts };
        }
      } catch {
        // No answer at all: try again.
      }
      await sleep(200);
    }
  }

  it('answers every call, keeps every acknowledged charge once, and bills nothing twice', { timeout: 90_000 }, async () => {
    const { accountId, sandboxKey } = await api.createAccount(1_000);
    const gstins = loadSandboxRegistry().identifiers('gstin');
    const startedAtMs = Date.now();
    const calls = Array.from({ length: CALLS }, async (_, index) => {
      await sleep((index * SPREAD_MS) / CALLS);
      return callUntilAnswered(sandboxKey, `ha-call-${index}`, gstins[index % gstins.length] as string);
    });

    await sleep(KILL_AFTER_MS - (Date.now() - startedAtMs));
    const former = await cluster.primary();
    const killedAtMs = await killBehindStalledReplica(former);
    killedAtMsForLog = killedAtMs;
    const promoted = await cluster.waitForNewPrimary(former);
    const promotedAfterMs = Date.now() - killedAtMs;
    // Its supervisor starts it again; it joins the new primary as its replica.
    await former.restartAsReplica();

    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.idempotencyKey}: ${a.status}`), processes()).toEqual([]);
    expect(promoted).not.toBe(former);

    // Writes stopped at the kill and resumed with the first call sent and answered after it.
    const firstAfter = answers.filter((a) => a.sentAtMs > killedAtMs).sort((a, b) => a.answeredAtMs - b.answeredAtMs)[0];
    expect(firstAfter, 'no call was made after the kill').toBeDefined();
    const downtimeMs = firstAfter!.answeredAtMs - killedAtMs;
    console.log(`sentinel failover: replica promoted ${promotedAfterMs} ms after the kill; money writes answered again ${downtimeMs} ms after it`);
    // The kill landed among the calls: some were answered before it, some needed retries.
    expect(answers.some((a) => a.answeredAtMs < killedAtMs)).toBe(true);
    expect(answers.some((a) => a.attempts > 1)).toBe(true);

    // Every call answered as charged is in the ledger exactly once, and nothing else was
    // committed. (A call whose hold expired during the outage, before its commit could land,
    // is answered as not charged: with the tests' 6 s holds, that takes a slower failover.)
    const ledger = await ledgerOf(accountId);
    const commits = ledger.filter((e) => e.type === 'commit').map((e) => e.reference);
    expect(new Set(answers.map((a) => a.requestId)).size).toBe(CALLS);
    const charged = answers.filter((a) => a.charged).map((a) => a.requestId);
    expect(charged.length).toBeGreaterThan(CALLS / 2);
    const committedOnce = new Map<string, number>();
    for (const reference of commits) committedOnce.set(reference, (committedOnce.get(reference) ?? 0) + 1);
    expect(charged.filter((id) => committedOnce.get(id) !== 1), `answered as charged, not in the ledger once\n${processes()}`).toEqual([]);
    const unserved = commits.filter((reference) => !charged.includes(reference));
    expect(unserved.map((id) => attemptsById.get(id) ?? id), `billed without a charged 200\n${processes()}`).toEqual([]);
    expect(commits).toHaveLength(charged.length);
    await expectBooksBalance(accountId);
    const account = (await (await api.admin('GET', `/admin/v1/accounts/${accountId}`)).json()) as { sandbox_balance_inr: number };
    expect(account.sandbox_balance_inr).toBe(1_000 - charged.length * 0.75);
    console.log(`sentinel failover: ${charged.length} of ${CALLS} calls answered as charged, ${answers.filter((a) => a.attempts > 1).length} after retries`);
  });

  it('finishes a bulk job whose primary was killed mid-job, each row billed once', { timeout: BULK_TIMEOUT_MS }, async () => {
    const rows = BULK_ROWS;
    const { accountId, sandboxKey } = await api.createAccount(rows);
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, rows);
    const created = await api.post('/v1/bulk/jobs', sandboxKey, { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) });
    const createdBody = await created.text();
    expect(created.status, createdBody).toBe(202);
    const jobId = (JSON.parse(createdBody) as { data: { job_id: string } }).data.job_id;

    const midJob = await api.waitForJob(sandboxKey, jobId, (s) => (s.rows.done ?? 0) > 0, 60_000);
    const former = await cluster.primary();
    const killedAt = await killBehindStalledReplica(former);
    await cluster.waitForNewPrimary(former);
    await former.restartAsReplica();
    expect(midJob.rows.done, 'the job ended before the kill').toBeLessThan(rows);

    const startedAtMs = Date.now();
    const status = await api.waitForJob(sandboxKey, jobId, undefined, BULK_TIMEOUT_MS - 20_000);
    console.log(`sentinel failover: a ${rows}-row job ${status.status} ${Date.now() - startedAtMs} ms after the kill`);
    expect(status.status, processes()).toBe('completed');
    expect(worker.exitCode, processes()).toBeNull();
    expect(status.rows).toMatchObject({ total: rows, done: rows, ok: rows, failed: 0 });

    const rowCommits = (await ledgerOf(accountId)).filter((e) => e.type === 'commit' && e.reference.startsWith(`${jobId} row `)).map((e) => e.reference);
    const seen = new Set<string>();
    expect(rowCommits.filter((reference) => seen.has(reference) || !seen.add(reference)), 'rows billed twice').toEqual([]);
    const unbilled = gstins.map((_, i) => i + 1).filter((row) => !seen.has(`${jobId} row ${row}`));
    let diagnosis = '';
    if (unbilled.length > 0) {
      diagnosis = await withPrimary(async (_, redis) => {
        // The job ran on the sandbox key: its hold and ledger are the sandbox wallet's.
        const charge = await redis.hget(KEYS.holdCharges(accountId, jobId, 'sandbox'), `row:${unbilled[0]}`);
        const ledgerLength = await redis.xlen(KEYS.ledger(accountId, 'sandbox'));
        return `holdCharges row:${unbilled[0]} = ${charge}; ledger length ${ledgerLength}; done at the kill ${midJob.rows.done}; killed at ${killedAt}`;
      });
    }
    expect(rowCommits, `rows ok but unbilled: ${unbilled.slice(0, 3).join(', ')}…${unbilled.at(-1)} (${unbilled.length}); charged_inr ${status.charged_inr}; ${diagnosis}\n${processes()}`).toHaveLength(rows);
    expect(status.charged_inr).toBe(rows * 0.75);
    await expectBooksBalance(accountId);
  });
});
