import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('admin API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an account with a sandbox and a live key and an opening balance', async () => {
    const res = await t.admin('POST', '/admin/v1/accounts', { name: 'Acme Procurement', balance_inr: 250.5, rate_limit_per_minute: 120 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['account_id', 'live_key', 'sandbox_key']);
    expect(body.sandbox_key).toMatch(/^bv_test_/);
    expect(body.live_key).toMatch(/^bv_live_/);

    const account = await t.admin('GET', `/admin/v1/accounts/${body.account_id}`);
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({
      account_id: body.account_id,
      name: 'Acme Procurement',
      balance_inr: 250.5,
      held_inr: 0,
      // The sandbox wallet beside the live one, opened with ₹10,000 (sandbox_balance_inr not given).
      sandbox_balance_inr: 10_000,
      sandbox_held_inr: 0,
      rate_limit_per_minute: 120,
    });
  });

  it('defaults the rate limit to 600 per minute', async () => {
    const res = await t.admin('POST', '/admin/v1/accounts', { name: 'Defaults' });
    const account = await t.admin('GET', `/admin/v1/accounts/${res.json().account_id}`);
    expect(account.json()).toMatchObject({ balance_inr: 0, held_inr: 0, rate_limit_per_minute: 600 });
  });

  it('adds credits and answers the new balance', async () => {
    const res = await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 99.99, reference: 'NEFT 123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance_inr: 1099.99, environment: 'live' });
  });

  it('credits a reference once, so a retried top-up does not add the money twice', async () => {
    const created = (await t.admin('POST', '/admin/v1/accounts', { name: 'Retries' })).json();
    const first = await t.admin('POST', `/admin/v1/accounts/${created.account_id}/credits`, { amount_inr: 500, reference: 'NEFT 987' });
    const retry = await t.admin('POST', `/admin/v1/accounts/${created.account_id}/credits`, { amount_inr: 500, reference: 'NEFT 987' });
    expect(first.json()).toEqual({ balance_inr: 500, environment: 'live' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ balance_inr: 500, environment: 'live', duplicate: true });
    expect((await t.admin('GET', `/admin/v1/accounts/${created.account_id}/reconcile`)).json()).toMatchObject({ ok: true, topups_inr: 500 });
  });

  it('refuses a reference reused for another amount, rather than dropping that amount silently', async () => {
    const created = (await t.admin('POST', '/admin/v1/accounts', { name: 'Reused' })).json();
    const credits = `/admin/v1/accounts/${created.account_id}/credits`;
    expect((await t.admin('POST', credits, { amount_inr: 50, reference: 'r1' })).json()).toEqual({ balance_inr: 50, environment: 'live' });
    // Also in the set an older process reads, so its retry during a rolling upgrade is one too.
    expect(await t.deps.redis.sismember(t.deps.keys.legacyCreditReferences(created.account_id), 'r1')).toBe(1);
    const other = await t.admin('POST', credits, { amount_inr: 70, reference: 'r1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: [{ field: 'reference', message: 'already used for ₹50.00' }] });
    // A reference an older version credited (kept without its amount) still reads as a retry.
    await t.deps.redis.sadd(t.deps.keys.legacyCreditReferences(created.account_id), 'old-ref');
    expect((await t.admin('POST', credits, { amount_inr: 5, reference: 'old-ref' })).json()).toEqual({ balance_inr: 50, environment: 'live', duplicate: true });
    expect((await t.admin('GET', `/admin/v1/accounts/${created.account_id}/reconcile`)).json()).toMatchObject({ ok: true, topups_inr: 50 });
  });

  it("lists an account's keys by id, never the keys, and revokes one whose API key leaked", async () => {
    const opened = (await t.admin('POST', '/admin/v1/accounts', { name: 'Leaky' })).json() as { account_id: string; sandbox_key: string; live_key: string };
    // A key's id is its middle part (docs/api.md says so): key_<id> of bv_test_<id>_<secret>.
    const created = { ...opened, sandbox_key_id: `key_${opened.sandbox_key.split('_')[2]}`, live_key_id: `key_${opened.live_key.split('_')[2]}` };
    const listed = await t.admin('GET', `/admin/v1/accounts/${created.account_id}/keys`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.sandbox_key);
    const keys = listed.json().keys as { key_id: string; environment: string; prefix: string; revoked_at: string | null }[];
    expect(keys.map((k) => k.key_id).sort()).toEqual([created.sandbox_key_id, created.live_key_id].sort());
    expect(keys.find((k) => k.key_id === created.sandbox_key_id)).toMatchObject({ environment: 'sandbox', created_at: expect.stringMatching(/\+05:30$/), revoked_at: null });
    expect(created.sandbox_key.startsWith(keys.find((k) => k.key_id === created.sandbox_key_id)!.prefix)).toBe(true);

    // The leaked key itself where its id goes: told the id, never shown the key.
    const wrong = await t.admin('DELETE', `/admin/v1/keys/${created.sandbox_key}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).not.toContain(created.sandbox_key);
    expect(wrong.json().error.message).toContain(created.sandbox_key_id);
    expect((await t.admin('DELETE', `/admin/v1/keys/${created.sandbox_key_id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${created.sandbox_key}` } })).statusCode).toBe(401);
    const after = (await t.admin('GET', `/admin/v1/accounts/${created.account_id}/keys`)).json().keys as { key_id: string; revoked_at: string | null }[];
    expect(after.find((k) => k.key_id === created.sandbox_key_id)?.revoked_at).toMatch(/\+05:30$/);
    expect((await t.admin('GET', '/admin/v1/accounts/acct_nobody/keys')).statusCode).toBe(404);
  });

  it('issues a live key that authenticates as live', async () => {
    const res = await t.admin('POST', `/admin/v1/accounts/${t.accountId}/keys`, { environment: 'live' });
    expect(res.statusCode).toBe(201);
    expect(res.json().key_id).toMatch(/^key_[a-z0-9]{12}$/);
    const call = await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, res.json().api_key);
    expect(call.json().meta.environment).toBe('live');
  });

  it("changes an account's rate limit for the keys it already has", async () => {
    const created = (await t.admin('POST', '/admin/v1/accounts', { name: 'Grows', balance_inr: 5 })).json();
    const res = await t.admin('PATCH', `/admin/v1/accounts/${created.account_id}`, { rate_limit_per_minute: 1200 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ account_id: created.account_id, rate_limit_per_minute: 1200 });
    const call = await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, created.sandbox_key);
    expect(call.headers['ratelimit-limit']).toBe('1200');
    expect((await t.admin('PATCH', `/admin/v1/accounts/${created.account_id}`, { rate_limit_per_minute: 0 })).statusCode).toBe(400);
  });

  it.each([
    ['a missing name', {}, 'name', /required/],
    ['a negative balance', { name: 'x', balance_inr: -1 }, 'balance_inr', /at least 0/],
    ['a balance with 3 decimals', { name: 'x', balance_inr: 1.005 }, 'balance_inr', /2 decimals/],
    ['an unknown field', { name: 'x', plan: 'gold' }, 'plan', /not allowed/],
  ])('rejects %s with 400 naming the field', async (_label, body, field, message) => {
    const res = await t.admin('POST', '/admin/v1/accounts', body);
    expect(res.statusCode).toBe(400);
    const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
    expect(detail.message).toMatch(message);
  });

  it('credits only amounts written with at most 2 decimals, each refusal named once', async () => {
    const created = (await t.admin('POST', '/admin/v1/accounts', { name: 'Exact', balance_inr: 0 })).json();
    const credits = `/admin/v1/accounts/${created.account_id}/credits`;
    // Within a millionth of a paisa: an older check rounded these to ₹1.00 and ₹0.01.
    for (const [index, amount] of [1.0000000001, 0.0100000001, 1.005, 19.999].entries()) {
      const res = await t.admin('POST', credits, { amount_inr: amount, reference: `bad-${index}` });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error.details, String(amount)).toEqual([{ field: 'amount_inr', message: 'must have at most 2 decimals' }]);
    }
    // Amounts whose paise a float cannot hold exactly are still whole paise as written.
    for (const [index, amount] of [19.99, 0.29, 1.1, 99_999_999.99].entries()) {
      expect((await t.admin('POST', credits, { amount_inr: amount, reference: `good-${index}` })).statusCode, String(amount)).toBe(200);
    }
    expect((await t.admin('GET', `/admin/v1/accounts/${created.account_id}`)).json().balance_inr).toBe(100_000_021.37);
    // Too large and not whole paise breaks two rules; a value too large in two ways is named once.
    const huge = await t.admin('PATCH', `/admin/v1/accounts/${created.account_id}`, { rate_limit_per_minute: 1e300 });
    expect(huge.json().error.details).toHaveLength(1);
  });

  it('answers 404 for an unknown account or key', async () => {
    expect((await t.admin('GET', '/admin/v1/accounts/acct_0000000000000000')).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/v1/accounts/acct_0000000000000000/keys', { environment: 'sandbox' })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/v1/keys/key_000000000000')).statusCode).toBe(404);
  });

  it('refuses customer keys and missing or wrong admin tokens', async () => {
    for (const authorization of [`Bearer ${t.sandboxKey}`, `Bearer ${t.liveKey}`, 'Bearer wrong-token-wrong-token', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/accounts/${t.accountId}`,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
