import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { documentedRoutes, envelopeOf, fillPath, type DocumentedRoute } from './routes.js';

const GSTIN = '27AAPFU0939F1ZV';

describe('admin routes refuse customer keys', () => {
  let t: TestApp;
  let adminRoutes: DocumentedRoute[];
  let otherKeyId: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminRoutes = (await documentedRoutes(t.app)).filter((route) => route.security === 'admin');
    const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' })).json() as { key_id: string; api_key: string };
    otherKeyId = issued.key_id;
    otherKey = issued.api_key;
  });
  afterAll(() => t.close());

  it('answers 401 on every admin route (and the queue board) to a sandbox key, a live key, no key and near-miss tokens, and does nothing', async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    const before = {
      account: (await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json(),
      accounts: (await t.admin('GET', '/admin/v1/reconcile')).json().accounts,
      clockOffsetDays: (await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json().offset_days as number,
    };
    const presented: [string, Record<string, string>][] = [
      ['a sandbox key', { authorization: `Bearer ${t.sandboxKey}` }],
      ['a live key', { authorization: `Bearer ${t.liveKey}` }],
      ['no Authorization header', {}],
      ['the admin token without "Bearer"', { authorization: ADMIN_TOKEN }],
      ['the admin token with a character more', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
      ['the admin token less its last character', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
      ['the admin token upper-cased', { authorization: `Bearer ${ADMIN_TOKEN.toUpperCase()}` }],
      ['Basic credentials', { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` }],
      ['the admin token as a cookie', { cookie: `token=${ADMIN_TOKEN}` }],
    ];
    const bodies: Record<string, unknown> = {
      'POST /admin/v1/accounts': { name: 'intruder', balance_inr: 1_000_000 },
      'PATCH /admin/v1/accounts/{id}': { rate_limit_per_minute: 1 },
      'POST /admin/v1/accounts/{id}/sandbox-clock': { advance_days: 7 },
      'POST /admin/v1/accounts/{id}/keys': { environment: 'live' },
      'POST /admin/v1/accounts/{id}/credits': { amount_inr: 1_000_000, reference: 'free money' },
    };
    const targets = [
      ...adminRoutes.map((route) => ({ route, url: fillPath(route, (param) => (param === 'id' ? t.accountId : param === 'keyId' ? otherKeyId : undefined)) })),
      // The queue board is not in the API document: its page and its JSON API.
      ...['/admin/queues', '/admin/queues/api/queues'].map((url) => ({ route: { method: 'GET', path: url } as DocumentedRoute, url })),
    ];
    let refused = 0;
    for (const { route, url } of targets) {
      const body = bodies[`${route.method} ${route.path}`];
      for (const [who, headers] of presented) {
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const what = `${route.method} ${url} with ${who}`;
        if (url.startsWith('/admin/queues') && response.statusCode === 302) {
          // The board's sign-in redirect only ever follows a correct ?token=; never to the board here.
          throw new Error(`${what} redirected to ${String(response.headers.location)}`);
        }
        expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(401);
        expect(response.body, what).not.toContain(t.accountId);
        if (!url.startsWith('/admin/queues')) expect(envelopeOf(response, what).error?.code, what).toBe('AUTH_INVALID_KEY');
        refused += 1;
      }
    }
    expect(refused).toBe(targets.length * presented.length);

    // Nothing changed: no account, credit, key, rate limit or clock, and the key "revoked" still works.
    expect((await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json()).toEqual(before.account);
    expect((await t.admin('GET', '/admin/v1/reconcile')).json().accounts).toBe(before.accounts);
    expect((await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json().offset_days).toBe(before.clockOffsetDays);
    expect((await t.post('/v1/gst/verify', { gstin: GSTIN }, otherKey)).statusCode).toBe(200);
  });
});

describe('revoked keys', () => {
  let t: TestApp;
  /** A second API process on the same Redis (its own auth cache and subscription). */
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ env: { BV_KEY_PREFIX: t.deps.keys.prefix } });
  });
  afterAll(async () => {
    // Clears only its own, unused key prefix: the shared keys go with t.close().
    await other.close();
    await t.close();
  });

  const call = (app: TestApp, key: string, url = '/v1/wallet') => app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('fail at once, in the process that revoked them and in another that had them cached, on every kind of route', async () => {
    const KEYS = 10;
    for (let i = 0; i < KEYS; i++) {
      const environment = i % 2 === 0 ? 'sandbox' : 'live';
      const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment })).json() as { key_id: string; api_key: string };
      // Both processes have authenticated (and cached) the key.
      expect((await call(t, issued.api_key)).statusCode).toBe(200);
      expect((await call(other, issued.api_key)).statusCode).toBe(200);
      expect((await t.admin('DELETE', `/admin/v1/keys/${issued.key_id}`)).statusCode).toBe(204);
      // No waiting: the 204 means every process has dropped it.
      for (const [where, app] of [['the revoking process', t], ['the other process', other]] as const) {
        for (const url of ['/v1/wallet', '/v1/bulk/jobs', '/v1/portfolios']) {
          const response = await call(app, issued.api_key, url);
          expect(response.statusCode, `${url} in ${where}, key ${i}`).toBe(401);
          expect(envelopeOf(response, url).error?.code).toBe('AUTH_INVALID_KEY');
        }
        const post = await app.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key);
        expect(post.statusCode, `POST in ${where}`).toBe(401);
      }
      // Revoking twice is a 404, not a second success.
      expect((await t.admin('DELETE', `/admin/v1/keys/${issued.key_id}`)).statusCode).toBe(404);
    }
    // The account's other keys are untouched.
    expect((await call(other, t.sandboxKey)).statusCode).toBe(200);
  });

  it('are refused before a stored idempotent answer could be replayed to them', async () => {
    const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' })).json() as { key_id: string; api_key: string };
    const send = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/v1/gst/verify',
        headers: { authorization: `Bearer ${issued.api_key}`, 'content-type': 'application/json', 'idempotency-key': 'replay-after-revoke' },
        payload: JSON.stringify({ gstin: GSTIN }),
      });
    expect((await send(other)).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/keys/${issued.key_id}`)).statusCode).toBe(204);
    const replay = await send(other);
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
  });
});
