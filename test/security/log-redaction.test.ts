import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hideInLogs, loggableUrl } from '../../src/logger.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { scenario } from '../helpers/scenarios.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { writeSimSources } from '../helpers/sim-sources.js';

const ADMIN = 'admin-token-that-must-never-be-logged-7f3e9a';
/** A PAN holder's name as a caller sends it: unusual, so a match in the logs is this and nothing else. */
const SENT_NAME = 'Zebediah Quixote Holmberg';
const INDIVIDUAL = scenario('individual-pan').identifiers;
const COMPANY_PAN = scenario('clean-company').identifiers.pan!;
const FAULT_PAN = 'ZZZCZ5030Z';

/**
 * Two real API processes (as `npm start` runs them, workers included) on one Redis, logging at
 * `trace`, the most they ever log, with live keys served by the upstream simulator. Calls made
 * with keys, the admin token, PAN holder names and results holding names; then the captured
 * output of both is searched for every secret and name sent or answered.
 */
describe('logs of real API processes', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;
  /** Everything that must never appear in a log line, with what it is. */
  const secrets = new Map<string, string>([
    [ADMIN, 'the admin token'],
    [SENT_NAME, 'a PAN holder name sent by a caller'],
  ]);
  let startOutput = { a: 0, b: 0 };

  const call = async (server: ServerProcess, method: string, url: string, authorization: string | undefined, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(authorization === undefined ? {} : { authorization }), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as { data: Record<string, unknown> } & Record<string, unknown> };
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-logs-'));
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:logs${process.pid}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_SOURCES: await writeSimSources(sim.url, { timeout_ms: 2_000 }),
      BV_WEBHOOK_ATTEMPTS: '1',
      LOG_LEVEL: 'trace',
    };
    [a, b] = await Promise.all([startServerProcess(env, 60_000), startServerProcess(env, 60_000)]);
    // What each printed before the calls: the first start prints its own sandbox key, on purpose, once.
    startOutput = { a: a.output().length, b: b.output().length };
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sim?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes calls carrying keys, the admin token and holder names, on both processes', async () => {
    const created = (await call(a, 'POST', '/admin/v1/accounts', `Bearer ${ADMIN}`, { name: 'Logs Account', balance_inr: 1000 })).json();
    const sandboxKey = created.sandbox_key as string;
    const liveKey = created.live_key as string;
    secrets.set(sandboxKey, 'a sandbox API key').set(liveKey, 'a live API key');
    for (const key of [sandboxKey, liveKey]) secrets.set(key.split('_').at(-1)!, 'the secret part of an API key');
    const wrongKey = `${sandboxKey.slice(0, -6)}ABCDEF`;
    secrets.set(wrongKey, 'a wrong API key');

    for (const [server, key] of [[a, sandboxKey], [b, sandboxKey], [b, liveKey]] as const) {
      const bearer = `Bearer ${key}`;
      // PAN Verify with a name, of an individual (name masked in the answer), a company and a fault trigger.
      const individual = await call(server, 'POST', '/v1/pan/verify', bearer, { pan: INDIVIDUAL.pan, name: SENT_NAME });
      expect(individual.status, individual.text).toBe(200);
      expect((await call(server, 'POST', '/v1/pan/verify', bearer, { pan: COMPANY_PAN, name: SENT_NAME })).status).toBe(200);
      expect((await call(server, 'POST', '/v1/pan/verify', bearer, { pan: FAULT_PAN, name: SENT_NAME })).status).toBe(503);
      // A proprietor's GST legal name is the holder's full name (shown by GST Verify, never logged).
      const gst = await call(server, 'POST', '/v1/gst/verify', bearer, { gstin: INDIVIDUAL.gstin });
      expect(gst.status, gst.text).toBe(200);
      secrets.set(gst.json().data.legal_name as string, "a proprietor's full name from GST Verify");
      // Refused calls: a name that is too long, a malformed body, with an Idempotency-Key.
      expect((await call(server, 'POST', '/v1/pan/verify', bearer, { pan: INDIVIDUAL.pan, name: `${SENT_NAME} ${'x'.repeat(300)}` })).status).toBe(400);
      expect((await call(server, 'POST', '/v1/pan/verify', bearer, `{"pan":"${INDIVIDUAL.pan}","name":"${SENT_NAME}"`, { 'idempotency-key': 'logs-1' })).status).toBe(400);
      expect((await call(server, 'POST', '/v1/business360', bearer, { pan: COMPANY_PAN })).status).toBeLessThan(500);
    }
    const bearer = `Bearer ${sandboxKey}`;
    // Keys where they do not belong: a wrong one, one in the query string, a customer key on the admin API.
    expect((await call(a, 'GET', '/v1/wallet', `Bearer ${wrongKey}`)).status).toBe(401);
    expect((await call(a, 'GET', `/v1/wallet?api_key=${sandboxKey}`, undefined)).status).toBe(401);
    expect((await call(b, 'GET', `/v1/wallet?key=${encodeURIComponent(bearer)}`, bearer)).status).toBeLessThan(500);
    expect((await call(a, 'GET', '/admin/v1/reconcile', bearer)).status).toBe(401);
    expect((await call(a, 'GET', `/admin/v1/accounts/${created.account_id as string}`, `Bearer ${ADMIN}x`)).status).toBe(401);
    // Keys and the admin token in URLs under names that say nothing, encoded or split by an encoded character.
    const encodeAll = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    secrets.set(encodeAll(sandboxKey), 'a wholly percent-encoded API key').set(encodeAll(ADMIN), 'the percent-encoded admin token');
    for (const url of [
      `/v1/wallet?q=${encodeAll(sandboxKey)}`,
      `/v1/wallet?q=${sandboxKey.replace(/_([^_]+)$/, '%5F$1')}`,
      `/v1/bulk/jobs/${encodeAll(liveKey)}`,
      `/healthz?next=${ADMIN}`,
      `/healthz?next=${encodeAll(ADMIN)}`,
    ]) {
      expect((await call(b, 'GET', url, undefined)).status).toBeLessThan(500);
    }
    // The operator's views: metrics with the token, the queue board's sign-in form, and the
    // token in the board's address (refused, and still not logged).
    expect((await call(b, 'GET', '/metrics', `Bearer ${ADMIN}`)).status).toBe(200);
    const signIn = await fetch(`${b.baseUrl}/admin/queues-sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: b.baseUrl },
      body: new URLSearchParams({ token: ADMIN }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    expect((await call(b, 'GET', `/admin/queues?token=${encodeURIComponent(ADMIN)}`, undefined)).status).toBe(401);
    // The webhook secret, and a bulk job of PAN rows with holder names that the workers verify.
    secrets.set((await call(a, 'GET', '/v1/webhooks/secret', bearer)).json().data.secret as string, 'the webhook signing secret');
    const job = await call(a, 'POST', '/v1/bulk/jobs', bearer, {
      operation: 'pan.verify',
      rows: [{ pan: INDIVIDUAL.pan, name: SENT_NAME }, { pan: FAULT_PAN, name: SENT_NAME }, { pan: 'not a pan', name: SENT_NAME }],
      webhook_url: 'http://127.0.0.1:9/hooks',
    });
    // A loopback webhook is refused by default; the same job without it runs.
    expect(job.status).toBe(400);
    const accepted = await call(a, 'POST', '/v1/bulk/jobs', bearer, {
      operation: 'pan.verify',
      rows: [{ pan: INDIVIDUAL.pan, name: SENT_NAME }, { pan: FAULT_PAN, name: SENT_NAME }, { pan: 'not a pan', name: SENT_NAME }],
    });
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.json().data.job_id as string;
    let status = '';
    for (let i = 0; i < 600 && !['completed', 'failed', 'cancelled'].includes(status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await call(b, 'GET', `/v1/bulk/jobs/${jobId}`, bearer)).json().data.status as string;
    }
    expect(status).toBe('completed');
    expect((await call(b, 'GET', `/v1/bulk/jobs/${jobId}/results.jsonl`, bearer)).text).toContain(SENT_NAME);

    // The same rows as a CSV upload: the multipart plugin logs its options, request headers
    // included, at trace.
    const form = new FormData();
    form.append('file', new Blob([`pan,name\n${INDIVIDUAL.pan},${SENT_NAME}\n`], { type: 'text/csv' }), 'names.csv');
    for (const server of [a, b]) {
      const uploaded = await fetch(`${server.baseUrl}/v1/bulk/jobs?operation=pan.verify`, { method: 'POST', headers: { authorization: bearer }, body: form });
      expect(uploaded.status, await uploaded.text()).toBe(202);
    }
  }, 120_000);

  it('revokes a key in both processes at once', async () => {
    const account = (await call(a, 'POST', '/admin/v1/accounts', `Bearer ${ADMIN}`, { name: 'Revocation', balance_inr: 10 })).json();
    const issued = (await call(a, 'POST', `/admin/v1/accounts/${account.account_id as string}/keys`, `Bearer ${ADMIN}`, { environment: 'sandbox' })).json();
    secrets.set(issued.api_key as string, 'a revoked API key');
    const bearer = `Bearer ${issued.api_key as string}`;
    // Both processes have it cached.
    expect((await call(a, 'GET', '/v1/wallet', bearer)).status).toBe(200);
    expect((await call(b, 'GET', '/v1/wallet', bearer)).status).toBe(200);
    expect((await call(a, 'DELETE', `/admin/v1/keys/${issued.key_id as string}`, `Bearer ${ADMIN}`)).status).toBe(204);
    expect((await call(b, 'GET', '/v1/wallet', bearer)).status).toBe(401);
    expect((await call(a, 'GET', '/v1/wallet', bearer)).status).toBe(401);
  });

  it('never writes a key, an Authorization header, the admin token, a holder name or a secret to the log', async () => {
    // Let the last lines (workers, request completions) reach the pipes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logs = { a: a.output().slice(startOutput.a), b: b.output().slice(startOutput.b) };
    for (const [name, text] of Object.entries(logs)) {
      // The logs are there and are detailed: trace level, request lines, upstream calls.
      expect(text.length, `process ${name} logged nothing`).toBeGreaterThan(1000);
      expect(text).toContain('"msg":"incoming request"');
      for (const [secret, what] of secrets) {
        expect(text.includes(secret), `${what} appears in process ${name}'s log: …${text.slice(Math.max(0, text.indexOf(secret) - 200), text.indexOf(secret) + 100)}…`).toBe(false);
      }
      expect(text).not.toMatch(/bv_(test|live)_[a-z0-9]{12}_[A-Za-z0-9]{10,}/);
      expect(text).not.toMatch(/"authorization":"(?!\[redacted\])/i);
    }
    // The live calls went through the adapters (so their logging was exercised too).
    expect(logs.a + logs.b).toContain('upstream answered');
    expect(logs.a + logs.b).toContain('[redacted]');
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/admin/queues?status=failed&token=secret&x=1', '/admin/queues?status=failed&token=[redacted]&x=1'],
    ['/v1/wallet?api_key=anything', '/v1/wallet?api_key=[redacted]'],
    ['/v1/wallet?apiKey=a&Access_Token=b&auth=c&KEY=d', '/v1/wallet?apiKey=[redacted]&Access_Token=[redacted]&auth=[redacted]&KEY=[redacted]'],
    ['/v1/wallet?q=bv_test_abcdefghijkl_SECRETsecret123', '/v1/wallet?q=bv_test_[redacted]'],
    ['/v1/bulk/jobs/bv_live_abcdefghijkl_SECRET/x', '/v1/bulk/jobs/bv_live_[redacted]/x'],
    ['/v1/x?next=Bearer%20bv_admin_0123456789', '/v1/x?next=Bearer%20bv_admin_[redacted]'],
    ['/v1/bulk/jobs?limit=10&monkey=1', '/v1/bulk/jobs?limit=10&monkey=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  /** Every character percent-encoded, as a client or a proxy may send it. */
  const encodeAll = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  const KEY = 'bv_test_abcdefghijkl_SECRETsecret123';
  /** An admin token of the operator's choosing: any 16+ characters, nothing like bv_admin_. */
  const OPERATOR_TOKEN = 'Operator/Chosen token&=+42!';
  hideInLogs(OPERATOR_TOKEN);

  it.each([
    ['a key percent-encoded under any name', `/v1/wallet?q=bv%5Ftest%5Fabcdefghijkl%5FSECRETsecret123`, '/v1/wallet?q=[redacted]'],
    ['a key wholly encoded', `/v1/wallet?q=${encodeAll(KEY)}`, '/v1/wallet?q=[redacted]'],
    ['a key split by one encoded character', '/v1/wallet?q=bv_test_abcdefghijkl%5FSECRETsecret123', '/v1/wallet?q=[redacted]'],
    ['a key encoded twice', '/v1/wallet?q=bv%255Ftest%255Fabcdefghijkl%255FSECRET', '/v1/wallet?q=[redacted]'],
    ['a key encoded in a path segment', `/v1/bulk/jobs/${encodeAll(KEY)}/results`, '/v1/bulk/jobs/[redacted]/results'],
    ['a key under an encoded secret name', '/v1/wallet?api%5Fkey=abc&x=1', '/v1/wallet?api%5Fkey=[redacted]&x=1'],
    ['secret-named values', '/cb?client_secret=a&X-Api-Key=b&sig=c&password=d&Signature=e&refresh_token=f&page=2', '/cb?client_secret=[redacted]&X-Api-Key=[redacted]&sig=[redacted]&password=[redacted]&Signature=[redacted]&refresh_token=[redacted]&page=2'],
    ['a bearer credential of any shape', '/v1/x?next=Bearer%20abcdef123456', '/v1/x?next=[redacted]'],
    ['the admin token as it is', `/admin/queues?next=${OPERATOR_TOKEN}`, '/admin/queues?[redacted]'],
    ['the admin token form-encoded', `/admin/queues?next=${encodeURIComponent(OPERATOR_TOKEN).replace(/%20/g, '+')}`, '/admin/queues?next=[redacted]'],
    ['the admin token wholly encoded in a path', `/admin/v1/accounts/${encodeAll(OPERATOR_TOKEN)}`, '/admin/v1/accounts/[redacted]'],
    ['the admin token raw in a path (its / spans segments)', `/admin/v1/${OPERATOR_TOKEN.split('?')[0]}/x`, '/[redacted]'],
  ])('hides %s: %s', (_what, url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
    for (const secret of ['SECRET', 'Chosen', '42!', 'abcdef123456']) expect(decodeURIComponent(decodeURIComponent(loggableUrl(url)))).not.toContain(secret);
  });
});
