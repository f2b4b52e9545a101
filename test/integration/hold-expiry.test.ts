import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createRedisKeys } from '../../src/store/keys.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('a process killed between hold and commit', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("loses no money: after the hold's expiry a server's sweeper releases it and the ledger reconciles", async () => {
    const redisUrl = inject('redisUrl');
    const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
    const redis = new Redis(redisUrl);
    cleanup.push(async () => {
      const found = await redis.keys(`${prefix}:*`);
      if (found.length > 0) await redis.del(...found);
      await redis.quit();
    });
    const wallet = new WalletStore(redis, createRedisKeys(prefix));
    const accountId = `acct_${randomBytes(8).toString('hex')}`;
    await wallet.credit(accountId, 10_000, 'topup');

    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/helpers/hold-then-hang.ts', redisUrl, prefix, accountId, 'req_killed', '750', '1500'],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout?.on('data', (chunk: Buffer) => (chunk.toString().includes('held') ? resolve() : undefined));
      holder.once('exit', () => reject(new Error('the holder exited before holding')));
    });
    expect(await wallet.balance(accountId)).toEqual({ balancePaise: 10_000, heldPaise: 750, availablePaise: 9_250 });
    const killed = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await killed;

    // A real API process on the same Redis sweeps every 200 ms.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-sweep-'));
    const server: ServerProcess = await startServerProcess({
      REDIS_URL: redisUrl,
      BV_KEY_PREFIX: prefix,
      BV_DATA_DIR: dataDir,
      BV_ADMIN_TOKEN: 'sweep-test-admin-token-0123456789',
      BV_HOLD_SWEEP_INTERVAL_MS: '200',
    });
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => server.stop());

    const deadline = Date.now() + 15_000;
    while ((await wallet.balance(accountId)).heldPaise !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await wallet.balance(accountId)).toEqual({ balancePaise: 10_000, heldPaise: 0, availablePaise: 10_000 });
    const { entries } = await wallet.ledger(accountId, 10);
    expect(entries.map((e) => [e.type, e.amountPaise, e.reference])).toEqual([
      ['release', 750, 'req_killed'],
      ['hold', 750, 'req_killed'],
      ['topup', 10_000, 'topup'],
    ]);
    expect(await reconcileAccount(wallet, accountId)).toMatchObject({ ok: true, differencePaise: 0, problems: [] });
  });
});
