import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findRedisServer, freeLoopbackPort } from '../../src/runtime/managed-redis.js';
import { rawCommand, serverArgs, type AppendFsync } from '../../src/runtime/managed-redis-server.js';

const SHIM_SOURCE = fileURLToPath(new URL('./aof-sync-log.c', import.meta.url));

/** The machine's C compiler, or undefined: the power-loss test needs one to build its shim. */
export function findCompiler(envPath = process.env.PATH ?? ''): string | undefined {
  return envPath
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, 'gcc'))
    .find((candidate) => existsSync(candidate));
}

/** Builds aof-sync-log.c into `dir` and returns the shared object's path. */
export async function buildSyncLogShim(compiler: string, dir: string): Promise<string> {
  const output = path.join(dir, 'aof-sync-log.so');
  await promisify(execFile)(compiler, ['-shared', '-fPIC', '-O2', '-Wall', '-o', output, SHIM_SOURCE, '-ldl']);
  return output;
}

/**
 * A redis-server run exactly as the managed Redis runs it (serverArgs), under the fsync mode
 * given, with the shim recording what each AOF fsync made durable. `cutPower()` is a power
 * loss: the process is killed at once and every AOF file loses what no fsync covered.
 */
export interface PowerCutRedis {
  readonly url: string;
  readonly dir: string;
  /** SIGKILL, then each incremental AOF file truncated to its last fsynced size; returns the bytes dropped. */
  cutPower(): Promise<number>;
  /** Starts it again on the same files (without the shim): what the machine does after the power returns. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPowerCutRedis(shim: string, appendfsync: AppendFsync): Promise<PowerCutRedis> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not on PATH');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-power-cut-'));
  const syncLog = path.join(dir, 'fsyncs.log');
  const port = await freeLoopbackPort();
  // One incremental file that only grows: no rewrite starts a new one mid-test.
  const args = [...serverArgs(port, dir, appendfsync), '--auto-aof-rewrite-percentage', '0'];
  let child: ChildProcess | undefined;
  let output = '';

  const start = async (env: NodeJS.ProcessEnv) => {
    const started = spawn(binary, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (const deadline = Date.now() + 15_000; ; await sleep(25)) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`redis-server exited: ${output.slice(-2_000)}`);
      if ((await rawCommand(port, 'PING', undefined).catch(() => '')) === '+PONG') return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer: ${output.slice(-2_000)}`);
    }
  };
  const kill = async () => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };

  await start({ LD_PRELOAD: shim, AOF_SYNC_LOG: syncLog });
  return {
    url: `redis://127.0.0.1:${port}`,
    dir,
    async cutPower() {
      await kill();
      const durable = new Map<string, number>();
      const log = await readFile(syncLog, 'utf8').catch(() => '');
      for (const line of log.split('\n')) {
        const match = /^(\d+) (.+)$/.exec(line);
        if (match) durable.set(match[2] as string, Number(match[1]));
      }
      const aofDir = path.join(dir, 'appendonlydir');
      let dropped = 0;
      for (const name of await readdir(aofDir)) {
        if (!name.endsWith('.incr.aof')) continue;
        const file = path.join(aofDir, name);
        // Never fsynced: nothing of it is sure to be on disk.
        const keep = durable.get(file) ?? 0;
        const { size } = await stat(file);
        if (size > keep) {
          await truncate(file, keep);
          dropped += size - keep;
        }
      }
      return dropped;
    },
    restart: () => start({}),
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
