import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startServerProcess } from '../helpers/server-process.js';
import { startVerifyWorker } from '../helpers/worker-process.js';

/**
 * A pool process asked to stop while it holds a chunk that will not end soon (its row waits
 * half a minute to retry an unavailable source): it exits at BV_SHUTDOWN_TIMEOUT_MS, not when
 * the chunk is done, so a supervisor's grace period is enough.
 */
describe('a process stopped while its pool holds a long chunk', () => {
  let t: TestApp;
  let dataDir: string;
  let worker: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-worker-stop-'));
    t = await createTestApp({ env: { BV_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits at its shutdown deadline, saying so', { timeout: 60_000 }, async () => {
    worker = await startVerifyWorker({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: t.deps.keys.prefix,
      BV_DATA_DIR: dataDir,
      BV_BULK_ROW_BACKOFF_MS: '30000',
      BV_SHUTDOWN_TIMEOUT_MS: '1500',
    });
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: scenario('unavailable-gstin').identifiers.gstin }] });
    expect(created.statusCode, created.body).toBe(202);
    // The row has been tried once and now waits to retry: the chunk is held.
    await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string, (s) => s.status === 'running');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => worker!.once('exit', (code) => resolve(code)));
    worker.kill('SIGTERM');
    expect(await exited).toBe(1);
    const output = (worker as ChildProcess & { output: () => string }).output();
    expect(output).toContain('shutdown took longer than BV_SHUTDOWN_TIMEOUT_MS');
    // Started without BV_SOURCES, it said so: its live-key rows could only fail.
    expect(output).toContain('no BV_SOURCES: the live-key rows this pool takes fail with PROVIDER_UNAVAILABLE');
  });

  it('and so does an API process running its pools', { timeout: 60_000 }, async () => {
    const server = await startServerProcess({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: t.deps.keys.prefix,
      BV_DATA_DIR: dataDir,
      BV_ADMIN_TOKEN: 'shutdown-test-admin-token-0123456789',
      BV_BULK_ROW_BACKOFF_MS: '30000',
      BV_SHUTDOWN_TIMEOUT_MS: '1500',
    });
    const created = await fetch(`${server.baseUrl}/v1/bulk/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'gst.verify', rows: [{ gstin: scenario('unavailable-gstin').identifiers.gstin }] }),
    });
    expect(created.status).toBe(202);
    const { job_id: jobId } = ((await created.json()) as { data: { job_id: string } }).data;
    await waitForJob(t.app, t.sandboxKey, jobId, (s) => s.status === 'running');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await server.stop('SIGTERM')).toBe(1);
    expect(server.output()).toContain('shutdown took longer than BV_SHUTDOWN_TIMEOUT_MS');
  });
});
