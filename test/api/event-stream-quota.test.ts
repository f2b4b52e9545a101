import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAMS_PER_ACCOUNT } from '../../src/api/stream-quota.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Progress streams over real HTTP on a job that stays queued (no worker pools run here), so
 * every stream stays open: one account gets EVENT_STREAMS_PER_ACCOUNT of them, then 429 with
 * Retry-After until it closes one; another account keeps its own.
 */
describe('progress streams per account', () => {
  let t: TestApp;
  let base: string;
  const controllers: AbortController[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const controller of controllers) controller.abort();
    await t?.close();
  });

  async function open(key: string, jobId: string): Promise<Response> {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${base}/v1/bulk/jobs/${jobId}/events`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
    return Object.assign(response, { close: () => controller.abort() });
  }

  async function queuedJob(key: string): Promise<string> {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] }, key);
    expect(created.statusCode, created.body).toBe(202);
    return created.json().data.job_id as string;
  }

  it('refuses one stream past the cap with 429 and Retry-After, and opens again once one closes', { timeout: 30_000 }, async () => {
    const jobId = await queuedJob(t.sandboxKey);
    const opened = await Promise.all(Array.from({ length: EVENT_STREAMS_PER_ACCOUNT }, () => open(t.sandboxKey, jobId)));
    expect(opened.map((r) => r.status)).toEqual(opened.map(() => 200));

    const refused = await open(t.sandboxKey, jobId);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: `This account already has ${EVENT_STREAMS_PER_ACCOUNT} progress streams open on this server; close one, or poll GET /v1/bulk/jobs/${jobId}`,
    });

    // Another account is not held back by this one's streams.
    const other = (await t.admin('POST', '/admin/v1/accounts', { name: 'other', balance_inr: 10 })).json() as { sandbox_key: string };
    expect((await open(other.sandbox_key, await queuedJob(other.sandbox_key))).status).toBe(200);

    // A closed stream gives its place back (the server sees the connection go).
    (opened[0] as Response & { close: () => void }).close();
    let again = 0;
    for (let i = 0; i < 100 && again !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = (await open(t.sandboxKey, jobId)).status;
    }
    expect(again).toBe(200);
  });

  it('gives back the place of a client gone before its stream began', { timeout: 30_000 }, async () => {
    const other = (await t.admin('POST', '/admin/v1/accounts', { name: 'hasty', balance_inr: 10 })).json() as { sandbox_key: string };
    const jobId = await queuedJob(other.sandbox_key);
    // Each request is sent and its connection cut at once, while the server is still checking
    // the key and the job: its stream's 'close' comes before the stream exists.
    const { port } = new URL(base);
    for (let i = 0; i < EVENT_STREAMS_PER_ACCOUNT; i++) {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`GET /v1/bulk/jobs/${jobId}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${other.sandbox_key}\r\n\r\n`);
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const opened = await Promise.all(Array.from({ length: EVENT_STREAMS_PER_ACCOUNT }, () => open(other.sandbox_key, jobId)));
    expect(opened.map((r) => r.status)).toEqual(opened.map(() => 200));
  });
});
