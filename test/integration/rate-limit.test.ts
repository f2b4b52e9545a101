import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ADMIN = 'rate-limit-test-admin-token-0123456789';
const GSTIN = '27AAPFU0939F1ZV';

/** Two real API processes sharing one Redis, as two machines behind a load balancer would. */
describe('rate limits across API processes', () => {
  let servers: ServerProcess[] = [];
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-rl-'));
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (server: ServerProcess, key: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/v1/gst/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ gstin: GSTIN }),
    });

  it('refuses the 61st call in a minute with 429 and Retry-After when the limit is 60, whichever process serves it', { timeout: 40_000 }, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const created = await fetch(`${a.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'limited', balance_inr: 100, rate_limit_per_minute: 60 }),
    });
    const account = (await created.json()) as { sandbox_key: string; account_id: string };
    const key = account.sandbox_key;

    // The sliding window weighs the previous minute by how much of it still overlaps; 61
    // calls straddling a minute boundary could then let the 61st through. Start early in a
    // minute (the servers' Redis clock is this machine's clock).
    const msIntoMinute = Date.now() % 60_000;
    if (msIntoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - msIntoMinute + 50));

    const answers: Response[] = [];
    for (let i = 0; i < 60; i++) answers.push(await call(i % 2 === 0 ? a : b, key));
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(answers[0]?.headers.get('ratelimit-limit')).toBe('60');
    expect(answers[0]?.headers.get('ratelimit-remaining')).toBe('59');
    expect(answers[59]?.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(answers[59]?.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    // The 61st, with an Idempotency-Key: a 429 is never stored under it.
    const refused = await call(b, key, { 'idempotency-key': 'after-limit' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as { success: boolean; error: { code: string; retryable: boolean }; meta: { charged: boolean } };
    expect(body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', retryable: true }, meta: { charged: false } });
    expect((await call(a, key)).status).toBe(429);

    // Refused calls were not billed: 60 × ₹0.75 = ₹45 spent of the sandbox wallet's ₹10,000
    // (a sandbox key's calls; the live ₹100 is untouched).
    const books = await fetch(`${a.baseUrl}/admin/v1/accounts/${account.account_id}`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(await books.json()).toMatchObject({ balance_inr: 100, held_inr: 0, sandbox_balance_inr: 9_955, sandbox_held_inr: 0, rate_limit_per_minute: 60 });
  });
});
