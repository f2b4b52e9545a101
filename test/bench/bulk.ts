/**
 * bench:bulk — bulk jobs (docs/bulk.md) end to end, loopback only, in three parts, each
 * against a baseline or a bound measured or known in the same run:
 *
 * (a) Sandbox throughput: a 100,000-row gst.verify CSV (sandbox key) uploaded as multipart to a
 *     real API server process (the compiled `dist/src/server.js`, its in-process worker pools as
 *     `npm start` runs them, default BV_WORKER_CONCURRENCY / BV_BULK_ROW_CONCURRENCY), timed
 *     from the first byte of the upload to the job's status `completed` (results files
 *     written). Rows are all distinct: the sandbox registry's GSTINs (found, billed) and then
 *     well-formed GSTINs no entity carries (not found, not billed).
 *     Baseline: a bare BullMQ Queue + Worker with a no-op processor on the same Redis, in this
 *     process: as many no-op jobs as the bulk job has rows, added with addBulk (in batches,
 *     while the worker drains), with the verify pool's job options and as many jobs at once as
 *     the pool verifies rows at once (BV_WORKER_CONCURRENCY × BV_BULK_ROW_CONCURRENCY). It is
 *     the queue's own ceiling for work that does nothing: what a design with one BullMQ job per
 *     row could reach at best. The ratio (bulk rows/s ÷ no-op jobs/s) says how much of that the
 *     whole per-row path (validation, dedupe, files, Redis row results, wallet charge,
 *     finalize) keeps; above 1, chunking beat the queue's per-job overhead. Also measured: the
 *     bulk job's own queue floor, as many no-op jobs as it has chunks, carrying payloads of the
 *     chunks' size, at the pool's chunk concurrency.
 * (b) Simulator-backed throughput: a live key, the GSP as the only gst.verify source, pointing at
 *     the simulator (in this process) answering after 50 ms, with max_in_flight 32. The bound is
 *     32 / 0.05 s = 640 rows/s; the figure is rows / (upload → completed) as a fraction of it
 *     (target ≥ 0.9), after a warm-up job of 3,000 other rows. An API process of its own runs the verify pool with 4 chunks × 16 rows: 64
 *     row slots shared first-come by its chunks, wanting the 32 source slots (one process, so
 *     its in-process semaphore hands source slots over without polling Redis); BENCH_B_WORKERS adds `workers/verify.ts` processes (slower
 *     on a 2-core machine: more processes polling Redis for the same 32 leases). Also measured,
 *     after the job: the transport ceiling, the same requests sent straight to the simulator by
 *     a plain undici client in a process of its own (test/bench/plain-client.ts), 32 at a time,
 *     with no gate, Redis or job: what the bound leaves once each request also crosses two
 *     event loops and the simulator's timer on this machine. Also printed:
 *     leases held vs requests at the simulator (sampled), CPU and run-queue wait, Redis
 *     commands per row.
 * (c) Memory while a 1,000,000-row CSV is accepted (streamed from a generator, never built in
 *     memory) by a fresh API process: its peak RSS (VmHWM, and VmRSS polled) and Redis's
 *     used_memory polled (with its value before the upload), until the POST answers 202; the
 *     job is then cancelled. Targets: API < 300 MB, Redis < 512 MB.
 *
 * (x) Excel intake: the rows of (a) as an .xlsx (shared strings written after the sheet, as Excel
 *     does; header `GSTIN/UIN`, an ERP's name for the column) and as the CSV, one after the other
 *     on one API process: upload → completed for each, the intake's own rows/s (POST → 202) for
 *     each and their ratio (target ≥ 0.7), and every row's result compared (same status, error
 *     and record in the same order). Then a fresh API process (BV_BULK_MAX_ROWS raised to take
 *     it) accepts a workbook of Excel's full 1,048,576 rows: its peak RSS (target < 400 MB).
 * (i) ITC check over a purchase register (issue 29): 100,000 invoices of 2,000 suppliers on a live key
 *     against the simulator, and the same suppliers with one invoice each: upstream requests per
 *     supplier for both (equal, or the bench fails), the register's rows/s beside (a)'s (see partI).
 * Each part runs its own API process (`PORT=0`), against one managed Redis started here
 * (src/runtime/managed-redis.ts), one temporary BV_DATA_DIR and one BV_KEY_PREFIX; everything is
 * stopped and removed at the end, on failure and on SIGINT/SIGTERM.
 *
 * Env: BENCH_PARTS (default "abcxi"), BENCH_A_ROWS (100000, part x too), BENCH_X_BIG_ROWS (1048575), BENCH_B_ROWS (5000), BENCH_I_ROWS (100000), BENCH_I_SUPPLIERS (2000), BENCH_C_ROWS
 * (1000000), BENCH_B_API_WORKER_CONCURRENCY (4), BENCH_B_API_ROW_CONCURRENCY (16),
 * BENCH_B_WORKERS (0), BENCH_B_WORKER_CONCURRENCY (4), BENCH_B_ROW_CONCURRENCY (16),
 * BENCH_CPU_PROF (a folder: API and worker processes write V8 CPU profiles there), BENCH_NODE_ARGS
 * (extra node flags for those processes, e.g. "--max-old-space-size=256 --trace-gc"),
 * BENCH_CHILD_OUTPUT (a folder: their stdout and stderr are written there), BENCH_REDIS_FSYNC (the
 * managed Redis's appendfsync modes, comma-separated, each a whole run in turn: default the product's
 * `always`; `always,everysec` gives the durability before/after pair from one run).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { makeGstin } from '../../src/domain/identifiers/gstin.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { startManagedRedis, type ManagedRedis } from '../../src/runtime/managed-redis.js';
import { DEFAULT_APPEND_FSYNC, type AppendFsync } from '../../src/runtime/managed-redis-server.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { workbookEntries, zip } from '../helpers/xlsx-files.js';
import { cpuSeconds, infoField, procStatusMb, root, runQueueSeconds, startCompiled, stopAllChildren, stopChild } from './child-processes.js';

const execFileAsync = promisify(execFile);

// The processes measured run compiled, as `npm start` runs them.
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
const parts = process.env.BENCH_PARTS ?? 'abcxi';
const I_ROWS = Number(process.env.BENCH_I_ROWS ?? 100_000);
const I_SUPPLIERS = Number(process.env.BENCH_I_SUPPLIERS ?? 2_000);
const A_ROWS = Number(process.env.BENCH_A_ROWS ?? 100_000);
const B_ROWS = Number(process.env.BENCH_B_ROWS ?? 5_000);
/** Rows of (b)'s warm-up job, not counted. */
const B_WARM_ROWS = 3_000;
const C_ROWS = Number(process.env.BENCH_C_ROWS ?? 1_000_000);
/** Excel's last row holds the 1,048,575th data row under the header. */
const X_BIG_ROWS = Number(process.env.BENCH_X_BIG_ROWS ?? 1_048_575);
const B_API_WORKER_CONCURRENCY = Number(process.env.BENCH_B_API_WORKER_CONCURRENCY ?? 4);
const B_API_ROW_CONCURRENCY = Number(process.env.BENCH_B_API_ROW_CONCURRENCY ?? 16);
const B_WORKERS = Number(process.env.BENCH_B_WORKERS ?? 0);
const B_WORKER_CONCURRENCY = Number(process.env.BENCH_B_WORKER_CONCURRENCY ?? 4);
const B_ROW_CONCURRENCY = Number(process.env.BENCH_B_ROW_CONCURRENCY ?? 16);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const CHILD_OUTPUT = process.env.BENCH_CHILD_OUTPUT;
/** The managed Redis's AOF fsync modes to measure, one full run each: the product's default unless told. */
const FSYNC_MODES = (process.env.BENCH_REDIS_FSYNC ?? DEFAULT_APPEND_FSYNC).split(',').map((mode): AppendFsync => {
  if (mode !== 'always' && mode !== 'everysec') throw new Error(`BENCH_REDIS_FSYNC: "${mode}" is neither always nor everysec`);
  return mode;
});
const ADMIN = 'bench-admin-token-0123456789abcdef';
const KEY_PREFIX = 'bench-bulk';
/** The server's defaults (src/config.ts), which the API process runs with here. */
const SERVER = { chunkRows: 100, workerConcurrency: 4, rowConcurrency: 8 };
const LIMIT = 32;
const LATENCY_MS = 50;
const MB = 1024 * 1024;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

// ---------------------------------------------------------------------------------------------
// Processes and clean-up
// ---------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
const startNode = (script: string, env: Record<string, string>, ready: RegExp) =>
  startCompiled(script, env, ready, { cpuProfDir: CPU_PROF, nodeArgs: NODE_ARGS, outputDir: CHILD_OUTPUT });

async function startApi(env: Record<string, string>) {
  const started = await startNode('src/server.ts', env, /listening on (http:\/\/\S+)/);
  return { ...started, url: started.match[1] as string };
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

interface JobStatus {
  job_id: string;
  status: string;
  rows: { total: number; valid: number; invalid: number; duplicates: number; done: number; ok: number; not_found: number; failed: number };
  charged_inr: number;
  results: { csv: string; jsonl: string } | null;
}

async function call<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** CSV text in ~64 KB pieces, generated row by row: the file never exists whole. */
function* csvPieces(header: string, rows: Iterable<string>): Generator<Buffer> {
  let piece = `${header}\n`;
  for (const row of rows) {
    piece += `${row}\n`;
    if (piece.length >= 65_536) {
      yield Buffer.from(piece);
      piece = '';
    }
  }
  if (piece !== '') yield Buffer.from(piece);
}

/**
 * POSTs a multipart upload (operation field, then the file part) streamed with chunked transfer
 * encoding, honouring back-pressure. Resolves with the answer, and when the answer came.
 */
async function uploadCsv(apiUrl: string, key: string, operation: string, pieces: Iterable<Buffer>): Promise<{ status: number; body: string; answeredAt: number; bytes: number }> {
  const boundary = `----bv-bench-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="operation"\r\n\r\n${operation}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(`${apiUrl}/v1/bulk/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      answered = true;
      const answeredAt = performance.now();
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, answeredAt, bytes }));
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      request.write(head);
      for (const piece of pieces) {
        if (answered) return;
        bytes += piece.length;
        if (!request.write(piece)) await once(request, 'drain');
      }
      request.end(tail);
    })().catch((error: unknown) => {
      if (!answered) reject(error as Error);
    });
  });
}

async function waitForJob(apiUrl: string, key: string, jobId: string, pollMs: number, onDone?: (status: JobStatus) => void): Promise<{ status: JobStatus; at: number }> {
  const deadline = Date.now() + 240_000;
  let allDone = false;
  for (;;) {
    const { data } = await call<{ data: JobStatus }>('GET', `${apiUrl}/v1/bulk/jobs/${jobId}`, key);
    const at = performance.now();
    if (!allDone && data.rows.done >= data.rows.valid - data.rows.duplicates) {
      allDone = true;
      onDone?.(data);
    }
    if (data.status === 'completed' || data.status === 'cancelled' || data.status === 'failed') return { status: data, at };
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${data.status} after 240 s: ${JSON.stringify(data.rows)}`);
    await sleep(pollMs);
  }
}

/** Times one job from the upload's first byte to `completed`; `verifiedAt` when every row was done. */
async function runJob(apiUrl: string, key: string, rows: Iterable<string>, pollMs: number, file = { operation: 'gst.verify', header: 'gstin,customer_ref' }) {
  const started = performance.now();
  const upload = await uploadCsv(apiUrl, key, file.operation, csvPieces(file.header, rows));
  if (upload.status !== 202) throw new Error(`upload answered ${upload.status}: ${upload.body.slice(0, 500)}`);
  const jobId = (JSON.parse(upload.body) as { data: { job_id: string } }).data.job_id;
  let verifiedAt = 0;
  const done = await waitForJob(apiUrl, key, jobId, pollMs, () => (verifiedAt = performance.now()));
  if (done.status.status !== 'completed') throw new Error(`job ${jobId} ended ${done.status.status}`);
  return {
    jobId,
    status: done.status,
    totalMs: done.at - started,
    intakeMs: upload.answeredAt - started,
    verifyMs: verifiedAt - upload.answeredAt,
    finalizeMs: done.at - verifiedAt,
    verifyWindow: { from: upload.answeredAt, to: verifiedAt },
  };
}

async function countResultLines(apiUrl: string, key: string, jobId: string): Promise<number> {
  const response = await fetch(`${apiUrl}/v1/bulk/jobs/${jobId}/results.csv`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok || response.body === null) throw new Error(`results.csv: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 10) lines++;
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** Part (a)'s rows/s in this run, printed beside part (i)'s. */
let partARate: number | undefined;

/**
 * (i) The ITC check over a purchase register (issue 29): I_SUPPLIERS suppliers that both checks
 * answer, with one invoice each (each supplier's earliest), then I_ROWS invoices of the same
 * suppliers, on a live key against the simulator as in (b). Each supplier's GST Verify and GST
 * Returns run once per job, so the upstream requests per supplier must be equal; the register's
 * rows/s (upload → completed, finalize judging every invoice included) is printed beside (a)'s.
 */
async function partI(env: Record<string, string>, sim: RunningSimulator): Promise<void> {
  const registry = loadSandboxRegistry();
  const now = new Date();
  const answered = (gstin: string) =>
    registry.faultFor('gst.verify', { gstin }) === undefined && registry.faultFor('gst.returns', { gstin }) === undefined && registry.lookup('gst.verify', { gstin }, now) !== undefined && registry.lookup('gst.returns', { gstin }, now) !== undefined;
  const suppliers = registry.identifiers('gstin').filter(answered).slice(0, I_SUPPLIERS);
  if (suppliers.length < I_SUPPLIERS) throw new Error(`the sandbox registry has ${suppliers.length} suppliers both checks answer, too few for BENCH_I_SUPPLIERS`);
  const invoice = (i: number) => {
    const supplier = i % I_SUPPLIERS;
    const date = new Date(Date.UTC(2024, 3 + ((i * 7 + supplier) % 30), 1 + (i % 28)));
    return { supplier, iso: date.toISOString().slice(0, 10), row: `${suppliers[supplier]},INV-${i + 1},${date.toISOString().slice(0, 10)},${100 + (i % 50)}.00,${100 + (i % 50)}.00` };
  };
  const earliest = new Map<number, { iso: string; row: string }>();
  for (let i = 0; i < I_ROWS; i++) {
    const item = invoice(i);
    if ((earliest.get(item.supplier)?.iso ?? '9999') > item.iso) earliest.set(item.supplier, item);
  }
  const file = { operation: 'itc.check', header: 'GSTIN of supplier,Invoice number,Invoice Date,Central Tax(₹),State/UT Tax(₹)' };
  const api = await startApi(env);
  try {
    const keys = await createAccount(api.url);
    const requests = () => Object.values(sim.stats().upstreams).reduce((sum, u) => sum + u.requests, 0);
    sim.resetStats();
    const single = await runJob(api.url, keys.live, [...earliest.values()].map((e) => e.row), 50, file);
    const singleRequests = requests();
    sim.resetStats();
    const register = await runJob(api.url, keys.live, (function* () {
      for (let i = 0; i < I_ROWS; i++) yield invoice(i).row;
    })(), 100, file);
    const registerRequests = requests();
    const rate = (I_ROWS * 1000) / register.totalMs;
    print(
      '',
      `### (i) ITC check over a purchase register: ${fmt(I_ROWS)} invoices of ${fmt(I_SUPPLIERS)} suppliers, live key, simulator at ${LATENCY_MS} ms, GSP limit ${LIMIT}`,
      '',
      '| job | upstream requests | per supplier | charged | upload → completed | rate |',
      '|---|---|---|---|---|---|',
      `| one invoice per supplier (${fmt(I_SUPPLIERS)} rows) | ${fmt(singleRequests)} | ${fmt(singleRequests / I_SUPPLIERS, 2)} | ₹${fmt(single.status.charged_inr, 2)} | ${seconds(single.totalMs)} | ${fmt((I_SUPPLIERS * 1000) / single.totalMs)} rows/s |`,
      `| the register (${fmt(I_ROWS)} rows) | ${fmt(registerRequests)} | ${fmt(registerRequests / I_SUPPLIERS, 2)} | ₹${fmt(register.status.charged_inr, 2)} | ${seconds(register.totalMs)} | **${fmt(rate)} rows/s** |`,
      `| … intake / verify (suppliers) / finalize (judging every invoice) | | | | ${seconds(register.intakeMs)} / ${seconds(register.verifyMs)} / ${seconds(register.finalizeMs)} | |`,
      '',
      `Upstream requests per supplier ${registerRequests === singleRequests ? '**equal**' : `**differ** (${fmt(registerRequests)} vs ${fmt(singleRequests)})`} in the two jobs. ` +
        (partARate === undefined ? "Part (a) was not run: run BENCH_PARTS with a and i for its rows/s beside this one's." : `Part (a), ${fmt(A_ROWS)} gst.verify rows on the sandbox, ran at ${fmt(partARate)} rows/s in this run.`),
    );
    if (registerRequests !== singleRequests) throw new Error(`the register made ${registerRequests} upstream requests, the one-invoice-per-supplier job ${singleRequests}`);
  } catch (error) {
    console.error(`API process output (tail):\n${api.tail().slice(-3_000)}`);
    throw error;
  } finally {
    await stopChild(api.child);
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = (n: number) => LETTERS.charAt(n % 26);

/** The i-th of many well-formed GSTINs (valid state, PAN and check character) that no sandbox entity carries. */
function unknownGstin(i: number): string {
  const pan = `QZ${letter(i)}C${letter(Math.floor(i / 26))}${String(Math.floor(i / 676) % 10_000).padStart(4, '0')}${letter(Math.floor(i / 6_760_000))}`;
  return makeGstin('27', pan, '1');
}

/** `count` distinct rows: the registry's GSTINs first (found), then unknown ones (not found). */
function* distinctRows(known: readonly string[], count: number): Generator<string> {
  for (let i = 0; i < count; i++) {
    const gstin = i < known.length ? (known[i] as string) : unknownGstin(i - known.length);
    yield `${gstin},cust-${String(i + 1).padStart(7, '0')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Memory probes
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// The bench
// ---------------------------------------------------------------------------------------------

const print = (...lines: string[]) => console.log(lines.join('\n'));

async function createAccount(apiUrl: string): Promise<{ sandbox: string; live: string }> {
  const created = await call<{ sandbox_key: string; live_key: string }>('POST', `${apiUrl}/admin/v1/accounts`, ADMIN, {
    name: 'bench-bulk',
    // A 1,000,000-row gst.verify job holds ₹7,50,000; the polling must never be rate limited.
    balance_inr: 50_000_000,
    // Its sandbox key spends the sandbox wallet (docs/money.md): funded alike.
    sandbox_balance_inr: 50_000_000,
    rate_limit_per_minute: 1_000_000,
  });
  return { sandbox: created.sandbox_key, live: created.live_key };
}

/** Bare BullMQ on the same Redis: `jobs` no-op jobs, added in addBulk batches while the worker drains. */
async function noopRate(redisUrl: string, name: string, jobs: number, concurrency: number, data: (i: number) => unknown): Promise<{ ms: number; perSecond: number }> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const prefix = `${KEY_PREFIX}-baseline`;
  // The verify pool's job options (src/queue/queues.ts), so completion does the same bookkeeping.
  const opts = { attempts: 5, backoff: { type: 'exponential', delay: 1_000, jitter: 0.5 }, removeOnComplete: { age: 3_600, count: 10_000 }, removeOnFail: { age: 7 * 86_400 } };
  const queue = new Queue(name, { connection, prefix });
  let completed = 0;
  let resolveAll: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (resolveAll = resolve));
  const worker = new Worker(name, async () => undefined, { connection: workerConnection, prefix, concurrency, autorun: false });
  worker.on('completed', () => {
    if (++completed === jobs) resolveAll();
  });
  worker.on('failed', (_job, error) => console.error('baseline job failed', error));
  await queue.waitUntilReady();
  const started = performance.now();
  void worker.run();
  const BATCH = 1_000;
  for (let first = 0; first < jobs; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, jobs - first) }, (_, k) => ({ name: 'noop', data: data(first + k), opts: { ...opts, jobId: `${name}-${first + k}` } }));
    await queue.addBulk(batch);
  }
  await allDone;
  const ms = performance.now() - started;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  workerConnection.disconnect();
  return { ms, perSecond: (jobs * 1000) / ms };
}

async function partA(apiUrl: string, keys: { sandbox: string }, known: readonly string[], redisUrl: string): Promise<void> {
  // Warm-up (JIT, connections, scripts): a small job, not counted.
  await runJob(apiUrl, keys.sandbox, distinctRows(known, 2_000), 50);

  const commands = await redisCommandStats(redisUrl);
  await commands.reset();
  const job = await runJob(apiUrl, keys.sandbox, distinctRows(known, A_ROWS), 100);
  const commandLine = await commands.perRow(A_ROWS);
  const lines = await countResultLines(apiUrl, keys.sandbox, job.jobId);
  if (lines !== A_ROWS + 1) throw new Error(`results.csv has ${lines} lines, expected ${A_ROWS + 1}`);
  const rate = (A_ROWS * 1000) / job.totalMs;
  partARate = rate;

  const perRow = await noopRate(redisUrl, 'noop-rows', A_ROWS, SERVER.workerConcurrency * SERVER.rowConcurrency, (i) => ({ i }));
  const chunks = Math.ceil(A_ROWS / SERVER.chunkRows);
  const chunkPayload = (i: number) => ({
    jobId: 'job_00000000000000000000',
    accountId: 'acct_0000000000000000',
    environment: 'sandbox',
    operation: 'gst.verify',
    chunk: i,
    rows: Array.from({ length: SERVER.chunkRows }, (_, k) => ({ row: i * SERVER.chunkRows + k + 1, request: { gstin: unknownGstin(i * SERVER.chunkRows + k) } })),
  });
  const perChunk = await noopRate(redisUrl, 'noop-chunks', chunks, SERVER.workerConcurrency, chunkPayload);

  print(
    '',
    `### (a) sandbox bulk throughput: ${fmt(A_ROWS)} distinct gst.verify rows, sandbox key, upload → results`,
    '',
    `API process with its in-process pools at the defaults: ${SERVER.chunkRows} rows per chunk, ${SERVER.workerConcurrency} chunks × ${SERVER.rowConcurrency} rows at once. ` +
      `Rows: ${fmt(job.status.rows.ok)} ok (billed ₹${fmt(job.status.charged_inr, 2)}), ${fmt(job.status.rows.not_found)} not_found, ${fmt(job.status.rows.failed)} failed.`,
    '',
    '| measure | time | rate |',
    '|---|---|---|',
    `| bulk job: upload → status completed | ${seconds(job.totalMs)} | **${fmt(rate)} rows/s** |`,
    `| … intake (POST → 202: parse, validate, dedupe, input file, hold, enqueue) | ${seconds(job.intakeMs)} | ${fmt((A_ROWS * 1000) / job.intakeMs)} rows/s |`,
    `| … verify (202 → every row done) | ${seconds(job.verifyMs)} | ${fmt((A_ROWS * 1000) / job.verifyMs)} rows/s |`,
    `| … finalize (→ completed: results.csv + .jsonl) | ${seconds(job.finalizeMs)} | |`,
    `| baseline: bare BullMQ, ${fmt(A_ROWS)} no-op jobs (addBulk), concurrency ${SERVER.workerConcurrency * SERVER.rowConcurrency} | ${seconds(perRow.ms)} | ${fmt(perRow.perSecond)} jobs/s |`,
    `| queue floor: bare BullMQ, ${fmt(chunks)} no-op jobs with the chunks' payloads, concurrency ${SERVER.workerConcurrency} | ${seconds(perChunk.ms)} | ${fmt(perChunk.perSecond)} jobs/s |`,
    '',
    `Ratio (bulk rows/s ÷ no-op BullMQ jobs/s): **${(rate / perRow.perSecond).toFixed(2)}**. ` +
      `The chunk jobs' own queue floor is ${((100 * perChunk.ms) / job.totalMs).toFixed(1)}% of the bulk job's time.`,
    commandLine,
  );
}

/** Redis's command counts since `reset()`, per verified row: what each row costs the shared Redis. */
async function redisCommandStats(redisUrl: string) {
  const client = new Redis(redisUrl);
  return {
    reset: async () => void (await client.config('RESETSTAT')),
    async perRow(rows: number): Promise<string> {
      const stats = [...(await client.info('commandstats')).matchAll(/^cmdstat_(\S+):calls=(\d+),usec=(\d+)/gm)].map((m) => ({
        name: m[1] as string,
        calls: Number(m[2]),
        usec: Number(m[3]),
      }));
      client.disconnect();
      const calls = stats.reduce((sum, s) => sum + s.calls, 0);
      const usec = stats.reduce((sum, s) => sum + s.usec, 0);
      const top = stats
        .sort((a, b) => b.calls - a.calls)
        .slice(0, 6)
        .map((s) => `${s.name} ${(s.calls / rows).toFixed(2)}`)
        .join(', ');
      return `Redis: ${(calls / rows).toFixed(1)} commands (those inside Lua scripts included) and ${fmt(usec / rows)} µs of command time per row (most called, per row: ${top}).`;
    },
  };
}

async function redisPidOf(redisUrl: string): Promise<number> {
  const client = new Redis(redisUrl);
  try {
    return infoField(await client.info('server'), 'process_id');
  } finally {
    client.disconnect();
  }
}

/** (b)'s transport ceiling, measured by test/bench/plain-client.ts in a process of its own. */
async function plainClientRate(simUrl: string, gstins: readonly string[]): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-bench-gstins-'));
  try {
    const file = path.join(dir, 'gstins.txt');
    await writeFile(file, `${gstins.join('\n')}\n`);
    const { stdout } = await execFileAsync(process.execPath, [path.join(root, 'dist/test/bench/plain-client.js'), simUrl, String(LIMIT), file]);
    return Number(stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function partB(env: Record<string, string>, known: readonly string[], sim: RunningSimulator): Promise<void> {
  if (known.length < B_ROWS + B_WARM_ROWS) throw new Error(`the sandbox registry has ${known.length} GSTINs, too few for BENCH_B_ROWS`);
  // An API process of its own, its pools sized so the rows wanted at once exceed the limit.
  const api = await startApi({ ...env, BV_WORKER_CONCURRENCY: String(B_API_WORKER_CONCURRENCY), BV_BULK_ROW_CONCURRENCY: String(B_API_ROW_CONCURRENCY) });
  const apiUrl = api.url;
  const workers = await Promise.all(
    Array.from({ length: B_WORKERS }, () =>
      startNode(
        'workers/verify.ts',
        { ...env, PORT: '', BV_WORKER_CONCURRENCY: String(B_WORKER_CONCURRENCY), BV_BULK_ROW_CONCURRENCY: String(B_ROW_CONCURRENCY) },
        /worker pool running/,
      ),
    ),
  );
  try {
    const keys = await createAccount(apiUrl);
    // Warm-up on other rows than the measured ones (a row is verified once per job anyway),
    // long enough for the code to be compiled hot: in a run with timestamps on both sides, the
    // trip to the simulator and back took 7.8 + 3.7 ms in a fresh API process's first half
    // second and fell steadily to about 2 + 1 ms over its first 3,000 requests.
    await runJob(apiUrl, keys.live, distinctRows(known.slice(B_ROWS), B_WARM_ROWS), 50);
    sim.resetStats();
    const redisPid = await redisPidOf(env.REDIS_URL as string);
    const pids = { api: api.child.pid as number, workers: workers.map((w) => w.child.pid as number), redis: redisPid };
    const cpuOf = () => ({
      api: cpuSeconds(pids.api),
      workers: pids.workers.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      redis: cpuSeconds(pids.redis),
      bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    });
    const commands = await redisCommandStats(env.REDIS_URL as string);
    await commands.reset();
    const cpuBefore = cpuOf();
    const waitBefore = runQueueSeconds(pids.api);
    // Leases held (Redis) and requests at the simulator, sampled: a lease held while no request
    // is at the simulator is the path's own overhead; a free lease is missing demand.
    const leases = new Redis(env.REDIS_URL as string);
    const samples: { at: number; leases: number; atSim: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const held = await leases.zcard(`${KEY_PREFIX}:{src:gsp}:leases`);
        samples.push({ at: performance.now(), leases: held, atSim: sim.stats().upstreams['gstn-gsp'].in_flight });
        await sleep(10);
      }
    })();
    const job = await runJob(apiUrl, keys.live, distinctRows(known, B_ROWS), 25).finally(() => (sampling = false));
    await sampler;
    leases.disconnect();
    const commandLine = await commands.perRow(B_ROWS);
    const cpuAfter = cpuOf();
    const apiWaitedS = runQueueSeconds(pids.api) - waitBefore;
    const inWindow = samples.filter((sample) => sample.at >= job.verifyWindow.from && sample.at <= job.verifyWindow.to);
    const mean = (pick: (sample: (typeof samples)[number]) => number) => inWindow.reduce((sum, sample) => sum + pick(sample), 0) / Math.max(inWindow.length, 1);
    const busy = (name: keyof typeof cpuBefore) => `${fmt((100 * (cpuAfter[name] - cpuBefore[name]) * 1000) / job.totalMs)}%`;
    const seen = sim.stats().upstreams['gstn-gsp'];
    if (job.status.rows.ok !== B_ROWS) throw new Error(`expected ${B_ROWS} ok rows, got ${JSON.stringify(job.status.rows)}`);
    const bound = LIMIT / (LATENCY_MS / 1000);
    const plainRate = await plainClientRate(sim.url, known.slice(0, B_ROWS));
    const rate = (B_ROWS * 1000) / job.totalMs;
    const verifyRate = (B_ROWS * 1000) / job.verifyMs;
    const demand = B_API_WORKER_CONCURRENCY * B_API_ROW_CONCURRENCY + B_WORKERS * B_WORKER_CONCURRENCY * B_ROW_CONCURRENCY;
    print(
      '',
      `### (b) simulator-backed throughput: ${fmt(B_ROWS)} gst.verify rows, live key, GSP only, ${LATENCY_MS} ms, max_in_flight ${LIMIT}`,
      '',
      `Bound: ${LIMIT} / ${LATENCY_MS / 1000} s = ${fmt(bound)} rows/s. Rows wanted at once: ${demand} (API process ${B_API_WORKER_CONCURRENCY} chunks × ${B_API_ROW_CONCURRENCY} rows` +
        `${B_WORKERS > 0 ? `, + ${B_WORKERS} verify worker process${B_WORKERS > 1 ? 'es' : ''} × ${B_WORKER_CONCURRENCY} × ${B_ROW_CONCURRENCY}` : ''}).`,
      '',
      '| measure | time | rows/s | fraction of bound (target ≥ 0.9) |',
      '|---|---|---|---|',
      `| upload → status completed | ${seconds(job.totalMs)} | ${fmt(rate)} | **${(rate / bound).toFixed(2)}** |`,
      `| … intake (POST → 202) | ${seconds(job.intakeMs)} | | |`,
      `| … verify (202 → every row done) | ${seconds(job.verifyMs)} | ${fmt(verifyRate)} | ${(verifyRate / bound).toFixed(2)} |`,
      `| … finalize | ${seconds(job.finalizeMs)} | | |`,
      `| transport ceiling: a plain undici client process, ${LIMIT} at a time straight to the simulator, the same ${fmt(B_ROWS)} requests (no gate, Redis or job) | ${seconds((B_ROWS * 1000) / plainRate)} | ${fmt(plainRate)} | ${(plainRate / bound).toFixed(2)} |`,
      '',
      `The bulk job (upload → completed) keeps **${(rate / plainRate).toFixed(2)}** of the transport ceiling; its verify phase ${(verifyRate / plainRate).toFixed(2)}.`,
      '',
      `Simulator (GSP): ${fmt(seen.requests)} requests, max ${seen.max_in_flight} in flight (limit ${LIMIT}), ` +
        `mean in flight over the verify phase ≈ ${((seen.requests * LATENCY_MS) / job.verifyMs).toFixed(1)}, statuses ${JSON.stringify(seen.by_status)}.`,
      `Sampled every 10 ms over the verify phase: ${mean((x) => x.leases).toFixed(1)} leases held on average (limit ${LIMIT}), ` +
        `${mean((x) => x.atSim).toFixed(1)} requests at the simulator.`,
      `CPU used over the job (100% = one core of ${os.cpus().length}; load average before: ${os.loadavg()[0]?.toFixed(2)}): API process ${busy('api')}` +
        `${B_WORKERS > 0 ? `, worker processes ${busy('workers')}` : ''}, Redis ${busy('redis')}, this process (simulator, client) ${busy('bench')}; ` +
        `the API process's main thread waited ${fmt(apiWaitedS, 2)} s of the job's ${fmt(job.totalMs / 1000, 2)} s runnable for a CPU.`,
      commandLine,
    );
  } catch (error) {
    console.error(`API process output (tail):\n${api.tail().slice(-3_000)}`);
    throw error;
  } finally {
    await Promise.all([api.child, ...workers.map((w) => w.child)].map((child) => stopChild(child)));
  }
}

async function partC(env: Record<string, string>, redisUrl: string): Promise<void> {
  // A fresh API process, so its peak RSS is this upload's (plus start-up), not part (a)'s.
  const api = await startApi(env);
  const redis = new Redis(redisUrl);
  try {
    const keys = await createAccount(api.url);
    const pid = api.child.pid as number;
    const startRss = procStatusMb(pid, 'VmRSS');
    const redisBefore = infoField(await redis.info('memory'), 'used_memory') / MB;
    let apiPeakRss = startRss;
    let redisPeak = redisBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        apiPeakRss = Math.max(apiPeakRss, procStatusMb(pid, 'VmRSS'));
        redisPeak = Math.max(redisPeak, infoField(await redis.info('memory'), 'used_memory') / MB);
        await sleep(50);
      }
    })();
    const started = performance.now();
    const upload = await uploadCsv(api.url, keys.sandbox, 'gst.verify', csvPieces('gstin,customer_ref', distinctRows([], C_ROWS)));
    sampling = false;
    await sampler;
    const hwm = procStatusMb(pid, 'VmHWM');
    const info = await redis.info('memory');
    redisPeak = Math.max(redisPeak, infoField(info, 'used_memory') / MB);
    const lifetimePeak = infoField(info, 'used_memory_peak') / MB;
    if (upload.status !== 202) throw new Error(`the ${C_ROWS}-row upload answered ${upload.status}: ${upload.body.slice(0, 500)}`);
    const { data } = JSON.parse(upload.body) as { data: { job_id: string; rows: JobStatus['rows'] } };
    await call('POST', `${api.url}/v1/bulk/jobs/${data.job_id}/cancel`, keys.sandbox);
    const apiPeak = Math.max(hwm, apiPeakRss);
    print(
      '',
      `### (c) memory while a ${fmt(C_ROWS)}-row CSV (${fmt(upload.bytes / MB, 1)} MB, streamed) is accepted: upload → 202 in ${seconds(upload.answeredAt - started)}`,
      '',
      '| process | before upload | peak until 202 | target | met |',
      '|---|---|---|---|---|',
      `| API process RSS (VmHWM; VmRSS polled every 50 ms: ${fmt(apiPeakRss)} MB) | ${fmt(startRss)} MB | **${fmt(apiPeak)} MB** | < 300 MB | ${apiPeak < 300 ? 'yes' : 'NO'} |`,
      `| Redis used_memory (polled every 50 ms) | ${fmt(redisBefore)} MB | **${fmt(redisPeak)} MB** | < 512 MB | ${redisPeak < 512 ? 'yes' : 'NO'} |`,
      '',
      `Rows accepted: ${fmt(data.rows.valid)} valid (${fmt(Math.ceil(data.rows.valid / SERVER.chunkRows))} chunks queued); job cancelled after the 202. ` +
        `Redis used_memory_peak over the whole run (parts a–c): ${fmt(lifetimePeak)} MB.`,
    );
  } finally {
    redis.disconnect();
    await stopChild(api.child);
  }
}

/** The rows (`gstin,customer_ref`) as an .xlsx laid out as Excel writes one: strings shared, after the sheet. */
function xlsxOf(header: readonly [string, string], rows: Iterable<string>): Buffer {
  const sheet: Buffer[] = [];
  const table: Buffer[] = [];
  let strings = 0;
  let sheetPiece = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  let tablePiece = '';
  const addString = (text: string) => {
    tablePiece += `<si><t>${text}</t></si>`;
    return strings++;
  };
  const addRow = (r: number, cells: readonly string[]) => {
    sheetPiece += `<row r="${r}" spans="1:2">${cells.map((cell, i) => `<c r="${i === 0 ? 'A' : 'B'}${r}" t="s"><v>${addString(cell)}</v></c>`).join('')}</row>`;
    if (sheetPiece.length >= MB) {
      sheet.push(Buffer.from(sheetPiece));
      sheetPiece = '';
    }
    if (tablePiece.length >= MB) {
      table.push(Buffer.from(tablePiece));
      tablePiece = '';
    }
  };
  addRow(1, header);
  let r = 1;
  for (const row of rows) addRow(++r, row.split(','));
  sheet.push(Buffer.from(`${sheetPiece}</sheetData></worksheet>`));
  const sst = Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings}" uniqueCount="${strings}">`), ...table, Buffer.from(`${tablePiece}</sst>`)]);
  const entries = workbookEntries([{ name: 'Vendors', xml: '' }], { sharedStrings: '' }).map((entry) =>
    entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, data: Buffer.concat(sheet) } : entry.name === 'xl/sharedStrings.xml' ? { ...entry, data: sst } : entry,
  );
  return zip(entries);
}

function* piecesOf(file: Buffer): Generator<Buffer> {
  for (let at = 0; at < file.length; at += 65_536) yield file.subarray(at, at + 65_536);
}

/** Like runJob, for a file already made (an .xlsx, recognised by its bytes). */
async function runFileJob(apiUrl: string, key: string, file: Buffer, pollMs: number) {
  const started = performance.now();
  const upload = await uploadCsv(apiUrl, key, 'gst.verify', piecesOf(file));
  if (upload.status !== 202) throw new Error(`upload answered ${upload.status}: ${upload.body.slice(0, 500)}`);
  const jobId = (JSON.parse(upload.body) as { data: { job_id: string } }).data.job_id;
  const done = await waitForJob(apiUrl, key, jobId, pollMs);
  if (done.status.status !== 'completed') throw new Error(`job ${jobId} ended ${done.status.status}`);
  return { jobId, status: done.status, totalMs: done.at - started, intakeMs: upload.answeredAt - started };
}

/** Each result line without its input (whose column names differ between the two files). */
async function resultsWithoutInput(apiUrl: string, key: string, jobId: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/v1/bulk/jobs/${jobId}/results.jsonl`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`results.jsonl: ${response.status}`);
  return (await response.text()).trim().split('\n').map((line) => {
    const { input: _input, ...rest } = JSON.parse(line) as Record<string, unknown>;
    void _input;
    return JSON.stringify(rest);
  });
}

async function partX(env: Record<string, string>, known: readonly string[]): Promise<void> {
  const api = await startApi(env);
  let xlsxRate = 0;
  let csvRate = 0;
  try {
    const keys = await createAccount(api.url);
    // Warm-up of both readers (JIT), not counted.
    await runJob(api.url, keys.sandbox, distinctRows(known, 2_000), 50);
    await runFileJob(api.url, keys.sandbox, xlsxOf(['GSTIN/UIN', 'customer_ref'], distinctRows(known, 2_000)), 50);
    const file = xlsxOf(['GSTIN/UIN', 'customer_ref'], distinctRows(known, A_ROWS));
    const csv = await runJob(api.url, keys.sandbox, distinctRows(known, A_ROWS), 100);
    const xlsx = await runFileJob(api.url, keys.sandbox, file, 100);
    const [csvLines, xlsxLines] = [await resultsWithoutInput(api.url, keys.sandbox, csv.jobId), await resultsWithoutInput(api.url, keys.sandbox, xlsx.jobId)];
    const differing = csvLines.filter((line, i) => line !== xlsxLines[i]).length + Math.abs(csvLines.length - xlsxLines.length);
    if (csvLines.length !== A_ROWS || differing !== 0) throw new Error(`the .xlsx job's results differ from the CSV's in ${differing} of ${A_ROWS} rows`);
    csvRate = (A_ROWS * 1000) / csv.intakeMs;
    xlsxRate = (A_ROWS * 1000) / xlsx.intakeMs;
    print(
      '',
      `### (x) Excel intake: ${fmt(A_ROWS)} distinct gst.verify rows as .xlsx (${fmt(file.length / MB, 1)} MB, header GSTIN/UIN, shared strings) and as CSV, one API process`,
      '',
      '| file | intake (POST → 202) | intake rows/s | upload → completed | rows/s |',
      '|---|---|---|---|---|',
      `| CSV | ${seconds(csv.intakeMs)} | ${fmt(csvRate)} | ${seconds(csv.totalMs)} | ${fmt((A_ROWS * 1000) / csv.totalMs)} |`,
      `| .xlsx | ${seconds(xlsx.intakeMs)} | ${fmt(xlsxRate)} | ${seconds(xlsx.totalMs)} | ${fmt((A_ROWS * 1000) / xlsx.totalMs)} |`,
      '',
      `Intake ratio (.xlsx ÷ CSV rows/s): **${(xlsxRate / csvRate).toFixed(2)}** (target ≥ 0.7: ${xlsxRate / csvRate >= 0.7 ? 'met' : 'NOT met'}); upload → completed ratio ${(csv.totalMs / xlsx.totalMs).toFixed(2)}. ` +
        `Every row's result (status, error, record) the same in both: ${fmt(A_ROWS)} of ${fmt(A_ROWS)}.`,
    );
  } finally {
    await stopChild(api.child);
  }

  // Excel's full sheet, on a fresh API process whose row limit takes it.
  const big = xlsxOf(['GSTIN/UIN', 'customer_ref'], distinctRows([], X_BIG_ROWS));
  const bigApi = await startApi({ ...env, BV_BULK_MAX_ROWS: String(X_BIG_ROWS + 1) });
  try {
    const keys = await createAccount(bigApi.url);
    const pid = bigApi.child.pid as number;
    const startRss = procStatusMb(pid, 'VmRSS');
    let peakRss = startRss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakRss = Math.max(peakRss, procStatusMb(pid, 'VmRSS'));
        await sleep(50);
      }
    })();
    const started = performance.now();
    const upload = await uploadCsv(bigApi.url, keys.sandbox, 'gst.verify', piecesOf(big));
    sampling = false;
    await sampler;
    const hwm = procStatusMb(pid, 'VmHWM');
    if (upload.status !== 202) throw new Error(`the ${X_BIG_ROWS}-row .xlsx answered ${upload.status}: ${upload.body.slice(0, 500)}`);
    const { data } = JSON.parse(upload.body) as { data: { job_id: string; rows: JobStatus['rows'] } };
    await call('POST', `${bigApi.url}/v1/bulk/jobs/${data.job_id}/cancel`, keys.sandbox);
    const peak = Math.max(hwm, peakRss);
    const intakeMs = upload.answeredAt - started;
    print(
      '',
      `### (x) memory while a ${fmt(X_BIG_ROWS + 1)}-row .xlsx (Excel's last row; ${fmt(big.length / MB, 1)} MB, ${fmt(X_BIG_ROWS)} data rows, ${fmt(2 * X_BIG_ROWS + 2)} shared strings) is accepted: upload → 202 in ${seconds(intakeMs)} (${fmt((X_BIG_ROWS * 1000) / intakeMs)} rows/s)`,
      '',
      '| process | before upload | peak until 202 | target | met |',
      '|---|---|---|---|---|',
      `| API process RSS (VmHWM; VmRSS polled every 50 ms: ${fmt(peakRss)} MB) | ${fmt(startRss)} MB | **${fmt(peak)} MB** | < 400 MB | ${peak < 400 ? 'yes' : 'NO'} |`,
      '',
      `Rows accepted: ${fmt(data.rows.valid)} valid of ${fmt(data.rows.total)}; job cancelled after the 202.`,
    );
  } finally {
    await stopChild(bigApi.child);
  }
}

async function main(): Promise<void> {
  // The product's default first; BENCH_REDIS_FSYNC=always,everysec adds the pair's other half, run after it.
  for (const appendfsync of FSYNC_MODES) await runWith(appendfsync);
}

async function runWith(appendfsync: AppendFsync): Promise<void> {
  const benchStarted = performance.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-bench-bulk-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const redis: ManagedRedis = await startManagedRedis({ dataDir, appendfsync });
  cleanups.push(() => redis.stop());
  const sim = await startSimulator({ port: 0 });
  cleanups.push(() => sim.close());
  sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: LATENCY_MS } } });
  // Only the GSP answers gst.verify, so every live row passes its limit of 32 in flight.
  const sourcesFile = await writeSimSources(sim.url, {}, (document) => {
    document.checks['gst.verify'] = ['gsp'];
    Object.assign(document.sources.gsp as object, { max_in_flight: LIMIT, max_rate_per_second: 0, timeout_ms: 3_000 });
  });
  cleanups.push(() => rm(path.dirname(sourcesFile), { recursive: true, force: true }));
  const known = loadSandboxRegistry().identifiers('gstin');

  // BV_REDIS_FSYNC: the API processes' start-up check accepts the mode measured.
  const env = { PORT: '0', REDIS_URL: redis.url, BV_ADMIN_TOKEN: ADMIN, BV_DATA_DIR: dataDir, BV_KEY_PREFIX: KEY_PREFIX, BV_SOURCES: sourcesFile, BV_REDIS_FSYNC: appendfsync };
  const probe = new Redis(redis.url);
  const redisVersion = /redis_version:(\S+)/.exec(await probe.info('server'))?.[1] ?? '?';
  probe.disconnect();
  print(
    '',
    `bench:bulk on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, redis-server ${redisVersion} with appendfsync ${appendfsync}; ` +
      `API and worker processes compiled (npm run build, as npm start runs them), loopback only`,
  );

  if (parts.includes('a')) {
    const api = await startApi(env);
    try {
      await partA(api.url, await createAccount(api.url), known, redis.url);
    } catch (error) {
      console.error(`API process output (tail):\n${api.tail().slice(-3_000)}`);
      throw error;
    } finally {
      await stopChild(api.child);
    }
  }
  if (parts.includes('b')) await partB(env, known, sim);
  if (parts.includes('c')) await partC(env, redis.url);
  if (parts.includes('x')) await partX(env, known);
  if (parts.includes('i')) await partI(env, sim);
  print('', `(bench wall time ${seconds(performance.now() - benchStarted)}, appendfsync ${appendfsync})`);
  // Stopped now, not at the end: the next mode's run gets the machine to itself.
  await redis.stop();
}

async function cleanUp(): Promise<void> {
  await stopAllChildren();
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('clean-up failed:', error));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  console.error('bench:bulk failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
