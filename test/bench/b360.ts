/**
 * bench:b360 — Business360's full bundle on a live key with the upstream simulator adding
 * 300 ms to every upstream request. Reports, per entry identifier, the call's total time
 * against its baseline measured in the same run: the resolution it waited for plus its
 * slowest module (ratio about 1 when the modules run in parallel), and the sum of all module
 * latencies (what running them one after another would cost).
 * Env: BENCH_RUNS (default 5), BENCH_LATENCY_MS (default 300). Loopback only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { MODULES } from '../../src/domain/business360/profile.js';
import { createBusiness360 } from '../../src/orchestration/business360/run-business360.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { startManagedRedis } from '../../src/runtime/managed-redis.js';
import { business360Timing } from '../helpers/b360-timing.js';
import { writeSimSources } from '../helpers/sim-sources.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 300);
const ENTRIES = {
  gstin: { gstin: '27AAJCS4821K1Z1' },
  cin: { cin: 'U10611MH2011PTC221847' },
  pan: { pan: 'AAJCS4821K' },
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-bench-b360-'));
const redis = await startManagedRedis({ dataDir });
const sim = await startSimulator({ port: 0 });
sim.configure({
  upstreams: Object.fromEntries(['gstn-gsp', 'nic-einvoice', 'pan-aggregator', 'mca-master', 'kyb-aggregator'].map((u) => [u, { latencyMs }])),
});
const sourcesFile = await writeSimSources(sim.url);
const config = loadConfig({ BV_SOURCES: sourcesFile, BV_KEY_PREFIX: 'bench-b360', LOG_LEVEL: 'silent' });
const deps = await createDeps({ ...config, redisUrl: redis.url }, pino({ level: 'silent' }));
const run = createBusiness360(deps.verifier);
try {
  console.log(`Business360 full bundle, live key, simulator +${latencyMs} ms per upstream request, median of ${runs} runs`);
  console.log('| entry | total ms | resolution ms | slowest module ms | ratio total/(resolution+slowest) | sum of modules ms | serial/total |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [entry, ids] of Object.entries(ENTRIES)) {
    const samples: { total: number; resolution: number; slowest: number; ratio: number; sum: number }[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const result = await run({ ...ids, include: [...MODULES] }, { environment: 'live', budgetMs: 15_000, now: new Date() });
      if (!result.ok) throw new Error(`${entry}: ${result.error.code} ${result.detail}`);
      const timing = business360Timing(result.profile, result.stepsMs);
      const sum = MODULES.reduce((total, m) => total + result.profile[m].latency_ms, 0);
      // The first run warms connections and JIT: not counted.
      if (i > 0) samples.push({ total: timing.totalMs, resolution: timing.resolutionMs, slowest: timing.slowestModuleMs, ratio: timing.ratio, sum });
    }
    const m = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
    console.log(`| ${entry} | ${m('total')} | ${m('resolution')} | ${m('slowest')} | ${m('ratio').toFixed(2)} | ${m('sum')} | ${(m('sum') / m('total')).toFixed(2)} |`);
  }
} finally {
  await deps.close();
  await sim.close();
  await redis.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(path.dirname(sourcesFile), { recursive: true, force: true });
}
