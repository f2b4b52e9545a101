import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { findRedisServer, freeLoopbackPort } from '../../src/runtime/managed-redis.js';

/**
 * A redis-server of a test's own, on its own loopback port and folder, that the test can kill
 * with SIGKILL and start again on the same port and files. AOF with `appendfsync always`: every
 * write the server acknowledged is on disk, so a SIGKILL loses nothing a client was told
 * happened (the fault under test is the outage, not data loss).
 */
export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and folder (it loads the AOF), once it answers PING. */
  restart(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  close(): Promise<void>;
  /** What redis-server printed, for failure messages. */
  output(): string;
}

async function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => socket.destroy(), 500);
    let reply = '';
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) socket.end();
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(reply.startsWith('+PONG'));
    });
    socket.once('error', () => undefined);
  });
}

export async function startRedisProcess(): Promise<RedisProcess> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not on PATH');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-fault-redis-'));
  const port = await freeLoopbackPort();
  let child: ChildProcess | undefined;
  let out = '';

  const start = async (): Promise<void> => {
    const started = spawn(
      binary,
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--dir', dir,
        '--appendonly', 'yes',
        '--appendfsync', 'always',
        '--maxmemory-policy', 'noeviction',
        '--save', '',
        '--daemonize', 'no',
        '--logfile', '',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (!(await ping(port))) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`redis-server exited: ${out.slice(-2_000)}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer: ${out.slice(-2_000)}`);
      await sleep(25);
    }
  };

  const stopWith = async (signal: NodeJS.Signals): Promise<void> => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    kill: () => stopWith('SIGKILL'),
    restart: start,
    async close() {
      await stopWith('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
    output: () => out,
  };
}

/** Deletes every key under a test's prefix, leaving a shared Redis as the test found it. */
export async function deleteKeysUnder(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
      cursor = next;
      if (found.length > 0) await redis.del(...found);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
