import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A bulk verify worker pool in its own process (`npm run worker:verify`), once it runs. */
export async function startVerifyWorker(env: Record<string, string>, timeoutMs = 30_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/verify.ts'], {
    cwd: root,
    env: { HOME: os.tmpdir(), PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('worker pool running')) {
    if (child.exitCode !== null) throw new Error(`worker exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`worker did not start: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}
