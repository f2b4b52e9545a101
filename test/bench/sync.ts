/**
 * bench:sync — GST Verify throughput and latency through the whole sync path (auth, rate
 * limit, wallet hold, sandbox source, commit, envelope) against a bare Fastify JSON route
 * measured in the same run, on the same machine, with the same load generator settings.
 *
 * Also measured, in the bare server's process: a floor, the bare route after three
 * sequential Redis round trips (rate limit, hold, commit can only run one after the other),
 * so the gap to the bare route splits into what Redis round trips cost here and what the
 * service's own work costs.
 *
 * Both servers run compiled (`npm run build` first, as `npm start` does), each in its own
 * process; autocannon runs in this one. Loopback only.
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32), BENCH_REDIS_FSYNC (the managed
 * Redis's appendfsync modes, comma-separated, each a whole run in turn: default the product's
 * `always`; `always,everysec` gives the durability before/after pair from one run).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startManagedRedis } from '../../src/runtime/managed-redis.js';
import { DEFAULT_APPEND_FSYNC, type AppendFsync } from '../../src/runtime/managed-redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN = 'bench-admin-token-0123456789abcdef';

async function start(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return { child, url };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * A process's CPU time so far (user + system), in microseconds, from /proc (Linux). Per call,
 * it is the service's own cost, steadier than throughput on a machine shared with other work.
 */
function cpuMicros(pid: number): number {
  // Fields after the command name: state is the 3rd of stat, so utime (14th) and stime (15th) are 11 and 12 here.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

async function measure(url: string, apiKey: string | undefined, durationS: number, route = '/v1/gst/verify', serverPid?: number) {
  const cpuBefore = serverPid === undefined ? 0 : cpuMicros(serverPid);
  const result = await autocannon({
    url: `${url}${route}`,
    method: 'POST',
    connections,
    duration: durationS,
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify({ gstin: '27AAPFU0939F1ZV' }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    /** The server process's CPU microseconds per answered call, when its pid was given. */
    cpuUsPerCall: serverPid === undefined ? undefined : (cpuMicros(serverPid) - cpuBefore) / result.requests.total,
  };
}

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
/** The managed Redis's AOF fsync modes to measure, one whole run each: the product's default unless told. */
const modes = (process.env.BENCH_REDIS_FSYNC ?? DEFAULT_APPEND_FSYNC).split(',').map((mode): AppendFsync => {
  if (mode !== 'always' && mode !== 'everysec') throw new Error(`BENCH_REDIS_FSYNC: "${mode}" is neither always nor everysec`);
  return mode;
});
const FLOOR_ROUTE = '/floor/three-round-trips';
type Measured = Awaited<ReturnType<typeof measure>>;
const row = (name: string, r: Measured) => `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} |`;

async function runWith(appendfsync: AppendFsync): Promise<Measured> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-bench-'));
  const redis = await startManagedRedis({ dataDir, appendfsync });
  const bare = await start('dist/test/bench/bare-server.js', { REDIS_URL: redis.url });
  const full = await start('dist/src/server.js', {
    REDIS_URL: redis.url,
    PORT: '0',
    LOG_LEVEL: 'warn',
    BV_ADMIN_TOKEN: ADMIN,
    BV_DATA_DIR: dataDir,
    // The start-up check accepts the mode measured.
    BV_REDIS_FSYNC: appendfsync,
  });
  try {
    const created = await fetch(`${full.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      // Enough money and rate that neither refuses a call: the bench measures the full path's cost.
      body: JSON.stringify({ name: 'bench', balance_inr: 10_000_000, sandbox_balance_inr: 10_000_000, rate_limit_per_minute: 1_000_000 }),
    });
    if (created.status !== 201) throw new Error(`creating the bench account failed: ${await created.text()}`);
    const { sandbox_key: key } = (await created.json()) as { sandbox_key: string };

    // Warm both (JIT, connection pools, Redis scripts) before measuring.
    await measure(bare.url, undefined, 2);
    await measure(bare.url, undefined, 2, FLOOR_ROUTE);
    await measure(full.url, key, 2);
    const baseline = await measure(bare.url, undefined, seconds);
    const floor = await measure(bare.url, undefined, seconds, FLOOR_ROUTE);
    const fullPath = await measure(full.url, key, seconds, undefined, full.child.pid);
    if (fullPath.non2xx > 0 || fullPath.errors > 0) throw new Error(`the full path answered ${fullPath.non2xx} non-2xx and ${fullPath.errors} errors`);

    console.log(
      [
        `bench:sync on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${connections} connections, ${seconds} s each, managed Redis with appendfsync ${appendfsync}`,
        '',
        '| route | requests/s | p50 ms | p99 ms |',
        '|---|---|---|---|',
        row('bare Fastify JSON route (baseline)', baseline),
        row('floor: the bare route after 3 sequential Redis round trips, nothing else', floor),
        row('POST /v1/gst/verify, full path (sandbox key)', fullPath),
        '',
        `ratio (full path / baseline throughput): ${(fullPath.rps / baseline.rps).toFixed(2)}`,
        `floor / baseline: ${(floor.rps / baseline.rps).toFixed(2)} (the most any path that waits for Redis three times in a row keeps here)`,
        `full path / floor: ${(fullPath.rps / floor.rps).toFixed(2)} (what the service's own work keeps of that)`,
        `CPU per call in the API process (full path, user + system): ${Math.round(fullPath.cpuUsPerCall!)} µs`,
        '',
      ].join('\n'),
    );
    return fullPath;
  } finally {
    bare.child.kill('SIGTERM');
    full.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: [AppendFsync, Measured][] = [];
for (const mode of modes) results.push([mode, await runWith(mode)]);
if (results.length > 1) {
  // The durability pair (issue 26): the same full path, one run, each fsync mode in turn.
  console.log(['| full path, managed Redis with | requests/s | p50 ms | p99 ms |', '|---|---|---|---|', ...results.map(([mode, r]) => row(`appendfsync ${mode}`, r))].join('\n'));
}
