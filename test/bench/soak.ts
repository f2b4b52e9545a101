/**
 * npm run soak — a bounded run (SOAK_SECONDS, default 300) of mixed traffic against the
 * service as `npm start` runs it (compiled API process with its in-process pools, plus one
 * separate verify worker process), a managed Redis (AOF on) and the upstream simulator with
 * faults: random latency, 3% 503s, 0.5% time-outs, and the PAN upstream flapping down for 2 s
 * in every 10 s. Loopback only.
 *
 * Traffic: SOAK_CONNECTIONS (default 8) loops of sync calls (GST Verify on live and sandbox
 * keys, unknown GSTINs, PAN Verify, Business360; some with an Idempotency-Key), and bulk jobs of
 * SOAK_JOB_ROWS (500) rows one after another, each result file downloaded.
 *
 * Every 5 s it samples the API's and the worker's RSS and Redis's used_memory, less the data
 * the service keeps on purpose (the ledger, idempotency records for 24 h, job records for the
 * retention period), measured with MEMORY USAGE. It fails (exit 1) when, after the first fifth
 * of the run (warm-up), the median of the last third of samples exceeds the median of the first
 * third by more than 15% and 16 MB (4 MB for Redis); when any answer is a 5xx other than the upstream's 503/504;
 * when a job does not finish; or when the ledger does not reconcile at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startSimulator } from '../../src/sim/simulator.js';
import { UNKNOWN_IDENTIFIERS } from '../../src/sources/sandbox/faults.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { startManagedRedis } from '../../src/runtime/managed-redis.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { infoField, procStatusMb, root, startCompiled, stopAllChildren } from './child-processes.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const JOB_ROWS = Number(process.env.SOAK_JOB_ROWS ?? 500);
const SAMPLE_MS = 5_000;
const ADMIN = 'soak-admin-token-0123456789abcdef';
const KEY_PREFIX = 'soak';
const MB = 1024 * 1024;
/**
 * Growth allowed between the first and last third of the samples after warm-up. Redis's
 * allowance covers what is capped rather than kept: BullMQ's event streams (10,000 entries
 * each) and finished jobs (an hour).
 */
const TOLERANCE = { ratio: 0.15, processMb: 16, redisMb: 4 };

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

interface Sample {
  atS: number;
  apiMb: number;
  workerMb: number;
  redisMb: number;
  redisKeptMb: number;
}

const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const problems: string[] = [];

async function call(baseUrl: string, method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** The bytes Redis holds on purpose: ledger, idempotency records and job records (not leaks). */
async function keptBytes(redis: Redis): Promise<number> {
  let cursor = '0';
  let total = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${KEY_PREFIX}:*`, 'COUNT', 1000);
    cursor = next;
    const kept = keys.filter((key) => key.endsWith(':ledger') || key.includes(':idem:') || key.includes('{job:'));
    if (kept.length > 0) {
      const pipeline = redis.pipeline();
      for (const key of kept) pipeline.memory('USAGE', key);
      for (const [, value] of (await pipeline.exec()) ?? []) total += Number(value ?? 0);
    }
  } while (cursor !== '0');
  return total;
}

/** The keys not kept on purpose, grouped by shape (ids replaced by *): count and bytes, largest first. */
async function otherKeys(redis: Redis): Promise<string[]> {
  const groups = new Map<string, { count: number; bytes: number }>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    const other = keys.filter((key) => !(key.endsWith(':ledger') || key.includes(':idem:') || key.includes('{job:')));
    const pipeline = redis.pipeline();
    for (const key of other) pipeline.memory('USAGE', key);
    const sizes = (await pipeline.exec()) ?? [];
    other.forEach((key, i) => {
      const shape = key.replace(/[0-9a-f]{16,}|\b\d+\b/g, '*');
      const group = groups.get(shape) ?? { count: 0, bytes: 0 };
      group.count++;
      group.bytes += Number(sizes[i]?.[1] ?? 0);
      groups.set(shape, group);
    });
  } while (cursor !== '0');
  return [...groups]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 12)
    .map(([shape, g]) => `| ${shape} | ${g.count} | ${(g.bytes / 1024).toFixed(0)} |`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-soak-'));
const redis = await startManagedRedis({ dataDir });
const sim = await startSimulator({ port: 0 });
sim.configure({
  upstreams: {
    'gstn-gsp': { latencyMs: { minMs: 5, maxMs: 40 }, errorRate: 0.03, timeoutRate: 0.005 },
    'nic-einvoice': { latencyMs: { minMs: 5, maxMs: 40 }, errorRate: 0.03 },
    'pan-aggregator': { latencyMs: { minMs: 5, maxMs: 40 }, errorRate: 0.03, flap: { upMs: 8_000, downMs: 2_000 } },
    'mca-master': { latencyMs: { minMs: 5, maxMs: 40 }, errorRate: 0.03 },
    'kyb-aggregator': { latencyMs: { minMs: 5, maxMs: 40 }, errorRate: 0.03 },
  },
});
const sourcesFile = await writeSimSources(sim.url, { timeout_ms: 2_000 });
const env = {
  REDIS_URL: redis.url,
  PORT: '0',
  BV_ADMIN_TOKEN: ADMIN,
  BV_DATA_DIR: dataDir,
  BV_KEY_PREFIX: KEY_PREFIX,
  BV_SOURCES: sourcesFile,
};
const monitor = new Redis(redis.url);
let exitCode = 0;
try {
  const api = await startCompiled('src/server.ts', env, /listening on (http:\/\/\S+)/);
  const baseUrl = api.match[1]!;
  const worker = await startCompiled('workers/verify.ts', env, /worker pool running/);

  const created = await call(baseUrl, 'POST', '/admin/v1/accounts', ADMIN, { name: 'soak', balance_inr: 10_000_000, sandbox_balance_inr: 10_000_000, rate_limit_per_minute: 1_000_000 });
  if (created.status !== 201) throw new Error(`creating the soak account failed: ${created.text}`);
  const { account_id: accountId, sandbox_key: sandboxKey, live_key: liveKey } = JSON.parse(created.text) as Record<string, string>;

  const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 5_000);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const startedAt = performance.now();
  const elapsedS = () => (performance.now() - startedAt) / 1000;
  const running = () => elapsedS() < SECONDS;

  async function syncLoop(): Promise<void> {
    while (running()) {
      const roll = Math.random();
      const idempotency = Math.random() < 0.1 ? { 'idempotency-key': `soak-${Math.floor(Math.random() * 1e12)}` } : undefined;
      const [label, token, url, body] =
        roll < 0.5
          ? ['gst.verify live', liveKey!, '/v1/gst/verify', { gstin: pick(gstins) }]
          : roll < 0.65
            ? ['gst.verify sandbox', sandboxKey!, '/v1/gst/verify', { gstin: pick(gstins) }]
            : roll < 0.75
              ? ['gst.verify unknown', liveKey!, '/v1/gst/verify', { gstin: UNKNOWN_IDENTIFIERS.gstin }]
              : roll < 0.9
                ? ['pan.verify live', liveKey!, '/v1/pan/verify', { pan: pick(gstins).slice(2, 12) }]
                : ['business360 live', liveKey!, '/v1/business360', { gstin: pick(gstins) }];
      const answer = await call(baseUrl, 'POST', url, token, body, idempotency).catch((error: Error) => ({ status: 0, text: error.message }));
      count(`${label} ${answer.status}`);
      if (answer.status === 0 || (answer.status >= 500 && answer.status !== 503 && answer.status !== 504)) {
        problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
  }

  async function bulkLoop(): Promise<void> {
    while (running()) {
      const rows = Array.from({ length: JOB_ROWS }, () => ({ gstin: pick(gstins) }));
      const submitted = await call(baseUrl, 'POST', '/v1/bulk/jobs', liveKey!, { operation: 'gst.verify', rows });
      if (submitted.status !== 202) {
        problems.push(`bulk submit: ${submitted.status} ${submitted.text.slice(0, 200)}`);
        await sleep(1_000);
        continue;
      }
      const jobId = (JSON.parse(submitted.text) as { data: { job_id: string } }).data.job_id;
      const deadline = performance.now() + 120_000;
      let status = 'queued';
      while (status !== 'completed' && status !== 'cancelled' && status !== 'failed' && performance.now() < deadline) {
        await sleep(500);
        status = (JSON.parse((await call(baseUrl, 'GET', `/v1/bulk/jobs/${jobId}`, liveKey!)).text) as { data: { status: string } }).data.status;
      }
      count(`bulk job ${status}`);
      if (status !== 'completed') problems.push(`bulk job ${jobId} ended ${status}`);
      else if ((await call(baseUrl, 'GET', `/v1/bulk/jobs/${jobId}/results.csv`, liveKey!)).status !== 200) problems.push(`results of ${jobId} not served`);
    }
  }

  const samples: Sample[] = [];
  async function sampler(): Promise<void> {
    while (running()) {
      const [info, kept] = await Promise.all([monitor.info('memory'), keptBytes(monitor)]);
      const redisMb = infoField(info, 'used_memory') / MB;
      samples.push({
        atS: Math.round(elapsedS()),
        apiMb: procStatusMb(api.child.pid!, 'VmRSS'),
        workerMb: procStatusMb(worker.child.pid!, 'VmRSS'),
        redisMb,
        redisKeptMb: redisMb - kept / MB,
      });
      await sleep(SAMPLE_MS);
    }
  }

  console.log(`soak: ${SECONDS} s, ${CONNECTIONS} sync connections, bulk jobs of ${JOB_ROWS} rows, simulator with faults`);
  await Promise.all([...Array.from({ length: CONNECTIONS }, syncLoop), bulkLoop(), sampler()]);

  const reconcile = await call(baseUrl, 'GET', `/admin/v1/accounts/${accountId}/reconcile`, ADMIN);
  // Holds of calls still running at the end are open holds, which reconcile counts.
  const reconciled = reconcile.status === 200 && (JSON.parse(reconcile.text) as { ok: boolean }).ok;
  if (!reconciled) problems.push(`ledger does not reconcile: ${reconcile.text}`);

  const afterWarmUp = samples.filter((s) => s.atS >= SECONDS / 5);
  const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
  const verdicts = (['apiMb', 'workerMb', 'redisKeptMb'] as const).map((field) => {
    const first = median(afterWarmUp.slice(0, third).map((s) => s[field]));
    const last = median(afterWarmUp.slice(-third).map((s) => s[field]));
    const flat = last <= first * (1 + TOLERANCE.ratio) || last - first <= (field === 'redisKeptMb' ? TOLERANCE.redisMb : TOLERANCE.processMb);
    if (!flat) problems.push(`${field} grew from ${first.toFixed(1)} to ${last.toFixed(1)} MB`);
    return `| ${field} | ${first.toFixed(1)} | ${last.toFixed(1)} | ${flat ? 'flat' : 'GREW'} |`;
  });

  console.log(['', '| t (s) | API RSS MB | worker RSS MB | Redis used MB | Redis less kept data MB |', '|---|---|---|---|---|'].join('\n'));
  for (const s of samples.filter((_, i) => i % 6 === 0 || i === samples.length - 1)) {
    console.log(`| ${s.atS} | ${s.apiMb.toFixed(1)} | ${s.workerMb.toFixed(1)} | ${s.redisMb.toFixed(1)} | ${s.redisKeptMb.toFixed(1)} |`);
  }
  console.log(['', `After warm-up (${afterWarmUp.length} samples), median of the first third vs the last third:`, '| series | first MB | last MB | verdict |', '|---|---|---|---|', ...verdicts].join('\n'));
  console.log(['', '| answers | count |', '|---|---|', ...[...counts].sort().map(([k, v]) => `| ${k} | ${v} |`)].join('\n'));
  console.log(['', 'Largest other keys at the end:', '| key shape | keys | KiB |', '|---|---|---|', ...(await otherKeys(monitor))].join('\n'));
  console.log(`\nledger reconciles: ${reconciled ? 'yes' : 'NO'}`);
  if (problems.length > 0) {
    console.error(`\nsoak FAILED:\n- ${[...new Set(problems)].slice(0, 20).join('\n- ')}`);
    exitCode = 1;
  } else {
    console.log('\nsoak passed');
  }
} finally {
  await stopAllChildren();
  monitor.disconnect();
  await sim.close();
  await redis.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(path.dirname(sourcesFile), { recursive: true, force: true });
}
process.exit(exitCode);
