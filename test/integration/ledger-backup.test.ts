import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/store/accounts/accounts.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { startManagedRedis, type ManagedRedis } from '../../src/runtime/managed-redis.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { runBv } from '../helpers/run-bv.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { istTimestamp } from '../../src/domain/dates.js';

const GSTIN = '27AAPFU0939F1ZV';

interface ExportedLine {
  account_id: string;
  /** Which of the account's wallets (live or sandbox). */
  wallet: string;
  id: string;
  type: string;
  amount_inr: number;
  balance_inr: number;
  reference: string;
  at: string;
  operation: string | null;
  identifier: string | null;
}

/**
 * Backups you can restore (issue 26): `bv admin ledger export` against the real app, and the
 * docs/money.md's restore drill on a managed Redis of the test's own: its AOF folder copied while the
 * service runs, a fresh redis-server started on the copy, and the books checked there.
 */
describe('ledger backups and the restore drill', { timeout: 60_000 }, () => {
  let tmp: string;
  let redis: ManagedRedis;
  let t: TestApp;
  let baseUrl: string;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bv-ledger-backup-'));
    redis = await startManagedRedis({ dataDir: path.join(tmp, 'live') });
    t = await createTestApp({ redisUrl: redis.url, env: { BV_DATA_DIR: path.join(tmp, 'live') } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await t.close();
    await redis.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function exportLedger(args: string[]): Promise<{ code: number | null; lines: ExportedLine[]; stderr: string }> {
    const { code, stdout, stderr } = await runBv(['admin', 'ledger', 'export', ...args], { BV_BASE_URL: baseUrl, BV_ADMIN_TOKEN: ADMIN_TOKEN });
    const lines = stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as ExportedLine);
    return { code, lines, stderr };
  }

  const verify = async (count: number) => {
    const answers = await Promise.all(Array.from({ length: count }, () => t.post('/v1/gst/verify', { gstin: GSTIN })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  };

  it('exports every ledger entry exactly once across exports made while money moves, and the restored copy of Redis\'s files holds them all and reconciles', async () => {
    const other = (await t.admin('POST', '/admin/v1/accounts', { name: 'Second customer', balance_inr: 250 })).json() as { account_id: string };
    await verify(5);
    expect((await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 99.5, reference: 'invoice-1' })).statusCode).toBe(200);
    const cursorFile = path.join(tmp, 'ledger.cursor');

    const first = await exportLedger(['--cursor-file', cursorFile]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^Cursor: \d+-\d+ \(continue with --after \d+-\d+\)$/m);
    // Both accounts' opening credits, the calls' holds and commits, the top-up.
    expect(new Set(first.lines.map((line) => line.account_id))).toEqual(new Set([t.accountId, other.account_id]));
    expect(first.lines.filter((line) => line.type === 'commit')).toHaveLength(5);

    // Calls keep running while the next export reads: each entry lands in exactly one export.
    const moving = verify(40);
    await sleep(20);
    const second = await exportLedger(['--cursor-file', cursorFile]);
    await moving;
    expect((await t.admin('POST', `/admin/v1/accounts/${other.account_id}/credits`, { amount_inr: 10, reference: 'invoice-2' })).statusCode).toBe(200);
    const third = await exportLedger(['--cursor-file', cursorFile]);
    const fourth = await exportLedger(['--cursor-file', cursorFile]);
    for (const ran of [second, third, fourth]) expect(ran.code, ran.stderr).toBe(0);
    expect(fourth.lines).toEqual([]);
    const one = await exportLedger([other.account_id]);
    expect(one.lines.every((line) => line.account_id === other.account_id)).toBe(true);

    const exported = [...first.lines, ...second.lines, ...third.lines];
    const wallet = t.deps.wallet;
    const everyEntry: string[] = [];
    // Both wallets of each account: the export covers live and sandbox money, each line saying which.
    for (const accountId of [t.accountId, other.account_id]) {
      for (const environment of ['live', 'sandbox'] as const) {
        for await (const entry of wallet.of(environment).allLedgerEntries(accountId)) everyEntry.push(`${accountId}/${environment}/${entry.id}`);
      }
    }
    const exportedIds = exported.map((line) => `${line.account_id}/${line.wallet}/${line.id}`);
    expect(exportedIds.length).toBe(new Set(exportedIds).size);
    expect(new Set(exportedIds)).toEqual(new Set(everyEntry));
    expect(exported.filter((line) => line.type === 'commit')).toHaveLength(45);

    // The drill (docs/money.md "Durability"): no AOF rewrite while the folder is copied, then back on.
    const live = new Redis(redis.url);
    cleanup.push(() => live.quit());
    await live.config('SET', 'auto-aof-rewrite-percentage', '0');
    while (/aof_rewrite_in_progress:1/.test(await live.info('persistence'))) await sleep(50);
    const restoredDir = path.join(tmp, 'restored');
    await mkdir(path.join(restoredDir, 'redis'), { recursive: true, mode: 0o700 });
    await cp(path.join(tmp, 'live', 'redis', 'appendonlydir'), path.join(restoredDir, 'redis', 'appendonlydir'), { recursive: true });
    await live.config('SET', 'auto-aof-rewrite-percentage', '100');

    const fresh = await startManagedRedis({ dataDir: restoredDir });
    cleanup.push(() => fresh.stop());
    const restoredRedis = new Redis(fresh.url);
    cleanup.push(() => restoredRedis.quit());
    const keys = createRedisKeys(t.deps.keys.prefix);
    const restoredWallet = new WalletStore(restoredRedis, keys);
    const accountIds = await new AccountStore(restoredRedis, keys).listIds();
    expect(accountIds.sort()).toEqual([t.accountId, other.account_id].sort());
    for (const accountId of accountIds) {
      const reconciliation = await reconcileAccount(restoredWallet, accountId);
      expect(reconciliation.problems).toEqual([]);
      expect(reconciliation.ok).toBe(true);
    }
    const restored = new Map<string, ExportedLine>();
    for (const accountId of accountIds) {
      for (const environment of ['live', 'sandbox'] as const) {
      for await (const entry of restoredWallet.of(environment).allLedgerEntries(accountId)) {
        restored.set(`${accountId}/${environment}/${entry.id}`, {
          account_id: accountId,
          wallet: environment,
          id: entry.id,
          type: entry.type,
          amount_inr: entry.amountPaise / 100,
          balance_inr: entry.balancePaise / 100,
          reference: entry.reference,
          // Stored in UTC, exported with the +05:30 offset (issue 28, point 11); the same instant.
          at: istTimestamp(new Date(entry.at)),
          operation: entry.operation ?? null,
          identifier: entry.identifier ?? null,
        });
      }
      }
    }
    for (const line of exported) expect(restored.get(`${line.account_id}/${line.wallet}/${line.id}`)).toEqual(line);
  });

  it('refuses a cursor that is not one, and an account that does not exist', async () => {
    const badCursor = await t.admin('GET', '/admin/v1/ledger/export?after=yesterday');
    expect(badCursor.statusCode).toBe(400);
    const missing = await t.admin('GET', '/admin/v1/ledger/export?account=acct_nobody');
    expect(missing.statusCode).toBe(404);
  });
});
