import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingSandbox } from '../helpers/counting-source.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let counting: ReturnType<typeof countingSandbox>;
  beforeAll(async () => {
    // A slow source keeps the first request in flight while the others arrive.
    counting = countingSandbox({ delayMs: 150 });
    t = await createTestApp({ chains: counting.chains });
  });
  afterAll(() => t.close());

  const post = (body: unknown, key: string, apiKey = t.sandboxKey) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });
  const balance = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data
      .balance_inr as number;

  it('replays the first answer for the same key and body, without running or billing again', async () => {
    const before = counting.calls['gst.verify'];
    const balanceBefore = await balance();
    const first = await post({ gstin: GSTIN }, 'order-1');
    // Key order and spacing do not make another request.
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': 'order-1' },
      payload: `{ "gstin" : "${GSTIN}" }`,
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['x-request-id']).toBe(first.json().request_id);
    expect(counting.calls['gst.verify'] - before).toBe(1);
    expect(balanceBefore - (await balance())).toBeCloseTo(0.75, 5);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    await post({ gstin: GSTIN }, 'order-2');
    const res = await post({ gstin: scenario('clean-company').identifiers.gstin }, 'order-2');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', retryable: false });
  });

  it('rejects a key longer than 255 characters with 400 naming the header', async () => {
    const res = await post({ gstin: GSTIN }, 'k'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters, sent once' },
    ]);
    expect((await post({ gstin: GSTIN }, 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('keeps a 400 like any answer: the fixed request under the same key is another body, a 422 (docs/money.md)', async () => {
    const typo = await post({ gstin: '27AAPFU0939F1ZW' }, 'typo-1');
    expect(typo.statusCode).toBe(400);
    const again = await post({ gstin: '27AAPFU0939F1ZW' }, 'typo-1');
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(typo.body);
    const fixed = await post({ gstin: GSTIN }, 'typo-1');
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new key runs it.
    expect((await post({ gstin: GSTIN }, 'typo-2')).statusCode).toBe(200);
  });

  it('rejects a key sent twice with 400, rather than using the two joined as one key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': ['twice-a', 'twice-b'] },
      payload: JSON.stringify({ gstin: GSTIN }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters, sent once' }]);
  });

  it('of 50 concurrent requests with one key, runs and bills once and answers the same body', async () => {
    const before = counting.calls['gst.verify'];
    const balanceBefore = await balance();
    const answers = await Promise.all(Array.from({ length: 50 }, () => post({ gstin: GSTIN }, 'burst-1')));
    const done = answers.filter((a) => a.statusCode === 200);
    const inFlight = answers.filter((a) => a.statusCode === 409);
    expect(done.length + inFlight.length).toBe(50);
    expect(new Set(done.map((a) => a.body)).size).toBe(1);
    for (const a of inFlight) {
      expect(a.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      // The first is alive and renewing its claim: retry in a second, not when its lock would lapse.
      expect(a.headers['retry-after']).toBe('1');
    }
    expect(counting.calls['gst.verify'] - before).toBe(1);
    expect(balanceBefore - (await balance())).toBeCloseTo(0.75, 5);
    // Once the first has finished, every retry gets its answer.
    const retry = await post({ gstin: GSTIN }, 'burst-1');
    expect(retry.body).toBe(done[0]?.body);
  });

  it('keeps a 404 but not a retryable 503, so a retry after an outage runs again', async () => {
    const notFound = await post({ gstin: scenario('unknown-gstin').identifiers.gstin }, 'nf-1');
    const notFoundAgain = await post({ gstin: scenario('unknown-gstin').identifiers.gstin }, 'nf-1');
    expect(notFoundAgain.headers['idempotent-replayed']).toBe('true');
    expect(notFoundAgain.body).toBe(notFound.body);

    const down = await post({ gstin: scenario('unavailable-gstin').identifiers.gstin }, 'down-1');
    const downAgain = await post({ gstin: scenario('unavailable-gstin').identifiers.gstin }, 'down-1');
    expect(down.statusCode).toBe(503);
    expect(downAgain.statusCode).toBe(503);
    expect(downAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(downAgain.json().request_id).not.toBe(down.json().request_id);
  });

  it('never stores a 401: the same key works once a valid key is sent', async () => {
    const unauthorised = await post({ gstin: GSTIN }, 'auth-1', 'bv_test_abcdefghijkl_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
    expect(unauthorised.statusCode).toBe(401);
    const ok = await post({ gstin: GSTIN }, 'auth-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('scopes keys to the environment: a live call is never answered from a sandbox one', async () => {
    const sandbox = await post({ gstin: GSTIN }, 'env-key');
    const live = await post({ gstin: GSTIN }, 'env-key', t.liveKey);
    expect(sandbox.statusCode).toBe(200);
    expect(live.headers['idempotent-replayed']).toBeUndefined();
    // This test's live chain is the counting sandbox too: the live call really ran.
    expect(live.json().meta.environment).toBe('live');
    expect(live.json().request_id).not.toBe(sandbox.json().request_id);
  });

  it('scopes keys to the account: another account reusing a key runs its own call', async () => {
    const other = (await t.admin('POST', '/admin/v1/accounts', { name: 'other', balance_inr: 10 })).json();
    const mine = await post({ gstin: GSTIN }, 'shared-key');
    const theirs = await post({ gstin: GSTIN }, 'shared-key', other.sandbox_key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().request_id).not.toBe(mine.json().request_id);
  });
});
