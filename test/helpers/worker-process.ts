import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A worker pool in its own process (`npm run worker:<pool>`), once its output shows `ready`
 * (by default the line every pool prints when it runs). `output()` is what it printed so far.
 */
export async function startWorkerPool(
  pool: 'verify' | 'finalize' | 'scheduler',
  env: Record<string, string>,
  /** `prefix`: a command that runs the process (e.g. `ip netns exec <name>`: on a test host). */
  options: { ready?: string; timeoutMs?: number; prefix?: string[] } = {},
): Promise<ChildProcess & { output: () => string }> {
  const ready = options.ready ?? 'worker pool running';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const [command, ...args] = [...(options.prefix ?? []), process.execPath, '--import', 'tsx', `workers/${pool}.ts`];
  const child = spawn(command as string, args, {
    cwd: root,
    env: { HOME: os.tmpdir(), PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`worker exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`worker did not get ready ("${ready}"): ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Object.assign(child, { output: () => out });
}

/** A bulk verify worker pool in its own process (`npm run worker:verify`), once it runs. */
export async function startVerifyWorker(env: Record<string, string>, timeoutMs = 30_000): Promise<ChildProcess> {
  return startWorkerPool('verify', env, { timeoutMs });
}

/** Kills a worker process (SIGKILL: a test's clean-up, not a graceful stop) and waits until it is gone. */
export async function killWorker(worker: ChildProcess | undefined): Promise<void> {
  if (worker === undefined || worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
}
