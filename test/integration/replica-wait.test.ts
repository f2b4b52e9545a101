import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBilled } from '../../src/store/wallet/billing.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { isRedisUnreachable } from '../../src/store/redis/redis-errors.js';
import { checkRedisReplication } from '../../src/runtime/redis-replication-check.js';
import { ReplicaWait, ReplicaWaitTimeoutError } from '../../src/store/redis/replica-wait.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { REDIS_PASSWORD, startSentinelCluster, type SentinelCluster } from '../helpers/sentinel-cluster.js';

const KEYS = createRedisKeys(`bvtest:replica-wait:${process.pid}`);
const silent = { warn: () => undefined };

/**
 * Money acknowledged only once a replica has it (docs/deployment.md "High availability"): the wallet's
 * WAIT, against a real primary and replica. A turn's money changes share one WAIT; a change no
 * replica confirms in time is an error the caller retries (503), and a hold no replica
 * confirmed does not run its call.
 */
describe('the wallet under Sentinel: WAIT for a replica', () => {
  let cluster: SentinelCluster;
  let redis: Redis;
  let wallet: WalletStore;

  beforeAll(async () => {
    cluster = await startSentinelCluster();
    const primary = await cluster.primary();
    // As the service's main connection: auto-pipelined.
    redis = new Redis({ host: primary.host, port: primary.port, password: REDIS_PASSWORD, enableAutoPipelining: true, maxRetriesPerRequest: 1 });
    wallet = new WalletStore(redis, KEYS, { replicaWait: { replicas: 1, timeoutMs: 500 } });
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await cluster?.close();
  });

  const waitCalls = async (): Promise<number> => Number(/cmdstat_wait:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);

  it('answers a turn of money changes for many accounts after one WAIT, not one each', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => `acct_wait_${i}`);
    await Promise.all(accounts.map((account) => wallet.credit(account, 10_000, `topup-${account}`)));
    const before = await waitCalls();
    const holds = await Promise.all(accounts.flatMap((account) => [1, 2, 3, 4, 5].map((n) => wallet.hold(account, `hold-${n}`, 100, `call-${n}`, 60_000))));
    expect(holds.every((hold) => hold.ok)).toBe(true);
    const waits = (await waitCalls()) - before;
    // 20 script calls (one per account's batch) went out in one turn; their WAITs, one per
    // turn in which replies came back: a few at most.
    expect(waits).toBeGreaterThanOrEqual(1);
    expect(waits).toBeLessThanOrEqual(3);
    // And they are on the replica when answered.
    const primary = await cluster.primary();
    const replica = cluster.nodes.find((node) => node !== primary)!;
    expect(await replica.command('HGET', KEYS.wallet('acct_wait_7'), 'held_paise')).toBe('500');
  });

  it('refuses a hold no replica confirms in time, and does not run its call', async () => {
    await wallet.credit('acct_stalled', 10_000, 'topup');
    const primary = await cluster.primary();
    const replica = cluster.nodes.find((node) => node !== primary)!;
    replica.stallReplication();
    let ran = false;
    try {
      const started = Date.now();
      const billed = runBilled(wallet, { accountId: 'acct_stalled', reference: 'call-stalled', maxPaise: 100, holdTtlMs: 60_000 }, async () => {
        ran = true;
        return { result: 'done', costPaise: 100 };
      });
      const error = await billed.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ReplicaWaitTimeoutError);
      expect(error).toMatchObject({ acknowledged: 0, wanted: 1, timeoutMs: 500 });
      // Told to retry (503), as for Redis out of reach.
      expect(isRedisUnreachable(error)).toBe(true);
      expect(ran).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      replica.unstallReplication();
    }
    // The replica catches up, and money is answered again.
    await cluster.waitForReplica(replica);
    expect(await wallet.credit('acct_stalled', 100, 'after')).toMatchObject({ duplicate: false });
  });

  it('takes no WAIT sent after its connection dropped as a confirmation of the writes made before', async () => {
    const primary = await cluster.primary();
    const replica = cluster.nodes.find((node) => node !== primary)!;
    const own = new Redis({ host: primary.host, port: primary.port, password: REDIS_PASSWORD, enableAutoPipelining: true });
    const wait = new ReplicaWait(own, 1, 2_000);
    replica.stallReplication();
    try {
      // The write reaches the primary alone; then the connection drops before the WAIT goes.
      const epoch = wait.current;
      await own.set(KEYS.wallet('acct_reconnected'), 'written');
      own.disconnect(true);
      const confirmed = await wait.afterWrites(epoch).then(
        () => 'confirmed',
        (error: unknown) => (error as Error).message,
      );
      // A WAIT on the new connection counts none of the old one's writes: after a failover it
      // is answered at once by the new primary's replica (sentinel-failover.test.ts's bulk job
      // billed rows short, one run in three or four, until this was checked). It is refused
      // as soon as its answer comes, for what it is.
      expect(confirmed).toBe('the connection to the primary dropped before a replica confirmed the write');
      expect(await replica.command('GET', KEYS.wallet('acct_reconnected'))).toBe('null');
    } finally {
      replica.unstallReplication();
      own.disconnect();
    }
    await cluster.waitForReplica(replica);
  });

  it('takes no WAIT as confirming writes sent before the connection last dropped, however late it is asked for', async () => {
    const primary = await cluster.primary();
    const replica = cluster.nodes.find((node) => node !== primary)!;
    const own = new Redis({ host: primary.host, port: primary.port, password: REDIS_PASSWORD });
    const wait = new ReplicaWait(own, 1, 2_000);
    replica.stallReplication();
    try {
      // A money script answered, then the connection dropped and came back, and another
      // command (the committed-paise metric of chargeParts) answered on the new one before
      // the WAIT was asked for. Such a WAIT counts none of the first write: a new
      // connection's WAIT is answered at once. After a failover the write is simply gone.
      const epoch = wait.current;
      await own.set(KEYS.wallet('acct_late_wait'), 'written');
      const back = new Promise((resolve) => own.once('ready', resolve));
      own.disconnect(true);
      await back;
      expect(await own.ping()).toBe('PONG');
      const confirmed = await wait.afterWrites(epoch).then(
        () => 'confirmed',
        (error: unknown) => (error as Error).message,
      );
      // Refused for what it is, at once, not after waiting out a WAIT that proves nothing.
      expect(confirmed).toBe('the connection to the primary dropped before a replica confirmed the write');
      expect(await replica.command('GET', KEYS.wallet('acct_late_wait'))).toBe('null');
    } finally {
      replica.unstallReplication();
      own.disconnect();
    }
    await cluster.waitForReplica(replica);
  });

  it('warns at start-up when the primary has no replica or lets a cut-off primary write', async () => {
    expect(await checkRedisReplication(redis, silent)).toEqual([]);
    // The suite's own Redis: one node, min-replicas-to-write 0.
    const single = new Redis(inject('redisUrl'));
    try {
      const problems = await checkRedisReplication(single, silent);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/no connected replica/), expect.stringMatching(/min-replicas-to-write is 0/)]));
    } finally {
      single.disconnect();
    }
  });
});
