import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type CheckName } from '../../src/domain/operations.js';
import { countingSandbox } from '../helpers/counting-source.js';
import { ErrorEnvelopeShape } from '../../src/api/schemas/records.js';
import { requestFor, scenario, SCENARIOS } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

async function newAccount(t: TestApp, balanceInr: number, rateLimit = 100_000): Promise<{ id: string; key: string }> {
  // Its sandbox key spends the sandbox wallet (docs/money.md): that is the one funded here; the live one stays empty.
  const res = await t.admin('POST', '/admin/v1/accounts', { name: 'billing', sandbox_balance_inr: balanceInr, rate_limit_per_minute: rateLimit });
  return { id: res.json().account_id, key: res.json().sandbox_key };
}

async function wallet(t: TestApp, key: string) {
  const res = await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${key}` } });
  const { environment, ...balance } = res.json().data as { environment: string; balance_inr: number; held_inr: number; available_inr: number };
  // Every key here is a sandbox key, and answers its sandbox wallet.
  expect(environment).toBe('sandbox');
  return balance;
}

async function reconcile(t: TestApp, accountId: string) {
  return (await t.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json();
}

describe('billing', () => {
  let t: TestApp;
  let counting: ReturnType<typeof countingSandbox>;
  beforeAll(async () => {
    counting = countingSandbox();
    t = await createTestApp({ chains: counting.chains });
  });
  afterAll(() => t.close());

  it.each(
    (Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[])
      .filter((op): op is CheckName => op !== 'business360')
      .map((check) => {
        const body = SCENARIOS.map((s) => (s.expect[check] === 200 ? requestFor(check, s.identifiers) : undefined)).find(Boolean);
        return { check, body, price: OPERATIONS[check].pricePaise / 100 };
      }),
  )('bills a successful $check at its price of ₹$price', async ({ check, body, price }) => {
    const account = await newAccount(t, 100);
    const res = await t.post(OPERATIONS[check].path, body, account.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ charged: true, amount_inr: price });
    expect(await wallet(t, account.key)).toEqual({ balance_inr: 100 - price, held_inr: 0, available_inr: 100 - price });
  });

  it.each([
    ['a 400', { gstin: '27AAPFU0939F1ZW' }, 400],
    ['a 404', { gstin: scenario('unknown-gstin').identifiers.gstin }, 404],
    ['a 503', { gstin: scenario('unavailable-gstin').identifiers.gstin }, 503],
    ['a 504', { gstin: scenario('timeout-gstin').identifiers.gstin }, 504],
  ])('never bills %s', async (_label, body, status) => {
    const account = await newAccount(t, 10);
    const res = await t.post('/v1/gst/verify', body, account.key);
    expect(res.statusCode).toBe(status);
    expect(ErrorEnvelopeShape.parse(res.json()).meta).toMatchObject({ charged: false, amount_inr: 0 });
    expect(await wallet(t, account.key)).toEqual({ balance_inr: 10, held_inr: 0, available_inr: 10 });
    expect((await reconcile(t, account.id)).ok).toBe(true);
  });

  it('answers 402 and calls no source when the wallet cannot cover the price', async () => {
    const account = await newAccount(t, 0.74);
    const before = counting.calls['gst.verify'];
    const res = await t.post('/v1/gst/verify', { gstin: GSTIN }, account.key);
    expect(res.statusCode).toBe(402);
    const envelope = ErrorEnvelopeShape.parse(res.json());
    expect(envelope.error.code).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(envelope.error.message).toMatch(/₹0\.74 is below this call's price of ₹0\.75/);
    expect(counting.calls['gst.verify']).toBe(before);
  });

  it('does not keep a 402 under its Idempotency-Key: topped up, the same key runs the call (DECISIONS: a wallet can change)', async () => {
    const account = await newAccount(t, 0.5);
    const keyed = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/gst/verify',
        headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify({ gstin: GSTIN }),
      });
    const refused = await keyed('short-1');
    expect(refused.statusCode).toBe(402);
    // Still short: refused again, not replayed.
    const again = await keyed('short-1');
    expect(again.statusCode).toBe(402);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    await t.admin('POST', `/admin/v1/accounts/${account.id}/credits`, { amount_inr: 5, reference: 'top-up', environment: 'sandbox' });
    const ran = await keyed('short-1');
    expect(ran.statusCode).toBe(200);
    expect(ran.headers['idempotent-replayed']).toBeUndefined();
    // The answer that ran is kept: the same key now replays it and bills nothing more.
    const replayed = await keyed('short-1');
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await wallet(t, account.key)).toMatchObject({ balance_inr: 4.75 });
  });

  it('of 200 concurrent calls on a wallet that covers exactly 100, bills exactly 100 and refuses 100', async () => {
    const account = await newAccount(t, 75); // 100 × ₹0.75
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.post('/v1/gst/verify', { gstin: GSTIN }, account.key)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    expect(answers.filter((a) => a.json().meta.charged)).toHaveLength(100);
    expect(await wallet(t, account.key)).toEqual({ balance_inr: 0, held_inr: 0, available_inr: 0 });
    const books = await reconcile(t, account.id);
    // The sandbox wallet's books (under `sandbox`); the live wallet was never touched.
    expect(books).toMatchObject({ ok: true, topups_inr: 0, commits_inr: 0, difference_inr: 0, problems: [] });
    expect(books.sandbox).toMatchObject({ ok: true, topups_inr: 75, commits_inr: 75, difference_inr: 0, problems: [] });
  });

  it('shows the ledger to the customer, newest first, paged', async () => {
    const account = await newAccount(t, 5);
    await t.post('/v1/gst/verify', { gstin: GSTIN }, account.key);
    const page = await t.app.inject({ method: 'GET', url: '/v1/wallet/ledger?limit=2', headers: { authorization: `Bearer ${account.key}` } });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.api).toBe('wallet.ledger');
    expect(body.data.entries.map((e: { type: string; amount_inr: number; balance_inr: number }) => [e.type, e.amount_inr, e.balance_inr])).toEqual([
      ['commit', 0.75, 4.25],
      ['hold', 0.75, 5],
    ]);
    expect(body.data.entries[0].reference).toMatch(/^req_/);
    const next = await t.app.inject({
      method: 'GET',
      url: `/v1/wallet/ledger?limit=2&cursor=${body.data.next_cursor}`,
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(next.json().data.entries.map((e: { type: string }) => e.type)).toEqual(['topup']);
    expect(next.json().data.next_cursor).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: '/v1/wallet/ledger?limit=500', headers: { authorization: `Bearer ${account.key}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('limit');
  });

  it('refuses a ledger cursor Redis could not read with a 400 naming the cursor, never a 500', async () => {
    const account = await newAccount(t, 5);
    await t.post('/v1/gst/verify', { gstin: GSTIN }, account.key);
    const ledger = (query: string) =>
      t.app.inject({ method: 'GET', url: `/v1/wallet/ledger?${query}`, headers: { authorization: `Bearer ${account.key}` } });
    // 0-0 has nothing before it; the others overflow a stream id's 64-bit parts.
    for (const cursor of ['0-0', '99999999999999999999-0', '18446744073709551616-0', '1-18446744073709551616', '1-99999999999999999999999', 'abc']) {
      const res = await ledger(`cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.details, cursor).toEqual([{ field: 'cursor', message: 'must be a next_cursor from a previous page' }]);
    }
    const twice = await ledger('cursor=1-0&cursor=2-0');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual([{ field: 'cursor', message: 'must be a next_cursor from a previous page, sent once' }]);
    // The largest ids Redis accepts are pages like any other: here, the whole ledger.
    for (const cursor of ['18446744073709551615-18446744073709551615', '0-1']) {
      const res = await ledger(`cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(200);
    }
    expect((await ledger('cursor=18446744073709551615-0')).json().data.entries.map((e: { type: string }) => e.type)).toEqual(['commit', 'hold', 'topup']);
  });

  it('reconciles every account at once from the admin API', async () => {
    const res = await t.admin('GET', '/admin/v1/reconcile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, problems: [] });
    expect(res.json().accounts).toBeGreaterThan(10);
  });
});
