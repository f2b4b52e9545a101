import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../src/domain/operations.js';
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
