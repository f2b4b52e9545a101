import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createRedisKeys } from '../../src/store/keys.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { runScript } from '../../src/store/redis/scripts.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { HOLD } from '../../src/store/wallet/wallet-scripts.js';

describe('wallet holds, commits, releases and the ledger', () => {
  let redis: Redis;
  let wallet: WalletStore;
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
  const newAccount = () => `acct_${randomBytes(8).toString('hex')}`;

  beforeAll(() => {
    redis = new Redis(inject('redisUrl'));
    wallet = new WalletStore(redis, createRedisKeys(prefix));
  });
  afterAll(async () => {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
  });

  it('holds, then commits what succeeded and releases the rest, with a ledger line for each', async () => {
    const account = newAccount();
    await wallet.credit(account, 1000, 'topup-1');
    expect(await wallet.hold(account, 'h1', 400, 'call-1', 60_000)).toEqual({ ok: true });
    expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 400, availablePaise: 600 });
    expect(await wallet.commit(account, 'h1', 150)).toBe(150);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 850, heldPaise: 0, availablePaise: 850 });

    const { entries } = await wallet.ledger(account, 10);
    expect(entries.map((e) => [e.type, e.amountPaise, e.balancePaise, e.reference])).toEqual([
      ['release', 250, 850, 'call-1'],
      ['commit', 150, 850, 'call-1'],
      ['hold', 400, 1000, 'call-1'],
      ['topup', 1000, 1000, 'topup-1'],
    ]);
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
  });

  it('resolves a hold at most once; a commit sent again within seconds answers what the first charged', async () => {
    const account = newAccount();
    await wallet.credit(account, 500, 'topup');
    await wallet.hold(account, 'h', 200, 'call', 60_000);
    expect(await wallet.commit(account, 'h', 200)).toBe(200);
    // A resend after a lost reply, or a retry after a failed one: the same answer, no second charge.
    expect(await wallet.commit(account, 'h', 200)).toBe(200);
    await wallet.release(account, 'h');
    expect(await wallet.balance(account)).toEqual({ balancePaise: 300, heldPaise: 0, availablePaise: 300 });
    expect((await wallet.ledger(account, 10)).entries.map((e) => e.type)).toEqual(['commit', 'hold', 'topup']);
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);

    // Once the memory of it has gone (1 to 2 minutes), the hold is just unknown.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 121_000);
      expect(await wallet.commit(account, 'h', 200)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(await wallet.balance(account)).toEqual({ balancePaise: 300, heldPaise: 0, availablePaise: 300 });
  });

  it('never places the same hold twice, and says so', async () => {
    const account = newAccount();
    await wallet.credit(account, 500, 'topup');
    expect(await wallet.hold(account, 'h', 200, 'call', 60_000)).toEqual({ ok: true });
    expect(await wallet.hold(account, 'h', 200, 'another call', 60_000)).toEqual({ ok: false, reason: 'exists' });
    expect(await wallet.hold(account, 'h', 100, 'call', 60_000)).toEqual({ ok: false, reason: 'exists' });
    expect((await wallet.balance(account)).heldPaise).toBe(200);
    expect((await wallet.ledger(account, 10)).entries.map((e) => e.type)).toEqual(['hold', 'topup']);
  });

  it('answers a hold sent again word for word (a resend after a lost reply) as placed, holding once', async () => {
    const account = newAccount();
    await wallet.credit(account, 500, 'topup');
    const keys = createRedisKeys(prefix);
    const args = [keys.wallet(account), keys.holds(account), keys.ledger(account), new Date().toISOString(), 'h', 200, Date.now() + 60_000, 'call'];
    expect(await runScript(redis, HOLD, ...args)).toEqual(['ok', 300]);
    expect(await runScript(redis, HOLD, ...args)).toEqual(['ok', 300]);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 500, heldPaise: 200, availablePaise: 300 });
    expect((await wallet.ledger(account, 10)).entries.map((e) => e.type)).toEqual(['hold', 'topup']);
  });

  it('refuses a charge that is not whole paise and leaves the hold open', async () => {
    const account = newAccount();
    await wallet.credit(account, 500, 'topup');
    await wallet.hold(account, 'h', 200, 'call', 60_000);
    await expect(wallet.commit(account, 'h', 1.5)).rejects.toThrow(RangeError);
    await expect(wallet.commit(account, 'h', -1)).rejects.toThrow(RangeError);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 500, heldPaise: 200, availablePaise: 300 });
    expect(await wallet.commit(account, 'h', 200)).toBe(200);
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
  });

  it('refuses a hold above the available balance and records nothing', async () => {
    const account = newAccount();
    await wallet.credit(account, 100, 'topup');
    await wallet.hold(account, 'a', 60, 'call-a', 60_000);
    expect(await wallet.hold(account, 'b', 50, 'call-b', 60_000)).toEqual({ ok: false, reason: 'insufficient', availablePaise: 40 });
    expect((await wallet.ledger(account, 10)).entries).toHaveLength(2);
  });

  it('lets the sweeper release only holds past their expiry', async () => {
    const account = newAccount();
    await wallet.credit(account, 1000, 'topup');
    await wallet.hold(account, 'short', 300, 'call-short', 1);
    await wallet.hold(account, 'long', 200, 'call-long', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await wallet.sweepExpiredHolds()).toBe(1);
    expect(await wallet.sweepExpiredHolds()).toBe(0);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 200, availablePaise: 800 });
    // The swept hold is resolved: a late commit charges nothing.
    expect(await wallet.commit(account, 'short', 300)).toBeUndefined();
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
  });

  it('pages the ledger newest first with a cursor', async () => {
    const account = newAccount();
    for (let i = 1; i <= 5; i++) await wallet.credit(account, i, `topup-${i}`);
    const first = await wallet.ledger(account, 2);
    const second = await wallet.ledger(account, 2, first.next);
    const third = await wallet.ledger(account, 2, second.next);
    expect([...first.entries, ...second.entries, ...third.entries].map((e) => e.reference)).toEqual([
      'topup-5',
      'topup-4',
      'topup-3',
      'topup-2',
      'topup-1',
    ]);
    expect(third.next).toBeUndefined();
  });

  it('reconciles while calls are running, from one consistent moment', async () => {
    const account = newAccount();
    await wallet.credit(account, 100_000, 'topup');
    const calls = Array.from({ length: 200 }, async (_, i) => {
      await wallet.hold(account, `c${i}`, 75, `call-${i}`, 60_000);
      await wallet.commit(account, `c${i}`, i % 2 === 0 ? 75 : 0);
    });
    const checks = Array.from({ length: 20 }, () => reconcileAccount(wallet, account));
    const results = await Promise.all([...checks, ...calls.map((c) => c.then(() => undefined))]);
    for (const result of results.slice(0, 20)) expect(result).toMatchObject({ ok: true, problems: [] });
    expect(await reconcileAccount(wallet, account)).toMatchObject({ ok: true, commitsPaise: 7_500 });
  });

  it('places concurrent holds of one account in one script call, each seeing the ones before it', async () => {
    const account = newAccount();
    const other = newAccount();
    await wallet.credit(account, 1000, 'topup');
    await wallet.credit(other, 100, 'topup');
    const evalsha = vi.spyOn(redis, 'evalsha');
    try {
      const holds = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => wallet.hold(account, `h${i}`, 100, `call-${i}`, 60_000)),
        wallet.hold(account, 'h0', 100, 'call-0 again', 60_000),
        wallet.hold(other, 'o', 100, 'other-call', 60_000),
      ]);
      // One script call per account, not one per hold.
      expect(evalsha).toHaveBeenCalledTimes(2);
      expect(holds.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => ({ ok: true })));
      expect(holds.slice(10, 12)).toEqual([
        { ok: false, reason: 'insufficient', availablePaise: 0 },
        { ok: false, reason: 'insufficient', availablePaise: 0 },
      ]);
      expect(holds[12]).toEqual({ ok: false, reason: 'exists' });
      expect(holds[13]).toEqual({ ok: true });
      expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 1000, availablePaise: 0 });

      evalsha.mockClear();
      // Commits and releases of one turn go together too, and charge what each call says.
      const charged = await Promise.all(Array.from({ length: 10 }, (_, i) => (i < 4 ? wallet.commit(account, `h${i}`, 100) : wallet.release(account, `h${i}`))));
      expect(evalsha).toHaveBeenCalledTimes(1);
      expect(charged).toEqual([100, 100, 100, 100, undefined, undefined, undefined, undefined, undefined, undefined]);
      expect(await wallet.balance(account)).toEqual({ balancePaise: 600, heldPaise: 0, availablePaise: 600 });
    } finally {
      evalsha.mockRestore();
    }
    // Only the placed holds were ever registered for the sweeper, and resolving removed them.
    const expiries = await redis.zrange(createRedisKeys(prefix).holdExpiries(), 0, -1);
    expect(expiries.filter((member) => member.startsWith(`${account}|`))).toEqual([]);
    const { entries } = await wallet.ledger(account, 100);
    expect(entries.filter((e) => e.type === 'hold')).toHaveLength(10);
    expect(entries.filter((e) => e.type === 'commit').map((e) => e.amountPaise)).toEqual([100, 100, 100, 100]);
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
    expect((await reconcileAccount(wallet, other)).ok).toBe(true);
  });

  it('keeps the sweeper entries of holds whose commit failed, so their money is still released', async () => {
    const account = newAccount();
    const keys = createRedisKeys(prefix);
    await wallet.credit(account, 1000, 'topup');
    await wallet.hold(account, 'good', 300, 'call-good', 1);
    await wallet.hold(account, 'bad', 200, 'call-bad', 1);
    // A hold Redis cannot read fails the whole batch's script before it writes anything.
    const stored = (await redis.hget(keys.holds(account), 'bad')) as string;
    await redis.hset(keys.holds(account), 'bad', 'unreadable');
    const commits = await Promise.allSettled([wallet.commit(account, 'good', 300), wallet.commit(account, 'bad', 200)]);
    expect(commits.map((c) => c.status)).toEqual(['rejected', 'rejected']);
    await redis.ping();
    const entries = (await redis.zrange(keys.holdExpiries(), 0, -1)).filter((member) => member.startsWith(`${account}|`));
    expect(entries.sort()).toEqual([`${account}|bad`, `${account}|good`]);

    // The sweeper passes over the hold it cannot read, releases the other and names the first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(wallet.sweepExpiredHolds()).rejects.toThrow(`released 1 expired hold(s), but could not release 1: ${account}|bad`);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 200, availablePaise: 800 });
    await redis.hset(keys.holds(account), 'bad', stored);
    expect(await wallet.sweepExpiredHolds()).toBe(1);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 0, availablePaise: 1000 });
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
  });

  it('keeps the sweeper entry of a hold placed after the same id was refused in its batch', async () => {
    const account = newAccount();
    await wallet.credit(account, 100, 'topup');
    const [refused, placed] = await Promise.all([wallet.hold(account, 'x', 500, 'call-big', 1), wallet.hold(account, 'x', 50, 'call-small', 1)]);
    expect(refused).toEqual({ ok: false, reason: 'insufficient', availablePaise: 100 });
    expect(placed).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await wallet.sweepExpiredHolds()).toBe(1);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 100, heldPaise: 0, availablePaise: 100 });
  });

  it('refuses a hold whose time to live is not whole milliseconds, before anything is written', async () => {
    const account = newAccount();
    await wallet.credit(account, 100, 'topup');
    await expect(wallet.hold(account, 'h', 50, 'call', 1.5)).rejects.toThrow(RangeError);
    await expect(wallet.hold(account, 'h', 50, 'call', 0)).rejects.toThrow(RangeError);
    expect(await wallet.balance(account)).toEqual({ balancePaise: 100, heldPaise: 0, availablePaise: 100 });
  });

  it('fails a batch of commits before any write when one of its holds is unreadable', async () => {
    const account = newAccount();
    await wallet.credit(account, 1000, 'topup');
    await wallet.hold(account, 'good', 100, 'call-good', 60_000);
    await wallet.hold(account, 'bad', 100, 'call-bad', 60_000);
    // A hold damaged outside the wallet (by hand, or by an older version's bug).
    await redis.hset(createRedisKeys(prefix).holds(account), 'bad', '100|not-a-time|call-bad');
    const results = await Promise.allSettled([wallet.commit(account, 'good', 100), wallet.commit(account, 'bad', 100)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // Nothing was charged: the good hold is still open and can be committed on its own.
    expect(await wallet.balance(account)).toEqual({ balancePaise: 1000, heldPaise: 200, availablePaise: 800 });
    expect(await wallet.commit(account, 'good', 100)).toBe(100);
  });

  it('still reaches Redis when a test fakes the timers', async () => {
    const account = newAccount();
    await wallet.credit(account, 100, 'topup');
    vi.useFakeTimers();
    try {
      expect(await wallet.hold(account, 'h', 50, 'call', 60_000)).toEqual({ ok: true });
      expect(await wallet.commit(account, 'h', 50)).toBe(50);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reconciliation reports a wallet changed outside the ledger', async () => {
    const account = newAccount();
    await wallet.credit(account, 1000, 'topup');
    await redis.hincrby(createRedisKeys(prefix).wallet(account), 'balance_paise', 1);
    const result = await reconcileAccount(wallet, account);
    expect(result.ok).toBe(false);
    expect(result.differencePaise).toBe(-1);
  });

  it('reconciliation reports holds the sweeper left long past their expiry, and unreadable ones', async () => {
    const account = newAccount();
    const keys = createRedisKeys(prefix);
    await wallet.credit(account, 1000, 'topup');
    await wallet.hold(account, 'stuck', 300, 'call-stuck', 1_000);
    await wallet.hold(account, 'fresh', 100, 'call-fresh', 3_600_000);
    // Within the sweeper's reach the books balance; a minute past the expiry they do not.
    expect((await reconcileAccount(wallet, account, Date.now() + 30_000)).ok).toBe(true);
    const late = await reconcileAccount(wallet, account, Date.now() + 120_000);
    expect(late).toMatchObject({ ok: false, differencePaise: 0 });
    expect(late.problems).toEqual(['1 open hold(s) of 300 paise are more than 60 s past their expiry: the sweeper has not released them']);

    await redis.hset(keys.holds(account), 'fresh', 'unreadable');
    const broken = await reconcileAccount(wallet, account);
    expect(broken.problems).toContain('open hold(s) fresh cannot be read, so neither a commit nor the sweeper can resolve them');
  });

  it("reconciliation reports a ledger entry whose running balance does not follow from the ones before it", async () => {
    const account = newAccount();
    await wallet.credit(account, 1000, 'topup');
    await wallet.hold(account, 'h', 400, 'call', 60_000);
    await wallet.commit(account, 'h', 150);
    expect((await reconcileAccount(wallet, account)).ok).toBe(true);
    // An entry written outside the scripts, with a balance the entries before it do not give.
    const id = await redis.xadd(createRedisKeys(prefix).ledger(account), '*', 'type', 'hold', 'amount_paise', '0', 'balance_paise', '900', 'reference', 'x', 'at', 'now');
    const result = await reconcileAccount(wallet, account);
    expect(result.problems).toEqual([`ledger entry ${id} shows a balance of 900 paise, but the entries up to it give 850 paise`]);
  });

  describe('charges from an open hold (bulk rows)', () => {
    it('charges each key once, keeps the hold open for the rest, and reconciles after the release', async () => {
      const account = newAccount();
      await wallet.credit(account, 1000, 'topup');
      expect(await wallet.hold(account, 'job-1', 300, 'job job-1', 600_000)).toEqual({ ok: true });
      expect(await wallet.chargePart(account, 'job-1', 'row-1', 75, 'job-1 row 1')).toEqual({ status: 'ok', paise: 75 });
      // A chunk that runs twice finds its row already charged.
      expect(await wallet.chargePart(account, 'job-1', 'row-1', 75, 'job-1 row 1')).toEqual({ status: 'duplicate', paise: 75 });
      expect(await wallet.chargePart(account, 'job-1', 'row-2', 75, 'job-1 row 2')).toEqual({ status: 'ok', paise: 75 });
      expect(await wallet.balance(account)).toEqual({ balancePaise: 850, heldPaise: 150, availablePaise: 700 });
      expect((await reconcileAccount(wallet, account)).ok).toBe(true);
      expect(await wallet.chargePart(account, 'job-1', 'row-3', 200, 'job-1 row 3')).toEqual({ status: 'insufficient', paise: 150 });
      await wallet.release(account, 'job-1');
      expect(await wallet.balance(account)).toEqual({ balancePaise: 850, heldPaise: 0, availablePaise: 850 });
      expect(await wallet.chargePart(account, 'job-1', 'row-4', 75, 'job-1 row 4')).toEqual({ status: 'resolved', paise: 0 });
      // A row charged before the release is still answered as charged (a chunk run twice, its
      // second run after the job's release, writes it as billed, as the ledger has it).
      expect(await wallet.chargePart(account, 'job-1', 'row-1', 75, 'job-1 row 1')).toEqual({ status: 'duplicate', paise: 75 });
      const { entries } = await wallet.ledger(account, 10);
      expect(entries.map((e) => [e.type, e.amountPaise, e.reference])).toEqual([
        ['release', 150, 'job job-1'],
        ['commit', 75, 'job-1 row 2'],
        ['commit', 75, 'job-1 row 1'],
        ['hold', 300, 'job job-1'],
        ['topup', 1000, 'topup'],
      ]);
      expect((await reconcileAccount(wallet, account)).ok).toBe(true);
      // The part-charge records go an hour after the hold (the ledger keeps the commits): a
      // finished job leaves nothing per row in Redis for long.
      expect(await wallet.holdCharges(account, 'job-1')).toEqual(new Map([['row-1', 75], ['row-2', 75]]));
      const left = await redis.pttl(createRedisKeys(prefix).holdCharges(account, 'job-1', 'live'));
      expect(left).toBeGreaterThan(59 * 60_000);
      expect(left).toBeLessThanOrEqual(60 * 60_000);
    });

    it('releases a hold that was charged to the last paisa', async () => {
      const account = newAccount();
      await wallet.credit(account, 500, 'topup');
      await wallet.hold(account, 'job-3', 150, 'job job-3', 600_000);
      await wallet.chargePart(account, 'job-3', 'row-1', 75, 'row 1');
      await wallet.chargePart(account, 'job-3', 'row-2', 75, 'row 2');
      await wallet.release(account, 'job-3');
      expect(await wallet.balance(account)).toEqual({ balancePaise: 350, heldPaise: 0, availablePaise: 350 });
      expect(await wallet.chargePart(account, 'job-3', 'row-3', 75, 'row 3')).toEqual({ status: 'resolved', paise: 0 });
      expect((await reconcileAccount(wallet, account)).ok).toBe(true);
    });

    it('charges a chunk of rows in one call, each row once, and changes nothing when one amount is bad', async () => {
      const account = newAccount();
      await wallet.credit(account, 1000, 'topup');
      await wallet.hold(account, 'job-4', 250, 'job job-4', 600_000);
      await wallet.chargePart(account, 'job-4', 'row:1', 75, 'job-4 row 1');
      const charges = [
        { key: 'row:1', amountPaise: 75, reference: 'job-4 row 1' },
        { key: 'row:2', amountPaise: 75, reference: 'job-4 row 2' },
        { key: 'row:3', amountPaise: 75, reference: 'job-4 row 3' },
        { key: 'row:4', amountPaise: 75, reference: 'job-4 row 4' },
      ];
      await expect(wallet.chargeParts(account, 'job-4', [...charges, { key: 'row:5', amountPaise: 1.5, reference: 'bad' }])).rejects.toThrow(/whole paise/);
      expect((await wallet.balance(account)).balancePaise).toBe(925);
      expect(await wallet.chargeParts(account, 'job-4', charges)).toEqual([
        { status: 'duplicate', paise: 75 },
        { status: 'ok', paise: 75 },
        { status: 'ok', paise: 75 },
        { status: 'insufficient', paise: 25 },
      ]);
      // The chunk runs again: nothing is charged twice.
      expect((await wallet.chargeParts(account, 'job-4', charges.slice(0, 3))).map((c) => c.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      expect(await wallet.balance(account)).toEqual({ balancePaise: 775, heldPaise: 25, availablePaise: 750 });
      const { entries } = await wallet.ledger(account, 3);
      expect(entries.map((e) => [e.type, e.amountPaise, e.reference])).toEqual([
        ['commit', 75, 'job-4 row 3'],
        ['commit', 75, 'job-4 row 2'],
        ['commit', 75, 'job-4 row 1'],
      ]);
      expect((await reconcileAccount(wallet, account)).ok).toBe(true);
    });

    it('charges a key once under 50 concurrent attempts', async () => {
      const account = newAccount();
      await wallet.credit(account, 1000, 'topup');
      await wallet.hold(account, 'job-2', 500, 'job job-2', 600_000);
      const results = await Promise.all(Array.from({ length: 50 }, () => wallet.chargePart(account, 'job-2', 'row-9', 100, 'row 9')));
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
      expect((await wallet.balance(account)).balancePaise).toBe(900);
      expect((await reconcileAccount(wallet, account)).ok).toBe(true);
    });
  });
});
