import { once } from 'node:events';
import { connect } from 'node:net';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeShape, ErrorEnvelopeShape, GstRecordShape } from '../../src/api/schemas/records.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

describe('the response envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(() => t.close());

  it('wraps a success with request_id, api, version, data and the meta of docs/api.md', async () => {
    const res = await t.post('/v1/gst/verify', { gstin: GSTIN });
    const body = envelopeShape('gst.verify', GstRecordShape).parse(res.json());
    expect(body.meta).toMatchObject({ charged: true, amount_inr: 0.75, environment: 'sandbox', checks: 1, data_freshness: 'live' });
    expect(res.headers['x-request-id']).toBe(body.request_id);
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(600);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('says checks 1 on an operation\'s error and 0 on other routes\' errors, as their successes do', async () => {
    expect((await t.post('/v1/gst/verify', { gstin: 'bad' })).json().meta.checks).toBe(1);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect((await get('/v1/bulk/jobs/job_0000000000')).json().meta.checks).toBe(0);
    expect((await get('/v1/no-such-route')).json().meta.checks).toBe(0);
    expect((await get('/v1/wallet')).json().meta.checks).toBe(0);
  });

  it('carries the RateLimit headers on error answers too', async () => {
    const res = await t.post('/v1/gst/verify', { gstin: 'bad' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['ratelimit-limit']).toBe('600');
  });

  it('gives every request its own id and ignores one sent by the client', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/gst/verify',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'x-request-id': 'req_client', 'content-type': 'application/json' },
        payload: { gstin: GSTIN },
      });
      expect(res.json().request_id).toMatch(/^req_[0-9a-f]{24}$/);
      ids.add(res.json().request_id);
    }
    expect(ids.size).toBe(5);
    expect(ids.has('req_client')).toBe(false);
  });

  it('answers 400 VALIDATION_FAILED for a body that is not JSON', async () => {
    const res = await t.post('/v1/gst/verify', '{"gstin": ');
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelopeShape.parse(res.json());
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', retryable: false, details: [{ field: 'body' }] });
    expect(body.api).toBe('gst.verify');
  });

  it.each([
    ['a JSON array', '[]'],
    ['a JSON string', '"27AAPFU0939F1ZV"'],
    ['null', 'null'],
  ])('answers 400 naming the body when it is %s', async (_label, payload) => {
    const res = await t.post('/v1/gst/verify', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });

  it('answers 400 for a body sent as another content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'text/plain' },
      payload: 'gstin=27AAPFU0939F1ZV',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    // JSON sent as text/plain is refused for its content type, not called "not a JSON object".
    const text = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'text/plain' },
      payload: JSON.stringify({ gstin: GSTIN }),
    });
    expect(text.json().error.details).toEqual([{ field: 'body', message: 'content type must be application/json' }]);
  });

  it('answers 413 PAYLOAD_TOO_LARGE past the body limit', async () => {
    const res = await t.post('/v1/mca/search', { name: 'x'.repeat(4096) });
    expect(res.statusCode).toBe(413);
    expect(ErrorEnvelopeShape.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 NOT_FOUND in the envelope for an unknown route or method', async () => {
    for (const [method, url] of [
      ['POST', '/v1/gst/unknown'],
      ['GET', '/v1/gst/verify'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
      expect(res.statusCode).toBe(404);
      expect(ErrorEnvelopeShape.parse(res.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('carries the RateLimit headers on every /v1 answer: an unknown path, and a 401', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/no-such-route', headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['ratelimit-limit']).toBe('600');
    // Unknown routes answer 404, with a key or without; a known one without a key is a 401.
    for (const authorization of [undefined, 'Bearer bv_test_not_a_key']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/no-such-route', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.headers['ratelimit-limit']).toBe('600');
      expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(600);
      expect(res.headers['x-request-id']).toBe(res.json().request_id);
      const known = await t.app.inject({ method: 'POST', url: '/v1/gst/verify', headers: authorization ? { authorization } : {}, payload: { gstin: GSTIN } });
      expect(known.statusCode).toBe(401);
      expect(known.headers['ratelimit-limit']).toBe('600');
    }
  });

  it('keeps no answer for an unknown path under an Idempotency-Key: the corrected path runs', async () => {
    const headers = { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': 'typo-in-path' };
    const payload = { gstin: GSTIN };
    const typo = await t.app.inject({ method: 'POST', url: '/v1/gst/verfy', headers, payload });
    expect(typo.statusCode).toBe(404);
    const fixed = await t.app.inject({ method: 'POST', url: '/v1/gst/verify', headers, payload });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers a URL Fastify cannot decode in the envelope, with X-Request-Id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/gst/%c0', headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelopeShape.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });

  it('serves health and readiness without a key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'ok' });
  });
});

describe('calls without a valid key', () => {
  it('count against their address at the default limit: past it a 429, while a valid key keeps its own quota', { timeout: 30_000 }, async () => {
    const t = await createTestApp();
    try {
      const guess = () => t.app.inject({ method: 'POST', url: '/v1/gst/verify', headers: { authorization: 'Bearer bv_test_guess' }, payload: { gstin: GSTIN } });
      // Early in a minute, so the 600 guesses do not straddle a window boundary (see rate-limit.test.ts).
      const msIntoMinute = Date.now() % 60_000;
      if (msIntoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - msIntoMinute + 50));
      let last;
      for (let i = 0; i < 600; i++) last = await guess();
      expect(last?.statusCode).toBe(401);
      expect(last?.headers['ratelimit-remaining']).toBe('0');
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const valid = await t.post('/v1/gst/verify', { gstin: GSTIN });
      expect(valid.statusCode).toBe(200);
      expect(valid.headers['ratelimit-remaining']).toBe('599');
    } finally {
      await t.close();
    }
  });
});

describe('an app that is closing', () => {
  it('ends the events stream of a job still running, with a retry line, instead of waiting for the job', async () => {
    // No workers here: the job stays queued for as long as the test runs.
    const t = await createTestApp();
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }] });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/v1/bulk/jobs/${jobId}/events`, { headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = (await reader.read()).value ?? '';
    expect(text).toMatch(/^event: progress\n/);

    // Without the stream ending, the close would wait for the job, here for ever.
    await t.close();
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value;
    expect(text).toMatch(/\nretry: 1000\n\n$/);
    expect(text).not.toContain('event: finished');
  });

  it('sheds a request reaching it with 503 in the envelope, with X-Request-Id, Retry-After and Connection: close', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };

    // A connection busy with a request's head when the close begins is not reaped as idle: its
    // request reaches the app after the close began (as one pipelined on a keep-alive would).
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /v1/wallet HTTP/1.1\r\nHost: localhost\r\n');
    const closed = t.close();
    // Fastify stops the listener after the preClose hooks, the app's own among them.
    while (t.app.server.listening) await setImmediate();
    let answer = '';
    socket.setEncoding('utf8').on('data', (text: string) => (answer += text));
    socket.write(`Authorization: Bearer ${t.sandboxKey}\r\n\r\n`);
    await once(socket, 'end');
    await closed;

    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(head).toMatch(/^retry-after: 1$/im);
    // Shed before authentication and the rate limiter: nothing counted against the key.
    expect(head).not.toMatch(/^ratelimit-/im);
    const requestId = /^x-request-id: (\S+)$/im.exec(head)?.[1];
    const envelope = ErrorEnvelopeShape.parse(JSON.parse(body));
    expect(envelope.request_id).toBe(requestId);
    expect(envelope.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
    expect(envelope.error.message).toMatch(/shutting down/);
  });

  describe('a request Node refuses before the app sees it', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    afterAll(() => t.close());

    async function exchange(request: string): Promise<{ head: string; envelope: ReturnType<typeof ErrorEnvelopeShape.parse>; requestId?: string }> {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let answer = '';
      socket.setEncoding('utf8').on('data', (text: string) => (answer += text));
      socket.write(request);
      await once(socket, 'close');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { head, envelope: ErrorEnvelopeShape.parse(JSON.parse(body)), requestId: /^x-request-id: (\S+)$/im.exec(head)?.[1] };
    }

    it('answers headers over the limit with 431 in the envelope, with X-Request-Id', async () => {
      const { head, envelope, requestId } = await exchange(
        `POST /v1/gst/verify HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'x'.repeat(20_000)}\r\n\r\n`,
      );
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/^connection: close$/im);
      expect(envelope.request_id).toBe(requestId);
      expect(envelope.meta.charged).toBe(false);
      expect(envelope.error).toMatchObject({ code: 'HEADERS_TOO_LARGE', retryable: false, details: [{ field: 'headers', message: 'must be at most 16 kB in all' }] });
    });

    it('answers a request that is not HTTP with 400 in the envelope', async () => {
      const { head, envelope, requestId } = await exchange('HELLO THERE\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelope.request_id).toBe(requestId);
      expect(envelope.error).toMatchObject({ code: 'VALIDATION_FAILED', retryable: false });
    });
  });
});
