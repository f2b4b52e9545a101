import pLimit from 'p-limit';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../src/domain/operations.js';
import type { ChunkPayload } from '../../src/queue/names.js';
import { processChunk, type ChunkDeps } from '../../src/bulk/process-chunk.js';
import type { RowOutcome, VerifyRow } from '../../src/bulk/verify-row.js';
import type { CheckHandlers, Source } from '../../src/sources/port.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createSandboxSource } from '../../src/sources/sandbox/sandbox-source.js';
import type { SourceChains } from '../../src/sources/verifier.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CHUNK_ROWS = 10;
const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 60);
const chunkOf = new Map(gstins.map((gstin, index) => [gstin, Math.floor(index / CHUNK_ROWS)]));

/** The sandbox, 20 ms slower per call, counting the rows in flight per chunk and in all. */
function watchedSandbox() {
  const sandbox = createSandboxSource(loadSandboxRegistry());
  const seen = { inFlight: 0, most: 0, perChunk: new Map<number, number>(), mostOfOneChunk: 0 };
  const handlers: CheckHandlers = {};
  for (const check of CHECK_NAMES) {
    const inner = sandbox.handlers[check] as (input: unknown, context: unknown) => Promise<never>;
    (handlers as Record<string, unknown>)[check] = async (input: { gstin?: string }, context: unknown) => {
      const chunk = chunkOf.get(input.gstin ?? '') ?? -1;
      seen.most = Math.max(seen.most, ++seen.inFlight);
      const mine = (seen.perChunk.get(chunk) ?? 0) + 1;
      seen.perChunk.set(chunk, mine);
      seen.mostOfOneChunk = Math.max(seen.mostOfOneChunk, mine);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await inner(input, context);
      } finally {
        seen.inFlight--;
        seen.perChunk.set(chunk, (seen.perChunk.get(chunk) ?? 1) - 1);
      }
    };
  }
  const source: Source = { name: 'watched-sandbox', handlers };
  const chain = Object.fromEntries(CHECK_NAMES.map((check) => [check, [source]])) as unknown as SourceChains['sandbox'];
  return { chains: { sandbox: chain, live: chain }, seen };
}

/**
 * A verify process's row slots (chunks at once × rows per chunk) are shared by its chunks,
 * first come first served: a chunk's tail leaves its slots to the next chunks' rows instead
 * of idle, so chunks started together do not all end together with the slots empty.
 */
describe('bulk row slots shared by the chunks of a process', () => {
  let t: TestApp;
  const watched = watchedSandbox();

  beforeAll(async () => {
    t = await createTestApp({
      chains: watched.chains,
      env: { BV_WORKER_CONCURRENCY: '2', BV_BULK_ROW_CONCURRENCY: '3', BV_BULK_CHUNK_ROWS: String(CHUNK_ROWS) },
    });
    t.deps.startWorkers({ verify: true, finalize: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never runs more rows than chunks × rows per chunk, and lets one chunk use slots another left', { timeout: 60_000 }, async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) });
    expect(created.statusCode, created.body).toBe(202);
    const { job_id: jobId } = created.json().data as { job_id: string };
    const status = await waitForJob(t.app, t.sandboxKey, jobId);
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ done: gstins.length, ok: gstins.length });
    expect(watched.seen.most).toBeLessThanOrEqual(6);
    expect(watched.seen.most).toBeGreaterThanOrEqual(4);
    // Capped per chunk, a chunk could never have more than 3 rows in flight.
    expect(watched.seen.mostOfOneChunk).toBeGreaterThan(3);
  });
});

/**
 * The slots are held only while a row is being verified: a row waiting out its retry backoff
 * leaves its slot to other rows (another job's, whose source is fine), and once a row of a
 * chunk threw, the chunk's rows still queued stop instead of calling upstreams for nothing.
 * Run on the real stores with the chunks a real upload queued; only the row's verification
 * is a stand-in.
 */
describe('bulk row slots under retries and failures', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: String(CHUNK_ROWS) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Uploads `rows` GSTINs (workers not started) and returns the queued chunks' payloads. */
  async function queuedChunks(rows: number): Promise<ChunkPayload[]> {
    const before = new Set((await t.deps.queues.verify.getWaiting()).map((job) => job.id));
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.slice(0, rows).map((gstin) => ({ gstin })) });
    expect(created.statusCode, created.body).toBe(202);
    const queued = (await t.deps.queues.verify.getWaiting()).filter((job) => !before.has(job.id));
    return queued.map((job) => job.data).sort((a, b) => a.chunk - b.chunk);
  }

  function chunkDeps(verifyRow: VerifyRow, rowSlots: ChunkDeps['rowSlots'], backoffMs: number): ChunkDeps {
    const { bulkJobs: jobs, wallet, results } = t.deps;
    return { jobs, wallet, results, verifyRow, log: pino({ level: 'silent' }), rowAttempts: 2, rowBackoffMs: backoffMs, rowSlots };
  }

  it('frees a row\'s slot while it waits to retry', { timeout: 30_000 }, async () => {
    const [chunk] = await queuedChunks(CHUNK_ROWS);
    const slots = pLimit(4);
    let attempts = 0;
    let heldDuringBackoff = -1;
    const unavailable: RowOutcome = { status: 'failed', data: null, error: { code: 'PROVIDER_UNAVAILABLE', message: 'down' }, costPaise: 0, retryable: true };
    const verifyRow: VerifyRow = async () => {
      attempts++;
      // The last first attempt: every other row is in its backoff by now, and holds no slot.
      if (attempts === CHUNK_ROWS) heldDuringBackoff = slots.activeCount - 1;
      return unavailable;
    };
    // Backoff up to 1 s with full jitter: the ten first attempts take a few ms, so a retry
    // rarely starts among them. Held through the backoff, the four slots would still be taken
    // by rows waiting to retry when the last row finally gets its first attempt.
    await processChunk(chunk as ChunkPayload, chunkDeps(verifyRow, slots, 1_000));
    expect(attempts).toBe(2 * CHUNK_ROWS);
    expect(heldDuringBackoff).toBeLessThan(3);
  });

  it('stops the chunk\'s queued rows once one of them threw, and fails the chunk', { timeout: 30_000 }, async () => {
    const [chunk] = await queuedChunks(CHUNK_ROWS);
    let calls = 0;
    // The first row's answer cannot be kept (JSON has no BigInt): the chunk fails there.
    const verifyRow: VerifyRow = async () => ({ status: 'ok', data: { n: calls++ === 0 ? 1n : 1 }, error: null, costPaise: 0, retryable: false });
    await expect(processChunk(chunk as ChunkPayload, chunkDeps(verifyRow, pLimit(1), 10))).rejects.toThrow(/BigInt/);
    // One slot: the next row may already have it when the first one's answer fails, but
    // the eight behind it were still queued and none of them was verified.
    expect(calls).toBeLessThanOrEqual(2);
  });
});
