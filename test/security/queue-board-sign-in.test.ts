import { createHmac } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { boardSetCookie } from '../../src/api/queue-board-auth.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const READ_ONLY = 'read-only-board-token-4b7c1e9a0d';
const ORIGIN = 'http://localhost';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

/** The first part (name=value) of each Set-Cookie header, by name, and the whole headers. */
function cookiesOf(response: LightMyRequestResponse): Map<string, { pair: string; header: string }> {
  const raw = response.headers['set-cookie'];
  const headers = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(headers.map((header) => [header.split('=')[0] as string, { pair: header.split(';')[0] as string, header }]));
}

/**
 * The queue boards' sign-in (docs/operations.md "Queue boards"): a form POST, never a token in the address;
 * a cookie that is not the token, scoped to one board; a read-only board for a second token
 * that cannot change a real BullMQ job.
 */
describe('queue board sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_ADMIN_READONLY_TOKEN: READ_ONLY, BV_ADMIN_AUTH_FAILURES_PER_MINUTE: '5' } });
  });
  afterAll(() => t?.close());

  const signIn = (token: string, headers: Record<string, string> = FORM, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/admin/queues-sign-in', headers, payload: new URLSearchParams({ token }).toString(), remoteAddress });
  const cookieFor = async (token: string) => {
    const response = await signIn(token);
    expect(response.statusCode, response.body).toBe(303);
    return [...cookiesOf(response).values()].find((c) => !/Max-Age=0/.test(c.header))!.pair;
  };

  it('shows a form that posts the token, on a page that loads nothing and cannot be framed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/queues-sign-in' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<form method="post" action="/admin/queues-sign-in">');
    expect(page.body).toContain('name="token" type="password"');
    expect(page.body).not.toContain(ADMIN_TOKEN);
  });

  it('no longer signs in with ?token= in the address, and points to the form', async () => {
    for (const url of [`/admin/queues?token=${ADMIN_TOKEN}`, `/admin/queues/queue/webhooks?status=failed&token=${encodeURIComponent(ADMIN_TOKEN)}`, `/admin/queues?%74oken=${ADMIN_TOKEN}`, `/admin/queues-read-only?token=${READ_ONLY}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['set-cookie'], url).toBeUndefined();
      expect(response.json().error.code).toBe('AUTH_INVALID_KEY');
      expect(response.json().error.message).toContain('no longer takes ?token=');
      expect(response.json().error.message).toContain('/admin/queues-sign-in');
    }
    // Nor on the form's own address: the token is read from the body only.
    const posted = await t.app.inject({ method: 'POST', url: `/admin/queues-sign-in?token=${ADMIN_TOKEN}`, headers: FORM, payload: '' });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers['set-cookie']).toBeUndefined();
  });

  it('trades the admin token, posted from the form, for an HttpOnly, SameSite=Strict cookie scoped to the full board that is not the token', async () => {
    const response = await signIn(ADMIN_TOKEN);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/queues');
    expect(response.headers['cache-control']).toBe('no-store');
    const cookies = cookiesOf(response);
    const set = cookies.get('bv_queues')!.header;
    expect(set).toMatch(/^bv_queues=\d{13}\.[0-9a-f]{64}; Path=\/admin\/queues; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(set).not.toContain(ADMIN_TOKEN);
    // Plain HTTP here: not Secure (the browser would never send it back). Over HTTPS it is.
    expect(boardSetCookie('full', 'v', 60, true)).toMatch(/; Secure$/);
    // Any read-only sign-in of this browser ends.
    expect(cookies.get('bv_queues_ro')!.header).toBe('bv_queues_ro=; Path=/admin/queues-read-only; Max-Age=0; HttpOnly; SameSite=Strict');

    const cookie = cookies.get('bv_queues')!.pair;
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie: `other=1; ${cookie}` } })).statusCode).toBe(200);
    // It opens the board only: not the admin API, not /metrics, not the read-only board under its name.
    expect((await t.app.inject({ method: 'GET', url: `/admin/v1/accounts/${t.accountId}`, headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues-read-only/api/queues', headers: { cookie: cookie.replace('bv_queues=', 'bv_queues_ro=') } })).statusCode).toBe(401);

    // Altered, expired, or made the old way (no board in the MAC): refused.
    const [expires, mac] = cookie.slice('bv_queues='.length).split('.') as [string, string];
    const refused = async (value: string) => (await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie: `bv_queues=${value}` } })).statusCode;
    expect(await refused(`${Number(expires) + 1000}.${mac}`)).toBe(401);
    const mint = (payload: string) => createHmac('sha256', ADMIN_TOKEN).update(payload).digest('hex');
    const soon = Date.now() + 60_000;
    expect(await refused(`${soon}.${mint(`queue-board|full|${soon}`)}`)).toBe(200);
    expect(await refused(`${Date.now() - 1}.${mint(`queue-board|full|${Date.now() - 1}`)}`)).toBe(401);
    expect(await refused(`${soon}.${mint(`queue-board|${soon}`)}`)).toBe(401);
  });

  it('signs the read-only token in to the read-only board only', async () => {
    const response = await signIn(READ_ONLY);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/queues-read-only');
    const set = cookiesOf(response).get('bv_queues_ro')!.header;
    expect(set).toMatch(/^bv_queues_ro=\d{13}\.[0-9a-f]{64}; Path=\/admin\/queues-read-only; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(set).not.toContain(READ_ONLY);
    const cookie = cookiesOf(response).get('bv_queues_ro')!.pair;
    const listing = await t.app.inject({ method: 'GET', url: '/admin/queues-read-only/api/queues', headers: { cookie } });
    expect(listing.statusCode).toBe(200);
    const queues = (listing.json() as { queues: { name: string; readOnlyMode: boolean }[] }).queues;
    expect(queues.map((q) => [q.name, q.readOnlyMode]).sort()).toEqual([['bulk-finalize', true], ['bulk-verify', true], ['portfolios', true], ['webhooks', true]]);
    const page = await t.app.inject({ method: 'GET', url: '/admin/queues-read-only', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<base href="/admin/queues-read-only/"');
    // Neither the cookie (renamed) nor the token as a bearer opens the full board.
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie: cookie.replace('bv_queues_ro=', 'bv_queues=') } })).statusCode).toBe(401);
    const bearer = await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: `Bearer ${READ_ONLY}` } });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().error.message).toContain('opens /admin/queues-read-only');
  });

  it('refuses a sign-in or sign-out posted from another site (Origin, Sec-Fetch-Site), and sets no cookie', async () => {
    const crossSite: Record<string, string>[] = [
      { 'content-type': FORM['content-type'], origin: 'http://evil.example' },
      { 'content-type': FORM['content-type'], origin: 'http://localhost:8081' },
      { 'content-type': FORM['content-type'], origin: 'null' },
      { 'content-type': FORM['content-type'], 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await signIn(ADMIN_TOKEN, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).toContain('Refused: this form must be sent from this site');
      const out = await t.app.inject({ method: 'POST', url: '/admin/queues-sign-out', headers, payload: '' });
      expect(out.statusCode).toBe(403);
      expect(out.headers['set-cookie']).toBeUndefined();
    }
    // A client that is not a browser sends no Origin; it carries no one else's cookie.
    expect((await signIn(ADMIN_TOKEN, { 'content-type': FORM['content-type'] })).statusCode).toBe(303);
  });

  it('signs out by removing both boards\' cookies', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/admin/queues-sign-out', headers: FORM, payload: '' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/queues-sign-in?signed-out');
    const cookies = cookiesOf(response);
    expect(cookies.get('bv_queues')!.header).toBe('bv_queues=; Path=/admin/queues; Max-Age=0; HttpOnly; SameSite=Strict');
    expect(cookies.get('bv_queues_ro')!.header).toBe('bv_queues_ro=; Path=/admin/queues-read-only; Max-Age=0; HttpOnly; SameSite=Strict');
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues-sign-in?signed-out' })).body).toContain('Signed out.');
  });

  it('counts wrong tokens posted to the form against the address, then turns the right one away too', async () => {
    const from = '10.20.30.40';
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await signIn(`wrong-token-${i}-0123456789`, FORM, from));
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(answers[0]!.body).toContain('That token was refused.');
    expect(Number(answers[6]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const right = await signIn(ADMIN_TOKEN, FORM, from);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    // Another address is not affected.
    expect((await signIn(ADMIN_TOKEN, FORM, '10.20.30.41')).statusCode).toBe(303);
  });

  describe('a real BullMQ job', () => {
    let connection: Redis;
    let worker: Worker;
    let jobId: string;

    beforeAll(async () => {
      // A job that fails at once, on the app's own webhooks queue (no pool runs in this app).
      const queue = t.deps.queues.webhooks;
      connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
      const fail = async (): Promise<void> => {
        throw new UnrecoverableError('failed on purpose');
      };
      worker = new Worker(queue.name, fail, { connection, prefix: queue.opts.prefix });
      const job = await queue.add('deliver', { jobId: 'bulk_test', event: 'job.completed', accountId: t.accountId } as never, { jobId: 'board-test-job' });
      jobId = job.id!;
      for (let i = 0; (await queue.getJobState(jobId)) !== 'failed'; i++) {
        if (i > 200) throw new Error(`the job did not fail: ${await queue.getJobState(jobId)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await worker.close();
    });
    afterAll(async () => {
      await worker?.close();
      await connection?.quit();
    });

    it('cannot be retried, removed or its queue paused with the read-only token, by cookie or bearer, on either board', async () => {
      const queue = t.deps.queues.webhooks;
      const readOnlyCookie = await cookieFor(READ_ONLY);
      const actions = [
        ['PUT', `/api/queues/webhooks/${jobId}/retry`],
        ['PUT', `/api/queues/webhooks/${jobId}/clean`],
        ['PUT', '/api/queues/webhooks/retry/failed'],
        ['PUT', '/api/queues/webhooks/clean/failed'],
        ['PUT', '/api/queues/webhooks/pause'],
        ['PUT', '/api/queues/pause'],
        ['PUT', '/api/queues/webhooks/obliterate'],
        ['POST', '/api/queues/webhooks/add'],
        ['PATCH', `/api/queues/webhooks/${jobId}/update-data`],
      ] as const;
      for (const [method, path] of actions) {
        for (const [who, headers] of [
          ['the read-only cookie', { cookie: readOnlyCookie }],
          ['the read-only token', { authorization: `Bearer ${READ_ONLY}` }],
          // The full token does not make the read-only board change anything either.
          ['the admin token', { authorization: `Bearer ${ADMIN_TOKEN}` }],
        ] as const) {
          const response = await t.app.inject({ method, url: `/admin/queues-read-only${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
          expect(response.statusCode, `${method} ${path} with ${who}`).toBe(401);
          expect(response.headers.allow).toBe('GET, HEAD');
          expect(response.json().error.message).toContain('only shows the queues');
        }
        for (const headers of [{ cookie: readOnlyCookie.replace('bv_queues_ro=', 'bv_queues=') }, { authorization: `Bearer ${READ_ONLY}` }]) {
          const response = await t.app.inject({ method, url: `/admin/queues${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
          expect(response.statusCode, `${method} /admin/queues${path}`).toBe(401);
        }
      }
      expect(await queue.getJobState(jobId)).toBe('failed');
      expect(await queue.isPaused()).toBe(false);
      expect(await queue.getJobCounts('waiting', 'failed')).toEqual({ waiting: 0, failed: 1 });

      // The read-only board shows the job.
      const shown = await t.app.inject({ method: 'GET', url: `/admin/queues-read-only/api/queues/webhooks/${jobId}`, headers: { cookie: readOnlyCookie } });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().job.failedReason).toBe('failed on purpose');

      // The same actions are real: the full board's cookie retries the job and pauses the queue.
      const fullCookie = await cookieFor(ADMIN_TOKEN);
      const retried = await t.app.inject({ method: 'PUT', url: `/admin/queues/api/queues/webhooks/${jobId}/retry`, headers: { cookie: fullCookie } });
      expect(retried.statusCode, retried.body).toBeLessThan(300);
      expect(await queue.getJobState(jobId)).toBe('waiting');
      const paused = await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/webhooks/pause', headers: { cookie: fullCookie } });
      expect(paused.statusCode, paused.body).toBeLessThan(300);
      expect(await queue.isPaused()).toBe(true);
      await queue.resume();
    });
  });
});
