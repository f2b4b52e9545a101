/**
 * One redis-server process of the managed Redis (see managed-redis.ts): starting it with the
 * service's settings, asking it a command without a client library, and its state file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Sends one inline command, after AUTH when there is a password, and returns the command's
 * reply line (no client library needed).
 */
export async function rawCommand(port: number, command: string, password: string | undefined, timeoutMs = 500): Promise<string> {
  const lines = password === undefined ? [command] : [`AUTH ${password}`, command];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs);
    let reply = '';
    socket.once('connect', () => socket.write(lines.map((line) => `${line}\r\n`).join('')));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      const received = reply.split('\r\n');
      if (received.length > lines.length) {
        clearTimeout(timer);
        socket.end();
        resolve(received[lines.length - 1] ?? '');
      }
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface StateFile {
  pid: number;
  port: number;
  /** Absent in the files of versions before the password. */
  password?: string;
  /** The process that manages the server (it wrote the file); absent in older versions' files. */
  owner?: number;
}

/** How to start the server: the same every time, so a restart is the same server. */
export interface ServerSpec {
  binary: string;
  /** Its data folder (the AOF). */
  dir: string;
  stateFile: string;
  options: { onOutput?: (line: string) => void; startTimeoutMs?: number };
}

/** Starts redis-server on `port` and waits until it answers; a server that did not is killed. */
export async function spawnServer(server: ServerSpec, port: number, password: string | undefined): Promise<{ child: ChildProcess; ready: boolean; output: string[] }> {
  const { binary, dir, options } = server;
  const child = spawn(
    binary,
    [
      // The rest of the configuration from standard input: the password.
      '-',
      '--port', String(port),
      '--bind', '127.0.0.1',
      '--dir', dir,
      '--appendonly', 'yes',
      '--appendfsync', 'everysec',
      '--maxmemory-policy', 'noeviction',
      '--save', '',
      '--daemonize', 'no',
      '--logfile', '',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(password === undefined ? '' : `requirepass ${password}\n`);
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      options.onOutput?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const ready = await waitUntilReady(child, port, password, options.startTimeoutMs ?? 10_000);
  if (!ready) child.kill('SIGKILL');
  return { child, ready, output };
}

/** Owner-only, as a new file: an older version's file, readable by all, keeps its mode when written over. */
/** Written by the process that manages the server, so it names itself as the owner. */
export async function writeState(file: string, state: Omit<StateFile, 'owner'>): Promise<void> {
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify({ ...state, owner: process.pid }), { mode: 0o600 });
}

export async function readState(file: string): Promise<StateFile | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as Partial<StateFile>;
    if (typeof state.pid !== 'number' || typeof state.port !== 'number') return undefined;
    return {
      pid: state.pid,
      port: state.port,
      ...(typeof state.password === 'string' ? { password: state.password } : {}),
      ...(typeof state.owner === 'number' ? { owner: state.owner } : {}),
    };
  } catch {
    return undefined;
  }
}

export async function waitUntilReady(child: ChildProcess, port: number, password: string | undefined, timeoutMs: number): Promise<boolean> {
  let deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const pong = await rawCommand(port, 'PING', password).catch(() => '');
    if (pong === '+PONG') return true;
    // Loading a large AOF takes as long as it takes: a server that says so is not stuck.
    if (pong.startsWith('-LOADING')) deadline = Date.now() + timeoutMs;
    await sleep(25);
  }
  return false;
}

