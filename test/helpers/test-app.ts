import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps, type DepsOverrides } from '../../src/deps.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  sandboxKey: string;
  liveKey: string;
  accountId: string;
  /** POST a JSON body to a path with a key (the sandbox key unless another is given). */
  post(path: string, body: unknown, key?: string | null): Promise<LightMyRequestResponse>;
  admin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on the real test Redis, under a fresh key prefix, with one funded account.
 * Nothing is mocked: sources are the sandbox registry unless a test passes its own chains.
 */
export async function createTestApp(
  overrides: DepsOverrides & { env?: Record<string, string>; /** Another way to the test Redis (a fault proxy). */ redisUrl?: string } = {},
): Promise<TestApp> {
  const keyPrefix = `bvtest:${randomBytes(6).toString('hex')}`;
  // Its own result files too: not the checkout's ./data, which npm start uses.
  const dataDir = overrides.env?.BV_DATA_DIR === undefined ? await mkdtemp(path.join(os.tmpdir(), 'bv-test-app-')) : undefined;
  // Many tests send wrong admin tokens from app.inject's one address on purpose; the throttle
  // of wrong tokens has its own test (test/security/admin-throttle.test.ts).
  const config = loadConfig({
    BV_KEY_PREFIX: keyPrefix,
    LOG_LEVEL: 'silent',
    BV_ADMIN_AUTH_FAILURES_PER_MINUTE: '1000000',
    ...(dataDir === undefined ? {} : { BV_DATA_DIR: dataDir }),
    ...overrides.env,
  });
  const deps = await createDeps({ ...config, redisUrl: overrides.redisUrl ?? inject('redisUrl') }, pino({ level: 'silent' }), overrides);
  const app = await buildApp(deps, { adminToken: ADMIN_TOKEN, readOnlyAdminToken: config.adminReadOnlyToken });

  const admin: TestApp['admin'] = (method, path, body) =>
    app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  // ₹1,000 in each wallet: the tests' figures hold whichever key (and so wallet) a test uses.
  const created = await admin('POST', '/admin/v1/accounts', { name: 'Test account', balance_inr: 1000, sandbox_balance_inr: 1000 });
  const account = created.json() as { account_id: string; sandbox_key: string; live_key: string };

  return {
    app,
    deps,
    sandboxKey: account.sandbox_key,
    liveKey: account.live_key,
    accountId: account.account_id,
    post: (path, body, key = account.sandbox_key) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    admin,
    async close() {
      await app.close();
      // Leave the shared Redis as we found it.
      let cursor = '0';
      do {
        const [next, found] = await deps.redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 500);
        cursor = next;
        if (found.length > 0) await deps.redis.del(...found);
      } while (cursor !== '0');
      await deps.close();
      if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
