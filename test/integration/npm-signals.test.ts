/**
 * What a supervisor, systemd or `docker stop` does: it signals the process it started, which is
 * often npm itself. npm forwards SIGTERM and SIGINT to the script's process, so each script must
 * *be* node (`exec node ...`), not a shell that holds node as a child and ignores the signal: a
 * shell left node and its redis-server running, orphaned, after npm exited.
 *
 * The scripts run in a scratch copy of the checkout (its own dist/, node_modules linked), so the
 * build they check and rebuild is theirs alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisProcess, type RedisProcess } from '../helpers/redis-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The service's own deadline (BV_SHUTDOWN_TIMEOUT_MS) for a drain, set short here. */
const SHUTDOWN_MS = 10_000;

interface NpmRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runNpm(cwd: string, args: string[], env: Record<string, string>): NpmRun {
  // npm as a supervisor starts it: the npm process is the one that gets the signal.
  const child = spawn('npm', args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, BV_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitFor(what: string, predicate: () => boolean, run: NpmRun, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`${what}: not seen; output:\n${run.output()}`);
    await sleep(50);
  }
}

/** The live (not zombie) children of a process, from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
    if (task !== '') found.push(Number(task));
  }
  return found;
}

/** Whether `pid` is still a running process (a zombie waiting to be reaped has stopped). */
function running(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Every process under `pid`, children first found while it runs. */
function descendants(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    let kids: number[] = [];
    try {
      kids = childrenOf(next);
    } catch {
      // Gone between the listing and the read.
    }
    all.push(...kids);
    queue.push(...kids);
  }
  return all;
}

/** Signals npm, then waits for npm and every process it had started to be gone. */
async function signalAndAwaitStop(run: NpmRun, signal: NodeJS.Signals, expectChildren: number): Promise<number[]> {
  const pid = run.child.pid as number;
  const tree = descendants(pid);
  expect(tree.length, `processes under npm: ${tree.join(', ')}\n${run.output()}`).toBeGreaterThanOrEqual(expectChildren);
  process.kill(pid, signal);
  await run.exited;
  // Bounded by the service's own deadline plus its exit; a process still there after that was
  // orphaned, not draining.
  const deadline = Date.now() + SHUTDOWN_MS + 5_000;
  while (tree.some(running) && Date.now() < deadline) await sleep(100);
  return tree.filter(running);
}

describe('npm start and npm run worker:* stop cleanly when npm itself is signalled', () => {
  let work: string;
  let redis: RedisProcess;
  const runs: NpmRun[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'bv-npm-signals-'));
    for (const entry of ['package.json', 'tsconfig.json', 'src', 'workers']) {
      // Editors' temporaries and hidden files are not part of the build.
      await cp(path.join(root, entry), path.join(work, entry), { recursive: true, filter: (from) => !path.basename(from).startsWith('.') });
    }
    await symlink(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const build = runNpm(work, ['run', 'build'], {});
    const { code } = await build.exited;
    expect(code, build.output()).toBe(0);
    redis = await startRedisProcess();
  }, 240_000);

  afterAll(async () => {
    for (const run of runs) {
      for (const pid of [run.child.pid as number, ...descendants(run.child.pid as number)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone: what the tests want.
        }
      }
    }
    await redis?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to `npm start` drains and stops node and its private redis-server, and an up-to-date build is not recompiled',
    async (signal) => {
      const dataDir = path.join(work, `data-${signal}`);
      const built = (await stat(path.join(work, 'dist/src/server.js'))).mtimeMs;
      const run = runNpm(work, ['start'], { BV_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      runs.push(run);
      await waitFor('listening', () => run.output().includes('listening on'), run);
      // No recompile: the compiled entry point was not written again.
      expect((await stat(path.join(work, 'dist/src/server.js'))).mtimeMs).toBe(built);

      // node, and the redis-server that node started.
      const left = await signalAndAwaitStop(run, signal, 2);
      expect(left, `still running after ${signal} to npm:\n${run.output()}`).toEqual([]);
      // It drained (its own shutdown ran), not killed from outside.
      expect(run.output()).toContain(`"signal":"${signal}","msg":"shutting down"`);
    },
    60_000,
  );

  it.each([
    ['verify', 'SIGTERM'],
    ['finalize', 'SIGINT'],
    ['scheduler', 'SIGTERM'],
  ] as const)('%s pool: %s to its `npm run worker:*` script stops its node', async (pool, signal) => {
    const run = runNpm(work, ['run', `worker:${pool}`], { REDIS_URL: redis.url, BV_DATA_DIR: path.join(work, `data-${pool}`) });
    runs.push(run);
    await waitFor('running', () => run.output().includes(`bulk ${pool} worker pool running`), run);
    const left = await signalAndAwaitStop(run, signal, 1);
    expect(left, `still running after ${signal} to npm:\n${run.output()}`).toEqual([]);
    expect(run.output()).toContain(`"signal":"${signal}","msg":"worker pool shutting down"`);
  }, 60_000);

  it('a build older than its sources is rebuilt before the start', async () => {
    const errors = path.join(work, 'src/errors.ts');
    await writeFile(errors, `${await readFile(errors, 'utf8')}\nexport const BUILD_PROBE = 'rebuilt';\n`);
    const run = runNpm(work, ['start'], { BV_DATA_DIR: path.join(work, 'data-stale'), PORT: '0', HOST: '127.0.0.1' });
    runs.push(run);
    await waitFor('listening', () => run.output().includes('listening on'), run);
    expect(await readFile(path.join(work, 'dist/src/errors.js'), 'utf8')).toContain("BUILD_PROBE = 'rebuilt'");
    expect(await signalAndAwaitStop(run, 'SIGTERM', 2)).toEqual([]);
  }, 180_000);
});
