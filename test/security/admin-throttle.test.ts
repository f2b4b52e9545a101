import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addressUnit } from '../../src/store/request-guards/admin-attempts.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ADMIN = 'throttle-test-admin-token-5c1d0e';

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** A request from a chosen loopback source address (127.0.0.0/8 is all this machine's); a POST when there is a form. */
function request(baseUrl: string, from: string, agent: http.Agent, pathname: string, headers: Record<string, string> = {}, form?: Record<string, string>): Promise<Answer> {
  const url = new URL(pathname, baseUrl);
  const body = form === undefined ? undefined : new URLSearchParams(form).toString();
  const sentHeaders = body === undefined ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: url.origin };
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: body === undefined ? 'GET' : 'POST', localAddress: from, agent, headers: sentHeaders }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Two real API processes on one Redis: wrong admin tokens from one address, sent to both,
 * are counted together; other addresses are not affected.
 */
describe('wrong admin tokens', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 25 });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-throttle-'));
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:throttle${process.pid}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_RUN_WORKERS: 'false',
      // The suite's shared Redis may run everysec; durability is not what this file tests.
      BV_REDIS_FSYNC: 'everysec',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    agent.destroy();
    await Promise.all([a?.stop(), b?.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After to 1,000 guesses from one address past the 10th, on every process', async () => {
    const answers: Answer[] = [];
    // 40 at a time, alternating between the two processes.
    for (let i = 0; i < 1_000; i += 40) {
      const batch = Array.from({ length: Math.min(40, 1_000 - i) }, (_, j) =>
        request((i + j) % 2 === 0 ? a.baseUrl : b.baseUrl, '127.0.0.2', agent, '/admin/v1/reconcile', { authorization: `Bearer guess-${i + j}-${'x'.repeat(20)}` }),
      );
      answers.push(...(await Promise.all(batch)));
    }
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 401: 10, 429: 990 });
    for (const answer of answers.filter((x) => x.status === 429)) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
    // The address is turned away whatever it sends now, the right token too (a guess that
    // happened to be right learns nothing), on the admin API, /metrics and the queue board.
    for (const server of [a, b]) {
      expect((await request(server.baseUrl, '127.0.0.2', agent, '/admin/v1/reconcile', { authorization: `Bearer ${ADMIN}` })).status).toBe(429);
      expect((await request(server.baseUrl, '127.0.0.2', agent, '/metrics', { authorization: `Bearer ${ADMIN}` })).status).toBe(429);
      expect((await request(server.baseUrl, '127.0.0.2', agent, '/admin/queues', { authorization: `Bearer ${ADMIN}` })).status).toBe(429);
      expect((await request(server.baseUrl, '127.0.0.2', agent, '/admin/queues-sign-in', {}, { token: ADMIN })).status).toBe(429);
    }
  }, 60_000);

  it('still lets the right token in from another address, on both processes', async () => {
    for (const server of [a, b]) {
      expect((await request(server.baseUrl, '127.0.0.3', agent, '/admin/v1/reconcile', { authorization: `Bearer ${ADMIN}` })).status).toBe(200);
      expect((await request(server.baseUrl, '127.0.0.3', agent, '/metrics', { authorization: `Bearer ${ADMIN}` })).status).toBe(200);
    }
    // A few wrong tokens from an address do not lock its right one out.
    for (let i = 0; i < 5; i++) expect((await request(a.baseUrl, '127.0.0.4', agent, '/admin/v1/reconcile', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    expect((await request(b.baseUrl, '127.0.0.4', agent, '/admin/v1/reconcile', { authorization: `Bearer ${ADMIN}` })).status).toBe(200);
  });

  it("counts the queue board's sign-in form too", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await request(i % 2 ? a.baseUrl : b.baseUrl, '127.0.0.5', agent, '/admin/queues-sign-in', {}, { token: `wrong-${i}-0123456789` })).status);
    expect(answers).toEqual([...new Array(10).fill(401), 429, 429]);
    // Turned away now with the right token as well.
    expect((await request(a.baseUrl, '127.0.0.5', agent, '/admin/queues-sign-in', {}, { token: ADMIN })).status).toBe(429);
  });
});

describe('addressUnit', () => {
  it.each([
    ['127.0.0.2', '127.0.0.2'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, unit) => {
    expect(addressUnit(address)).toBe(unit);
  });
});
