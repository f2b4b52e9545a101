import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, OPERATIONS } from '../../src/domain/operations.js';
import { ErrorEnvelopeShape } from '../../src/api/schemas/records.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

describe('API key authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a call made with a valid sandbox key', async () => {
    const res = await t.post('/v1/gst/verify', { gstin: GSTIN });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', null],
    ['an empty bearer', ''],
    ['a malformed key', 'not-a-key'],
    ['a well-formed but unknown key', 'bv_test_abcdefghijkl_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef'],
  ])('answers 401 AUTH_INVALID_KEY for %s', async (_label, key) => {
    const res =
      key === ''
        ? await t.app.inject({ method: 'POST', url: '/v1/gst/verify', headers: { authorization: 'Bearer ' }, payload: { gstin: GSTIN } })
        : await t.post('/v1/gst/verify', { gstin: GSTIN }, key);
    expect(res.statusCode).toBe(401);
    const body = ErrorEnvelopeShape.parse(res.json());
    expect(body.error.code).toBe('AUTH_INVALID_KEY');
    expect(body.meta.charged).toBe(false);
  });

  it.each(CHECK_NAMES)('answers 401 on %s without a valid key, before anything runs', async (check) => {
    const res = await t.post(OPERATIONS[check].path, {}, 'bv_live_abcdefghijkl_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
    expect(res.statusCode).toBe(401);
    expect(ErrorEnvelopeShape.parse(res.json()).api).toBe(check);
  });

  it.each(['/v1/wallet', '/v1/wallet/ledger'])('answers 401 on GET %s without a key', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 401 for a key whose secret part is wrong even though its id exists', async () => {
    const tampered = t.sandboxKey.slice(0, -1) + (t.sandboxKey.endsWith('A') ? 'B' : 'A');
    const res = await t.post('/v1/gst/verify', { gstin: GSTIN }, tampered);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a key presented with the other environment prefix', async () => {
    const swapped = t.sandboxKey.replace('bv_test_', 'bv_live_');
    const res = await t.post('/v1/gst/verify', { gstin: GSTIN }, swapped);
    expect(res.statusCode).toBe(401);
  });

  it('checks the key before the body, so a caller without a key learns nothing about validation', async () => {
    const res = await t.post('/v1/gst/verify', '{not json', null);
    expect(res.statusCode).toBe(401);
  });

  it('stops accepting a key at once when it is revoked', async () => {
    const issued = await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' });
    expect(issued.statusCode).toBe(201);
    const { key_id, api_key } = issued.json() as { key_id: string; api_key: string };
    expect((await t.post('/v1/gst/verify', { gstin: GSTIN }, api_key)).statusCode).toBe(200);

    const revoked = await t.admin('DELETE', `/admin/v1/keys/${key_id}`);
    expect(revoked.statusCode).toBe(204);
    const after = await t.post('/v1/gst/verify', { gstin: GSTIN }, api_key);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('AUTH_INVALID_KEY');
  });

  it("ends a job's events stream opened with a key when that key is revoked", { timeout: 20_000 }, async () => {
    const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' })).json() as { key_id: string; api_key: string };
    // No workers here: the job stays queued, and its stream would run for as long as the test.
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }] }, issued.api_key);
    expect(created.statusCode, created.body).toBe(202);
    if (t.app.server.address() === null) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/v1/bulk/jobs/${created.json().data.job_id}/events`, { headers: { authorization: `Bearer ${issued.api_key}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toMatch(/^event: progress\n/);

    expect((await t.admin('DELETE', `/admin/v1/keys/${issued.key_id}`)).statusCode).toBe(204);
    // The stream ends (the test's timeout is the bound): before, it ran until the job finished.
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
    expect(rest).not.toContain('event: finished');
  });

  it('stops accepting a revoked key in another API process too, though that process had cached it', async () => {
    const other = await createTestApp({ env: { BV_KEY_PREFIX: t.deps.keys.prefix } });
    try {
      const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' })).json();
      expect((await other.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key)).statusCode).toBe(200);
      expect((await t.admin('DELETE', `/admin/v1/keys/${issued.key_id}`)).statusCode).toBe(204);
      // Pub/sub delivers the revocation asynchronously: allow it a moment, bounded.
      let status = 200;
      for (let i = 0; i < 40 && status !== 401; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await other.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key)).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      // Clears only its own, unused key prefix: the shared keys go with t.close().
      await other.close();
    }
  });

  it('serves a busy key from the in-process cache until an invalidation arrives', async () => {
    const issued = (await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'sandbox' })).json();
    const keyId = (issued.key_id as string).slice(4);
    expect((await t.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key)).statusCode).toBe(200);
    // Revoked behind the store's back (no invalidation sent): the cached key still works...
    await t.deps.redis.hset(t.deps.keys.apiKey(keyId), 'revoked_at', new Date().toISOString());
    expect((await t.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key)).statusCode).toBe(200);
    // ...until the invalidation every revocation publishes arrives.
    await t.deps.redis.publish(t.deps.keys.authInvalidations(), keyId);
    let status = 200;
    for (let i = 0; i < 40 && status !== 401; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await t.post('/v1/gst/verify', { gstin: GSTIN }, issued.api_key)).statusCode;
    }
    expect(status).toBe(401);
  });

  it('stores only a hash of each key, never the key itself', async () => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await t.deps.redis.scan(cursor, 'MATCH', `${t.deps.keys.prefix}:*`, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    const dump: string[] = [];
    for (const key of keys) {
      const type = await t.deps.redis.type(key);
      if (type === 'hash') dump.push(JSON.stringify(await t.deps.redis.hgetall(key)));
      else if (type === 'string') dump.push((await t.deps.redis.get(key)) ?? '');
      else if (type === 'set') dump.push(...(await t.deps.redis.smembers(key)));
      else if (type === 'stream') dump.push(JSON.stringify(await t.deps.redis.xrange(key, '-', '+')));
    }
    const secretOf = (key: string) => key.split('_').pop() as string;
    expect(dump.join('\n')).not.toContain(secretOf(t.sandboxKey));
    expect(dump.join('\n')).not.toContain(secretOf(t.liveKey));
  });
});
