/**
 * Child processes and probes shared by the benchmarks and the soak: compiled service
 * processes started and stopped cleanly, and their memory and CPU read from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const children = new Set<ChildProcess>();

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
    if (timedOut) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  children.delete(child);
}

/** Every child still running, stopped (for a finally block). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child).catch(() => undefined)));
}

export interface StartOptions {
  /** A folder: the process writes a V8 CPU profile there. */
  cpuProfDir?: string | undefined;
  nodeArgs?: readonly string[];
  /** A folder: the process's stdout and stderr are written there. */
  outputDir?: string | undefined;
}

/**
 * The node options `npm start` gives the service (`exec node <options> dist/src/server.js` in
 * package.json): a benchmark's process runs with what a deployment runs with.
 */
export function startNodeOptions(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const match = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\//.exec(scripts.start ?? '');
  return (match?.[1] ?? '').split(/\s+/).filter((option) => option !== '');
}

/**
 * Spawns the compiled `dist/<script>.js` (what `npm start` runs, with its node options; tsx
 * would add its own memory and start-up to every figure) and waits until it prints `ready`.
 */
export async function startCompiled(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  options: StartOptions = {},
): Promise<{ child: ChildProcess; match: RegExpExecArray; tail: () => string }> {
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const compiled = path.join('dist', script.replace(/\.ts$/, '.js'));
  const child = spawn(process.execPath, [...profile, ...startNodeOptions(), ...(options.nodeArgs ?? []), compiled], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  // Keep draining (a full pipe would block the child); keep the tail for error messages.
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.outputDir) {
    const file = createWriteStream(path.join(options.outputDir, `${path.basename(script, '.ts')}-${child.pid}.log`));
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const found = ready.exec(out);
      if (found) {
        child.stdout?.off('data', check);
        child.off('exit', exited);
        resolve(found);
      }
    };
    const exited = (code: number | null) => reject(new Error(`${script} exited with ${code}: ${out}`));
    child.stdout?.on('data', check);
    child.once('exit', exited);
  });
  return { child, match, tail: () => out };
}

export function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** User + system CPU seconds a process has used so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Seconds a process's main thread (its event loop) waited, runnable, for a CPU so far (schedstat, ns). */
export function runQueueSeconds(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
}

/** A numeric field of Redis's INFO text. */
export function infoField(info: string, field: string): number {
  const match = new RegExp(`^${field}:(\\d+)`, 'm').exec(info);
  return match ? Number(match[1]) : NaN;
}
