import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisKeys } from '../../src/store/keys.js';
import { DEFAULT_APPEND_FSYNC, type AppendFsync } from '../../src/runtime/managed-redis-server.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { buildSyncLogShim, findCompiler, startPowerCutRedis } from '../helpers/power-cut-redis.js';

const compiler = findCompiler();
if (compiler === undefined) console.warn('power-loss test skipped: no gcc on PATH to build its fault injector (apt-get install -y gcc)');

const ACCOUNT = 'acct_powercut';
/** How long the money moves run before the power is cut: several of everysec's fsyncs. */
const CUT_AFTER_MS = 1_500;
const CALL_LOOPS = 24;
const CREDIT_LOOPS = 4;

interface Outcome {
  acknowledged: { credits: number; holds: number; commits: number };
  lost: { credits: string[]; holds: string[]; commits: string[] };
  droppedBytes: number;
  reconciled: boolean;
  problems: string[];
}

/**
 * Money moves through the service's wallet code (holds committed as a sync call commits
 * them, and credits), from many callers at once against a redis-server run as the managed
 * Redis runs it; every change Redis acknowledged is noted. The power is cut mid-stream, the
 * server started again on what its disk kept, and each acknowledged change looked up in the
 * ledger.
 */
async function cutPowerDuringMoneyMoves(shim: string, appendfsync: AppendFsync): Promise<Outcome> {
  const server = await startPowerCutRedis(shim, appendfsync);
  const keys = createRedisKeys(`bvtest:power:${appendfsync}`);
  try {
    // No reconnect: nothing this client sends reaches the server after the cut.
    const client = new Redis(server.url, { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    const wallet = new WalletStore(client, keys);
    await wallet.credit(ACCOUNT, 1_000_000_000, 'opening');

    const acked = { credits: new Set<string>(), holds: new Set<string>(), commits: new Set<string>() };
    let cut = false;
    const calls = async (loop: number) => {
      for (let i = 0; !cut; i++) {
        const holdId = `call-${loop}-${i}`;
        try {
          const held = await wallet.hold(ACCOUNT, holdId, 500, holdId, 600_000);
          if (!held.ok) throw new Error(`hold refused: ${held.reason}`);
          acked.holds.add(holdId);
          if ((await wallet.commit(ACCOUNT, holdId, 300)) !== undefined) acked.commits.add(holdId);
        } catch {
          return;
        }
      }
    };
    const credits = async (loop: number) => {
      for (let i = 0; !cut; i++) {
        const reference = `credit-${loop}-${i}`;
        try {
          await wallet.credit(ACCOUNT, 100, reference);
          acked.credits.add(reference);
        } catch {
          return;
        }
      }
    };
    const running = [...Array.from({ length: CALL_LOOPS }, (_, loop) => calls(loop)), ...Array.from({ length: CREDIT_LOOPS }, (_, loop) => credits(loop))];
    await sleep(CUT_AFTER_MS);
    const droppedBytes = await server.cutPower();
    // Replies that arrive now left Redis before the cut: they count as acknowledged.
    cut = true;
    await Promise.all(running);
    client.disconnect();

    await server.restart();
    const after = new Redis(server.url);
    try {
      const restored = new WalletStore(after, keys);
      const present = { topup: new Set<string>(), hold: new Set<string>(), commit: new Set<string>(), release: new Set<string>() };
      for await (const entry of restored.allLedgerEntries(ACCOUNT)) present[entry.type].add(entry.reference);
      const reconciliation = await reconcileAccount(restored, ACCOUNT);
      return {
        acknowledged: { credits: acked.credits.size, holds: acked.holds.size, commits: acked.commits.size },
        lost: {
          credits: [...acked.credits].filter((reference) => !present.topup.has(reference)),
          holds: [...acked.holds].filter((holdId) => !present.hold.has(holdId)),
          commits: [...acked.commits].filter((holdId) => !present.commit.has(holdId)),
        },
        droppedBytes,
        reconciled: reconciliation.ok,
        problems: reconciliation.problems,
      };
    } finally {
      after.disconnect();
    }
  } finally {
    await server.close();
  }
}

describe.skipIf(compiler === undefined)('a power cut while money moves (AOF writes not yet fsynced are lost)', { timeout: 60_000 }, () => {
  let buildDir: string;
  let shim: string;
  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'bv-aof-shim-'));
    shim = await buildSyncLogShim(compiler as string, buildDir);
  });
  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true });
  });

  it('loses no acknowledged charge, hold or credit under the default fsync mode, and the books reconcile', async () => {
    const outcome = await cutPowerDuringMoneyMoves(shim, DEFAULT_APPEND_FSYNC);
    // Enough traffic that a loss would show.
    expect(outcome.acknowledged.commits).toBeGreaterThan(100);
    expect(outcome.acknowledged.credits).toBeGreaterThan(20);
    const { credits, holds, commits } = outcome.lost;
    expect({ credits: credits.length, holds: holds.length, commits: commits.length }, `lost, e.g.: ${[...credits, ...holds, ...commits].slice(0, 5).join(', ')}`).toEqual({ credits: 0, holds: 0, commits: 0 });
    expect(outcome.problems).toEqual([]);
    expect(outcome.reconciled).toBe(true);
  });

  it('does lose acknowledged changes under everysec: the fault injector really drops what was not fsynced', async () => {
    const outcome = await cutPowerDuringMoneyMoves(shim, 'everysec');
    expect(outcome.droppedBytes).toBeGreaterThan(0);
    const lost = outcome.lost.credits.length + outcome.lost.holds.length + outcome.lost.commits.length;
    expect(lost, JSON.stringify({ acknowledged: outcome.acknowledged, droppedBytes: outcome.droppedBytes })).toBeGreaterThan(0);
  });
});
