import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { claimFolder } from './managed-redis-claim.js';
import { DEFAULT_APPEND_FSYNC, endProcess, isAlive, rawCommand, readState, runs, spawnServer, writeState, type AppendFsync, type ServerSpec } from './managed-redis-server.js';

/**
 * A private redis-server for a single machine (DESIGN.md §2): started from PATH when no
 * REDIS_URL is given, with the settings the service relies on (AOF on, no eviction), data
 * under the data folder, on a free loopback port, and stopped on exit. Other users of the
 * machine reach neither: it asks for a password made at each start (given on its standard
 * input, never on a command line `ps` shows), and its folder is the owner's alone.
 *
 * It is supervised: a server that dies (the OOM killer, a stray kill) is started again on the
 * same port with the same password, from its AOF, so the clients' reconnects find it and the
 * service recovers by itself instead of answering 503 until someone restarts it.
 */
export interface ManagedRedis {
  /** With the password in it: `redis://:<password>@127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Flushes the AOF and stops the server (SIGTERM makes redis-server save and exit). */
  stop(): Promise<void>;
}

export class RedisBinaryMissingError extends Error {
  override name = 'RedisBinaryMissingError';
  constructor() {
    super(
      'redis-server was not found on PATH: install it (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis',
    );
  }
}

/** A second service started on a data folder whose Redis a running one manages: stopping on the way out would take the first one's Redis with it. */
export class ManagedRedisInUseError extends Error {
  override name = 'ManagedRedisInUseError';
  constructor(dataDir: string, owner: number) {
    super(
      `the data folder ${dataDir} is in use: process ${owner} runs its private redis-server. Stop that process first, or give this one another BV_DATA_DIR, or set REDIS_URL to share a Redis`,
    );
  }
}

export function findRedisServer(envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'redis-server');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A loopback port nothing listens on right now (the OS picks it). */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** What the supervisor saw: the server gone, started again, or a start that failed (it keeps trying). */
export type SupervisionEvent =
  | { kind: 'exited'; how: string }
  | { kind: 'restarted'; pid: number; attempt: number }
  | { kind: 'restart-failed'; attempt: number; output: string; retryInMs: number };

export interface ManagedRedisOptions {
  dataDir: string;
  /** Where to look for redis-server; the PATH by default. */
  searchPath?: string;
  /** Lines redis-server prints, for the caller's logger. */
  onOutput?: (line: string) => void;
  /** For the caller's logger: a dead server is started again, and says so here. */
  onSupervision?: (event: SupervisionEvent) => void;
  startTimeoutMs?: number;
  /** When the AOF is fsynced (BV_REDIS_FSYNC): `always` unless the operator chose otherwise. */
  appendfsync?: AppendFsync;
}

type Supervised = ServerSpec & { options: ManagedRedisOptions };

/** Between restarts of a server that keeps dying: quick at first, never a busy loop. */
const RESTART_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000, 10_000];

export async function startManagedRedis(options: ManagedRedisOptions): Promise<ManagedRedis> {
  const binary = findRedisServer(options.searchPath);
  if (binary === undefined) throw new RedisBinaryMissingError();
  const dir = path.join(options.dataDir, 'redis');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Ours alone even when an older version made it open to all: the mode above only sets a new one.
  await chmod(dir, 0o700);
  const stateFile = path.join(dir, 'managed-redis.json');
  // First, before anything is read or started: one service per data folder. A second one that
  // went on would adopt the first's server as an orphan, or start another on the same AOF.
  const claim = await claimFolder(path.join(dir, 'owner.pid'));
  if ('heldBy' in claim) throw new ManagedRedisInUseError(options.dataDir, claim.heldBy);
  try {
    return await startClaimed({ binary, dir, stateFile, options }, claim.release);
  } catch (error) {
    await claim.release();
    throw error;
  }
}

async function startClaimed(server: Supervised, release: () => Promise<void>): Promise<ManagedRedis> {
  const { stateFile } = server;
  // A previous run killed with SIGKILL leaves its redis-server behind, holding the AOF.
  // Adopt it rather than start a second server on the same files.
  const orphan = await readState(stateFile);
  if (orphan && (await runs(orphan.pid, /redis-server/))) {
    const pong = await answerOf(orphan.port, orphan.password);
    if (pong !== '+PONG') {
      // Alive but of no use (it does not answer, or not to our password): ended before a new
      // server takes its files, never left running beside it.
      await endProcess(orphan.pid);
    } else {
      let password = orphan.password;
      // An older version's server, open to every user of the machine: it gets a password now.
      if (password === undefined) {
        const made = randomBytes(24).toString('hex');
        // Still better than a second server on the same files when it refuses.
        if ((await rawCommand(orphan.port, `CONFIG SET requirepass ${made}`, undefined).catch(() => '')) === '+OK') password = made;
      }
      // Started by a version (or a setting) with another fsync mode: this run's mode holds from now on.
      const fsync = server.options.appendfsync ?? DEFAULT_APPEND_FSYNC;
      if ((await rawCommand(orphan.port, `CONFIG SET appendfsync ${fsync}`, password).catch(() => '')) !== '+OK') {
        server.options.onOutput?.(`could not set appendfsync ${fsync} on the redis-server left running (pid ${orphan.pid})`);
      }
      await writeState(stateFile, { pid: orphan.pid, port: orphan.port, ...(password === undefined ? {} : { password }) });
      return supervise(server, orphan.port, password, { pid: orphan.pid }, release);
    }
  }

  const password = randomBytes(24).toString('hex');
  for (let attempt = 0; ; attempt++) {
    const port = await freeLoopbackPort();
    const started = await spawnServer(server, port, password, (child) => writeState(stateFile, { pid: child.pid ?? 0, port, password }));
    if (started.ready) return supervise(server, port, password, { child: started.child, pid: started.child.pid ?? 0 }, release);
    // Another process may have taken the port between our probe and redis binding it.
    const portTaken = started.output.some((line) => /Address already in use/i.test(line));
    if (!portTaken || attempt >= 3) {
      throw new Error(`redis-server did not start: ${started.output.slice(-3).join(' | ') || 'no output'}`);
    }
  }
}

/**
 * A left-over server's answer to PING: waited for while it loads its AOF (a restart the
 * service was killed during), and for a couple of seconds while it does not answer at all.
 */
async function answerOf(port: number, password: string | undefined): Promise<string> {
  for (let silent = 0; ; ) {
    const answer = await rawCommand(port, 'PING', password).catch(() => '');
    if (answer === '+PONG') return answer;
    if (answer.startsWith('-LOADING')) silent = 0;
    else if (++silent >= 20) return answer;
    await sleep(100);
  }
}

/** A server that stays up this long has recovered: the next crash starts the back-off again. */
const STABLE_MS = 30_000;

/**
 * The running server, watched: its exit (or, for a server adopted from an earlier run, its pid
 * gone) starts it again on the same port with the same password until stop() is called. A
 * server that keeps dying, whether it fails to start or crashes soon after, is started again
 * after a growing pause.
 */
function supervise(
  server: Supervised,
  port: number,
  password: string | undefined,
  first: { child?: ChildProcess; pid: number },
  release: () => Promise<void>,
): ManagedRedis {
  let { child, pid } = first;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  /** The server being started again, before it is ready: stop() ends it rather than wait for a long AOF load. */
  let starting: ChildProcess | undefined;
  let failures = 0;
  let upSince = Date.now();
  // stop() ends a back-off pause at once: a broken AOF must not hold the shutdown for 10 s.
  const stopping$ = new AbortController();
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping$.signal }).catch(() => undefined);
  const report = server.options.onSupervision ?? (() => undefined);

  const nextDelay = () => RESTART_DELAYS_MS[Math.min(failures - 1, RESTART_DELAYS_MS.length - 1)] as number;
  const restart = async (how: string) => {
    report({ kind: 'exited', how });
    if (Date.now() - upSince >= STABLE_MS) failures = 0;
    while (!stopped) {
      if (failures > 0) {
        await pause(nextDelay());
        if (stopped) return;
      }
      failures++;
      try {
        const started = await spawnServer(server, port, password, async (spawned) => {
          starting = spawned;
          await writeState(server.stateFile, { pid: spawned.pid ?? 0, port, ...(password === undefined ? {} : { password }) });
        });
        starting = undefined;
        if (started.ready && !stopped) {
          child = started.child;
          pid = started.child.pid ?? 0;
          upSince = Date.now();
          watch();
          report({ kind: 'restarted', pid, attempt: failures });
          return;
        }
        if (stopped) return;
        report({ kind: 'restart-failed', attempt: failures, output: started.output.slice(-3).join(' | ') || 'no output', retryInMs: nextDelay() });
      } catch (error) {
        // The state file not written (a full disk, say; spawnServer has ended that server): not a reason to stop trying.
        starting = undefined;
        report({ kind: 'restart-failed', attempt: failures, output: String(error), retryInMs: nextDelay() });
      }
    }
  };
  const died = (how: string) => {
    if (stopped || restarting !== undefined) return;
    restarting = restart(how).finally(() => (restarting = undefined));
  };
  const watch = () => {
    if (child !== undefined) {
      child.once('exit', (code, signal) => died(signal === null ? `exit code ${code}` : `signal ${signal}`));
      return;
    }
    // Not our child (adopted from a run killed with SIGKILL): no exit event, so look.
    poll = setInterval(() => {
      void isAlive(pid).then((alive) => {
        if (alive || stopped) return;
        clearInterval(poll);
        died('its process is gone');
      });
    }, 1_000);
    poll.unref();
  };
  watch();

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    stopped = true;
    stopping$.abort();
    clearInterval(poll);
    // One being started again ends now, AOF flushed, rather than after its load.
    if (starting?.pid !== undefined) await endProcess(starting.pid);
    await restarting;
    // Our child or a server adopted from an earlier run alike: `pid` is the one running now.
    await endProcess(pid);
    await rm(server.stateFile, { force: true });
    await release();
  };
  return {
    url: password === undefined ? `redis://127.0.0.1:${port}` : `redis://:${password}@127.0.0.1:${port}`,
    port,
    stop: () => (stopping ??= stop()),
  };
}
