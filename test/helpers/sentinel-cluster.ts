import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { findRedisServer, freeLoopbackPort } from '../../src/runtime/managed-redis.js';
import { makeNamespace, removeNamespace, setNamespaceLink } from './network-namespace.js';
import { startReplicationLink, type ReplicationLink } from './replication-link.js';

export { canPartition } from './network-namespace.js';

/**
 * A Redis Sentinel deployment of a test's own: a primary, a replica and three sentinels, real
 * processes, set up as samples/ recommends (min-replicas-to-write 1) with timings shrunk so a
 * failover takes seconds: a primary is down after 1 s unanswered, and a replica it lost for
 * 2 s no longer counts toward min-replicas-to-write.
 *
 * With `partitionable`, the first primary runs in a network namespace of the test's own,
 * joined to this host by a veth pair, so the test can cut it off from the sentinels, the
 * replica and the service (every packet dropped, connections left hanging, as in a real
 * partition) and heal it again. That needs root and `ip netns`: see `canPartition`.
 */
export const MASTER_NAME = 'bv-primary';
export const REDIS_PASSWORD = 'bv-ha-test-redis-password';
export const SENTINEL_PASSWORD = 'bv-ha-test-sentinel-password';

export interface RedisNode {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /**
   * A replica's link to its primary stops carrying data (held in a proxy of the test's own, as
   * a slow network holds it): the replica falls behind, and what it has not received is gone
   * if the primary dies meanwhile. `unstallReplication()` drops the held bytes and the link;
   * the replica reconnects. Loopback clusters only.
   */
  stallReplication(): void;
  unstallReplication(): void;
  /** Starts it again on its port and files, as a replica of the primary the sentinels name now. */
  restartAsReplica(): Promise<void>;
  /** A command run on this node through the path the test alone keeps (inside its namespace, if any). */
  command(...args: string[]): Promise<string>;
}

export interface SentinelCluster {
  readonly masterName: string;
  /** REDIS_SENTINELS for the service. */
  readonly sentinelsEnv: string;
  /** REDIS_SENTINELS, REDIS_SENTINEL_MASTER and the passwords, for a server process. */
  readonly env: Record<string, string>;
  readonly nodes: readonly RedisNode[];
  /** The node the sentinels name as primary now. */
  primary(): Promise<RedisNode>;
  /** Waits until the sentinels name a primary other than `former`, and it takes writes as one. */
  waitForNewPrimary(former: RedisNode, timeoutMs?: number): Promise<RedisNode>;
  /** Waits until `node` is a replica of the current primary with its link up. */
  waitForReplica(node: RedisNode, timeoutMs?: number): Promise<void>;
  /**
   * Partitionable clusters: the command prefix that runs a process on the first node's side of
   * the partition (in its namespace), and REDIS_SENTINELS as such a process reaches them.
   */
  readonly minoritySide: { prefix: string[]; sentinelsEnv: string } | undefined;
  /** Partitionable clusters: cuts the first node off from everything but the test's own path, and heals it. */
  partition(): void;
  heal(): void;
  close(): Promise<void>;
  /** What every process printed, for failure messages. */
  output(): string;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, output = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${output().slice(-6_000)}`);
    await sleep(100);
  }
}

export async function startSentinelCluster(options: { partitionable?: boolean } = {}): Promise<SentinelCluster> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not on PATH');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-sentinel-'));
  const ns = options.partitionable === true ? makeNamespace() : undefined;
  const children = new Set<ChildProcess>();
  let out = '';

  const spawnLogged = (name: string, args: string[], inNamespace: boolean): ChildProcess => {
    const [command, argv] = inNamespace && ns ? ['ip', ['netns', 'exec', ns.name, binary, ...args]] : [binary, args];
    const child = spawn(command as string, argv as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const log = (chunk: Buffer) => (out += chunk.toString().replace(/^/gm, `[${name}] `));
    child.stdout?.on('data', log);
    child.stderr?.on('data', log);
    return child;
  };

  const redisPorts = [await freeLoopbackPort(), await freeLoopbackPort()];
  const sentinelPorts = [await freeLoopbackPort(), await freeLoopbackPort(), await freeLoopbackPort()];
  // In a namespace the first node is reached at its veth address; the replica listens on this
  // host's end of the veth too, so the first node can reach it once it is a replica again.
  const hosts = ns ? [ns.innerAddress, ns.hostAddress] : ['127.0.0.1', '127.0.0.1'];
  const binds = ns ? [`127.0.0.1 ${ns.innerAddress}`, `127.0.0.1 ${ns.hostAddress}`] : ['127.0.0.1', '127.0.0.1'];

  const nodeChildren: (ChildProcess | undefined)[] = [undefined, undefined];
  // On loopback each replica reaches its primary through a link the test can stall.
  const links: (ReplicationLink | undefined)[] = [undefined, undefined];
  const replicationTarget = async (index: number, primary: { host: string; port: number }): Promise<{ host: string; port: number }> => {
    if (ns) return primary;
    await links[index]?.close();
    const link = await startReplicationLink(primary.port);
    links[index] = link;
    return { host: '127.0.0.1', port: link.port };
  };
  const startNode = async (index: number, replicaOf: { host: string; port: number } | undefined): Promise<void> => {
    const conf = path.join(dir, `redis-${index}.conf`);
    const lines = [
      `port ${redisPorts[index]}`,
      `bind ${binds[index]}`,
      `dir ${dir}`,
      `appendonly yes`,
      `appendfilename "node-${index}.aof"`,
      `appenddirname "aof-${index}"`,
      `dbfilename "node-${index}.rdb"`,
      `appendfsync everysec`,
      `save ""`,
      `maxmemory-policy noeviction`,
      `requirepass ${REDIS_PASSWORD}`,
      `masterauth ${REDIS_PASSWORD}`,
      // A primary that has heard from no replica for 2 s refuses writes (samples say 10 s).
      `min-replicas-to-write 1`,
      `min-replicas-max-lag 2`,
      `repl-ping-replica-period 1`,
      `repl-diskless-sync yes`,
      `repl-diskless-sync-delay 0`,
      `daemonize no`,
      `logfile ""`,
      ...(replicaOf ? [`replicaof ${replicaOf.host} ${replicaOf.port}`] : []),
    ];
    await writeFile(conf, `${lines.join('\n')}\n`);
    const child = spawnLogged(`redis-${index}`, [conf], index === 0 && ns !== undefined);
    nodeChildren[index] = child;
    await waitFor(`redis-${index} to answer`, async () => ((await nodes[index]?.command('PING')) === 'PONG' ? true : undefined), 15_000);
  };

  // Probes: one try, errors answered to the caller (not also printed as unhandled events).
  const probe = (host: string | undefined, port: number | undefined, password: string): Redis => {
    const client = new Redis({ host, port, password, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
    client.on('error', () => undefined);
    return client;
  };
  const direct = (index: number): Redis => probe(hosts[index], redisPorts[index], REDIS_PASSWORD);

  const nodes: RedisNode[] = [0, 1].map((index) => ({
    name: `redis-${index}`,
    host: hosts[index] as string,
    port: redisPorts[index] as number,
    async kill() {
      const child = nodeChildren[index];
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
    stallReplication() {
      links[index]?.stall();
    },
    unstallReplication() {
      links[index]?.cut();
    },
    async restartAsReplica() {
      // What a node's start script does (samples/README): ask the sentinels who the primary is
      // and start as its replica, rather than as a second primary they must first demote.
      const primary = await cluster.primary();
      await startNode(index, await replicationTarget(index, primary));
    },
    async command(...args: string[]) {
      if (index === 0 && ns) {
        // The test's own path to a namespaced node: redis-cli inside the namespace, on its loopback.
        return execFileSync('ip', ['netns', 'exec', ns.name, 'redis-cli', '-p', String(redisPorts[0]), '--no-auth-warning', '-a', REDIS_PASSWORD, ...args], {
          encoding: 'utf8',
          timeout: 5_000,
        }).trim();
      }
      const redis = direct(index);
      try {
        await redis.connect();
        const reply = await redis.call(args[0] as string, ...args.slice(1));
        return Array.isArray(reply) ? reply.join('\n') : String(reply);
      } finally {
        redis.disconnect();
      }
    },
  }));

  const sentinel = (port: number) => probe('127.0.0.1', port, SENTINEL_PASSWORD);
  const askSentinels = async (): Promise<{ host: string; port: number } | undefined> => {
    for (const port of sentinelPorts) {
      const client = sentinel(port);
      try {
        await client.connect();
        const reply = (await client.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME)) as [string, string] | null;
        if (reply) return { host: reply[0], port: Number(reply[1]) };
      } catch {
        // The next sentinel.
      } finally {
        client.disconnect();
      }
    }
    return undefined;
  };

  const cluster: SentinelCluster = {
    masterName: MASTER_NAME,
    sentinelsEnv: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
    get env() {
      return { REDIS_SENTINELS: this.sentinelsEnv, REDIS_SENTINEL_MASTER: MASTER_NAME, REDIS_PASSWORD, REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD };
    },
    nodes,
    minoritySide: ns ? { prefix: ['ip', 'netns', 'exec', ns.name], sentinelsEnv: sentinelPorts.map((port) => `${ns.hostAddress}:${port}`).join(',') } : undefined,
    async primary() {
      const address = await waitFor('the sentinels to name a primary', askSentinels, 15_000);
      const node = nodes.find((n) => n.port === address.port);
      if (node === undefined) throw new Error(`the sentinels name an unknown primary ${address.host}:${address.port}`);
      return node;
    },
    async waitForNewPrimary(former, timeoutMs = 30_000) {
      return waitFor(
        `a primary other than ${former.name}`,
        async () => {
          const address = await askSentinels();
          const node = nodes.find((n) => n.port === address?.port);
          if (node === undefined || node === former) return undefined;
          return /role:master/.test(await node.command('INFO', 'replication')) ? node : undefined;
        },
        timeoutMs,
        () => out,
      );
    },
    async waitForReplica(node, timeoutMs = 30_000) {
      await waitFor(
        `${node.name} to replicate the primary`,
        async () => {
          const primary = await cluster.primary();
          if (primary === node) return undefined;
          const info = await node.command('INFO', 'replication');
          // Its primary's port, or its link's when the link leads to that primary.
          const link = links[cluster.nodes.indexOf(node)];
          const port = link?.primaryPort === primary.port ? link.port : primary.port;
          return /role:slave/.test(info) && /master_link_status:up/.test(info) && new RegExp(`master_port:(${primary.port}|${port})\\b`).test(info) ? true : undefined;
        },
        timeoutMs,
        () => out,
      );
    },
    partition() {
      if (!ns) throw new Error('this cluster was not started partitionable');
      setNamespaceLink(ns, false);
    },
    heal() {
      if (!ns) throw new Error('this cluster was not started partitionable');
      setNamespaceLink(ns, true);
    },
    output: () => out,
    async close() {
      for (const child of children) child.kill('SIGKILL');
      for (const link of links) await link?.close();
      await sleep(100);
      if (ns) removeNamespace(ns);
      await rm(dir, { recursive: true, force: true });
    },
  };

  try {
    await startNode(0, undefined);
    await startNode(1, await replicationTarget(1, { host: hosts[0] as string, port: redisPorts[0] as number }));
    await waitFor('the replica to sync', async () => (/master_link_status:up/.test(await nodes[1]!.command('INFO', 'replication')) ? true : undefined), 15_000);
    for (const [index, port] of sentinelPorts.entries()) {
      const conf = path.join(dir, `sentinel-${index}.conf`);
      const lines = [
        `port ${port}`,
        // Partitionable: reachable from inside the namespace too, at this host's end of the veth.
        `bind 127.0.0.1${ns ? ` ${ns.hostAddress}` : ''}`,
        // The sentinels meet through the primary's hello channel: each says it is on loopback.
        'sentinel announce-ip 127.0.0.1',
        `dir ${dir}`,
        `requirepass ${SENTINEL_PASSWORD}`,
        `sentinel sentinel-pass ${SENTINEL_PASSWORD}`,
        `sentinel monitor ${MASTER_NAME} ${hosts[0]} ${redisPorts[0]} 2`,
        `sentinel auth-pass ${MASTER_NAME} ${REDIS_PASSWORD}`,
        // BV_TEST_SENTINEL_DOWN_AFTER_MS=5000: the samples' value, for measuring by hand.
        `sentinel down-after-milliseconds ${MASTER_NAME} ${process.env.BV_TEST_SENTINEL_DOWN_AFTER_MS ?? 1000}`,
        // Also how long the sentinels leave a replica pointed at another address than the
        // primary's (its link) before they point it at the primary itself (+fix-slave-config):
        // longer than any test's use of a link. A failover that fails is tried again after twice this.
        `sentinel failover-timeout ${MASTER_NAME} 30000`,
        `sentinel parallel-syncs ${MASTER_NAME} 1`,
        'daemonize no',
        'logfile ""',
      ];
      await writeFile(conf, `${lines.join('\n')}\n`);
      spawnLogged(`sentinel-${index}`, [conf, '--sentinel'], false);
    }
    // Every sentinel knows the replica and the other two sentinels before the test starts
    // (they meet every 2 s through the primary; a loaded machine can take longer).
    let seen = '';
    await waitFor(
      'the sentinels to know each other and the replica',
      async () => {
        for (const port of sentinelPorts) {
          const client = sentinel(port);
          try {
            await client.connect();
            const master = (await client.call('SENTINEL', 'master', MASTER_NAME)) as string[];
            const field = (name: string) => master[master.indexOf(name) + 1];
            seen = `sentinel on ${port}: ${field('num-other-sentinels')} other sentinels, ${field('num-slaves')} replicas, flags ${field('flags')}`;
            if (field('num-other-sentinels') !== '2' || field('num-slaves') !== '1') return undefined;
          } finally {
            client.disconnect();
          }
        }
        return true;
      },
      30_000,
      () => `last seen: ${seen}`,
    );
  } catch (error) {
    await cluster.close();
    throw new Error(`${(error as Error).message}\n${out.slice(-4_000)}`);
  }
  return cluster;
}
