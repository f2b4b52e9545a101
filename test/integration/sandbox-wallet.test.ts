import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reconcileAccount, reconcileWallet } from '../../src/store/wallet/reconcile.js';
import { SANDBOX_OPENING_PAISE, WalletStore } from '../../src/store/wallet/wallet.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = scenario('clean-company').identifiers.gstin as string;

/** Sandbox money is not live money (issue 28, point 10; docs/money.md). */
describe('a sandbox wallet beside the live one', () => {
  let t: TestApp;
  const get = (url: string, key: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const wallet = async (key: string) => (await get('/v1/wallet', key)).json().data as { environment: string; balance_inr: number; held_inr: number; available_inr: number };

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '1' } });
    t.deps.startWorkers();
  });
  afterAll(() => t?.close());

  it('charges sandbox calls and jobs to the sandbox wallet and never the live one; GET /v1/wallet answers the key\'s wallet', async () => {
    expect(await wallet(t.sandboxKey)).toEqual({ environment: 'sandbox', balance_inr: 1000, held_inr: 0, available_inr: 1000 });
    expect(await wallet(t.liveKey)).toEqual({ environment: 'live', balance_inr: 1000, held_inr: 0, available_inr: 1000 });
    expect((await t.post('/v1/gst/verify', { gstin: GSTIN })).statusCode).toBe(200);
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }, { gstin: scenario('cancelled-gstin').identifiers.gstin }] });
    expect(created.statusCode, created.body).toBe(202);
    const job = await waitForJob(t.app, t.sandboxKey, created.json().data.job_id);
    expect(job.status).toBe('completed');
    expect((await t.deps.bulkJobs.get(job.job_id))?.wallet).toBe('sandbox');
    // 0.75 for the call, 1.50 for the job's two rows.
    expect(await wallet(t.sandboxKey)).toMatchObject({ balance_inr: 997.75, held_inr: 0 });
    expect(await wallet(t.liveKey)).toMatchObject({ balance_inr: 1000, held_inr: 0 });
    const live = await t.deps.wallet.of('live').ledger(t.accountId, 100);
    expect(live.entries.map((e) => e.type)).toEqual(['topup']);

    // A live key's call holds live money (the live sources are not reachable here: held, then released).
    const liveCall = await t.post('/v1/gst/verify', { gstin: GSTIN }, t.liveKey);
    const liveEntries = (await t.deps.wallet.of('live').ledger(t.accountId, 100)).entries;
    expect(liveEntries.filter((e) => e.reference === liveCall.json().request_id).map((e) => e.type).sort()).toEqual(
      liveCall.statusCode === 200 ? ['commit', 'hold'] : ['hold', 'release'],
    );
    const sandboxEntries = (await t.deps.wallet.of('sandbox').ledger(t.accountId, 100)).entries;
    expect(sandboxEntries.some((e) => e.reference === liveCall.json().request_id)).toBe(false);
    const books = await reconcileAccount(t.deps.wallet, t.accountId);
    expect(books.problems).toEqual([]);
    expect(books.sandbox).toMatchObject({ ok: true, topupsPaise: 1000_00, commitsPaise: 225 });
  });

  it('lets a sandbox key top up its sandbox wallet, within ₹10,000 a time, 10 a day and ₹1,00,000 in all; never a live key', async () => {
    const topup = (body: unknown, key = t.sandboxKey) => t.post('/v1/wallet/sandbox-topup', body, key);
    const refused = await topup({ amount_inr: 5 }, t.liveKey);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Only a sandbox key/);
    expect((await topup({ amount_inr: 10_000.01 })).json().error.details).toEqual([{ field: 'amount_inr', message: 'must be at most 10000' }]);
    const first = await topup({});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ environment: 'sandbox', topped_up_inr: 10_000 });
    const before = (await wallet(t.sandboxKey)).balance_inr;
    for (let i = 0; i < 8; i++) expect((await topup({ amount_inr: 10_000 })).statusCode).toBe(200);
    const full = await wallet(t.sandboxKey);
    expect(full.balance_inr).toBeCloseTo(before + 80_000, 2);
    // Past ₹1,00,000: refused, naming what still fits.
    const over = await topup({ amount_inr: 10_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toMatch(/would pass ₹1,00,000\.00/);
    expect((await topup({ amount_inr: 1 })).statusCode).toBe(200);
    // The tenth of the day was the last.
    const tooMany = await topup({ amount_inr: 0.01 });
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect((await wallet(t.liveKey)).balance_inr).toBe(1000);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('opens accounts with sandbox_balance_inr (₹10,000 by default) and credits the wallet named by environment (live by default)', async () => {
    const made = (await t.admin('POST', '/admin/v1/accounts', { name: 'Two wallets', balance_inr: 20, sandbox_balance_inr: 50 })).json() as { account_id: string };
    expect((await t.admin('GET', `/admin/v1/accounts/${made.account_id}`)).json()).toMatchObject({ balance_inr: 20, sandbox_balance_inr: 50 });
    expect((await t.admin('POST', `/admin/v1/accounts/${made.account_id}/credits`, { amount_inr: 5, reference: 'r1' })).json()).toEqual({ balance_inr: 25, environment: 'live' });
    expect((await t.admin('POST', `/admin/v1/accounts/${made.account_id}/credits`, { amount_inr: 5, reference: 'r1', environment: 'sandbox' })).json()).toEqual({ balance_inr: 55, environment: 'sandbox' });
    const bad = await t.admin('POST', `/admin/v1/accounts/${made.account_id}/credits`, { amount_inr: 5, reference: 'r2', environment: 'test' });
    expect(bad.json().error.details).toEqual([{ field: 'environment', message: 'must be "sandbox" or "live"' }]);
    const plain = (await t.admin('POST', '/admin/v1/accounts', { name: 'Defaults' })).json() as { account_id: string };
    expect((await t.admin('GET', `/admin/v1/accounts/${plain.account_id}`)).json()).toMatchObject({ balance_inr: 0, sandbox_balance_inr: SANDBOX_OPENING_PAISE / 100 });
    const zero = (await t.admin('POST', '/admin/v1/accounts', { name: 'No sandbox money', sandbox_balance_inr: 0 })).json() as { account_id: string };
    expect((await t.admin('GET', `/admin/v1/accounts/${zero.account_id}`)).json()).toMatchObject({ sandbox_balance_inr: 0 });
  });

  it('migrates an account made before sandbox wallets: its one wallet stays the live one to the paisa, the sandbox wallet opens once with ₹10,000', async () => {
    // An account as the previous version left it: one wallet, spent by sandbox and live keys
    // alike, with an open hold of a sandbox bulk job still running (recorded without a wallet).
    const account = await t.deps.accounts.create({ name: 'Before sandbox wallets' });
    const sandboxKey = (await t.deps.accounts.issueKey(account, 'sandbox')).apiKey;
    const old = t.deps.wallet.of('live');
    const id = account.accountId;
    await old.credit(id, 500_00, 'opening balance');
    await old.hold(id, 'req_sandboxcall0000000000001', 75, 'req_sandboxcall0000000000001', 60_000);
    await old.commit(id, 'req_sandboxcall0000000000001', 75);
    await old.hold(id, 'req_livecall000000000000001', 75, 'req_livecall000000000000001', 60_000);
    await old.release(id, 'req_livecall000000000000001');
    const jobId = 'job_0123456789abcdef0123';
    await t.deps.bulkJobs.create({
      jobId, accountId: id, environment: 'sandbox', name: 'old job', operation: 'gst.verify', createdAt: new Date().toISOString(),
      webhookUrl: null, rows: { total: 2, valid: 2, invalid: 0, duplicates: 0 }, chunksTotal: 1, reservedPaise: 150, warnings: [],
    } as Parameters<typeof t.deps.bulkJobs.create>[0]);
    await t.deps.redis.hdel(t.deps.keys.bulkJob(jobId), 'wallet');
    await old.hold(id, jobId, 150, `bulk ${jobId}`, 600_000);
    await old.chargeParts(id, jobId, [{ key: 'row:1', amountPaise: 75, reference: `${jobId} row 1` }]);

    const liveKeys = [t.deps.keys.wallet(id), t.deps.keys.holds(id), t.deps.keys.ledger(id)];
    const dump = async () => Promise.all(liveKeys.map((key) => t.deps.redis.dump(key)));
    const before = await dump();
    // The live wallet alone: reconciling the account would touch (and so open) its sandbox wallet.
    const booksBefore = await reconcileWallet(t.deps.wallet.of('live'), id);
    expect(booksBefore.problems).toEqual([]);
    expect(await t.deps.redis.exists(t.deps.keys.wallet(id, 'sandbox'))).toBe(0);

    // Several processes touch it at once (each its own connection and store): one opening.
    const others = Array.from({ length: 4 }, () => new Redis(inject('redisUrl')));
    try {
      const opened = await Promise.all(others.map((redis) => new WalletStore(redis, t.deps.keys).of('sandbox').open(id)));
      expect(opened.filter((o) => o.opened)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((redis) => redis.quit()));
    }
    expect(await wallet(sandboxKey)).toEqual({ environment: 'sandbox', balance_inr: 10_000, held_inr: 0, available_inr: 10_000 });
    const sandboxLedger = await t.deps.wallet.of('sandbox').ledger(id, 10);
    expect(sandboxLedger.entries.map((e) => [e.type, e.amountPaise, e.reference])).toEqual([['topup', SANDBOX_OPENING_PAISE, 'sandbox opening credit']]);
    // Not a paisa of the live wallet moved: its hash, holds and ledger are byte for byte as before.
    expect(await dump()).toEqual(before);

    // The old job's rows are still charged from, and its hold released in, the wallet it was held in.
    expect(await t.deps.bulkJobs.walletOf(jobId)).toBe('live');
    const job = (await t.deps.bulkJobs.get(jobId))!;
    await t.deps.wallet.of(job.wallet).chargeParts(id, jobId, [{ key: 'row:2', amountPaise: 75, reference: `${jobId} row 2` }]);
    await t.deps.wallet.of(job.wallet).release(id, jobId);
    const booksAfter = await reconcileAccount(t.deps.wallet, id);
    expect(booksAfter.problems).toEqual([]);
    expect([booksBefore.topupsPaise, booksBefore.commitsPaise, booksBefore.balancePaise, booksBefore.heldPaise]).toEqual([500_00, 150, 500_00 - 150, 75]);
    expect([booksAfter.topupsPaise, booksAfter.commitsPaise, booksAfter.balancePaise, booksAfter.heldPaise]).toEqual([500_00, 225, 500_00 - 225, 0]);
    expect(booksAfter.sandbox).toMatchObject({ ok: true, topupsPaise: SANDBOX_OPENING_PAISE, commitsPaise: 0, balancePaise: SANDBOX_OPENING_PAISE });
    // Opening again (another process, a restart) changes nothing.
    expect(await t.deps.wallet.of('sandbox').open(id, 5)).toEqual({ opened: false, balancePaise: SANDBOX_OPENING_PAISE });
  });
});
