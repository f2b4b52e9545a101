import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts src/server.ts in its own process (as `npm start` does) and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
  /** A command that runs the process (e.g. `ip netns exec <name>`: in a network namespace). */
  prefix: string[] = [],
): Promise<ServerProcess> {
  const [command, ...args] = [...prefix, process.execPath, '--import', 'tsx', 'src/server.ts'];
  const child = spawn(command as string, args, {
    cwd: root,
    // BV_REDIS_FSYNC: what the suite's shared Redis runs (global-setup.ts), so the start-up check accepts it.
    env: { HOME: os.tmpdir(), PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...(process.env.BV_REDIS_FSYNC ? { BV_REDIS_FSYNC: process.env.BV_REDIS_FSYNC } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  let baseUrl: string | undefined;
  while (baseUrl === undefined) {
    baseUrl = /listening on (http:\/\/\S+)/.exec(out)?.[1];
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    baseUrl,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // A process killed by a signal has no exit code, only a signal code.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
