import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startManagedRedis } from '../../src/runtime/managed-redis.js';
import { startServerProcess } from '../helpers/server-process.js';

const ADMIN = 'outage-test-admin-token-0123456789';

/** A real API process whose Redis stops: what its callers and its operator see meanwhile. */
describe('an API process whose Redis goes away', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, not a 500, and logs the outage through its logger', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-outage-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const redis = await startManagedRedis({ dataDir });
    cleanup.push(() => redis.stop());
    const server = await startServerProcess({ REDIS_URL: redis.url, BV_DATA_DIR: dataDir, BV_ADMIN_TOKEN: ADMIN });
    // SIGKILL at the end: a process whose Redis is gone need not be let to drain.
    cleanup.push(() => server.stop('SIGKILL'));
    const created = await fetch(`${server.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'outage', balance_inr: 10 }),
    });
    const { sandbox_key: key } = (await created.json()) as { sandbox_key: string };
    const verify = () =>
      fetch(`${server.baseUrl}/v1/gst/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ gstin: '27AAPFU0939F1ZV' }),
      });
    expect((await verify()).status).toBe(200);

    await redis.stop();
    for (let i = 0; i < 3; i++) {
      const down = await verify();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('2');
      const body = (await down.json()) as { error: { code: string; message: string; retryable: boolean }; meta: { charged: boolean } };
      expect(body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
      expect(body.error.message).toBe('The service cannot reach its data store just now; retry shortly');
      expect(body.meta.charged).toBe(false);
    }
    // ioredis and BullMQ print each connection error themselves when nothing listens for it.
    expect(server.output()).not.toContain('Unhandled error event');
    expect(server.output()).toContain('connection error (it reconnects by itself)');
  }, 60_000);
});
