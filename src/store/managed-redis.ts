import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A private redis-server for a single machine (DESIGN.md §2): started from PATH when no
 * REDIS_URL is given, with the settings the service relies on (AOF on, no eviction), data
 * under the data folder, on a free loopback port, and stopped on exit. Other users of the
 * machine reach neither: it asks for a password made at each start (given on its standard
 * input, never on a command line `ps` shows), and its folder is the owner's alone.
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

/**
 * Sends one inline command, after AUTH when there is a password, and returns the command's
 * reply line (no client library needed).
 */
async function rawCommand(port: number, command: string, password: string | undefined, timeoutMs = 500): Promise<string> {
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

async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface StateFile {
  pid: number;
  port: number;
  /** Absent in the files of versions before the password. */
  password?: string;
}

export interface ManagedRedisOptions {
  dataDir: string;
  /** Where to look for redis-server; the PATH by default. */
  searchPath?: string;
  /** Lines redis-server prints, for the caller's logger. */
  onOutput?: (line: string) => void;
  startTimeoutMs?: number;
}

export async function startManagedRedis(options: ManagedRedisOptions): Promise<ManagedRedis> {
  const binary = findRedisServer(options.searchPath);
  if (binary === undefined) throw new RedisBinaryMissingError();
  const dir = path.join(options.dataDir, 'redis');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Ours alone even when an older version made it open to all: the mode above only sets a new one.
  await chmod(dir, 0o700);
  const stateFile = path.join(dir, 'managed-redis.json');

  // A previous run killed with SIGKILL leaves its redis-server behind, holding the AOF.
  // Adopt it rather than start a second server on the same files.
  const orphan = await readState(stateFile);
  if (orphan && (await isAlive(orphan.pid))) {
    const pong = await rawCommand(orphan.port, 'PING', orphan.password).catch(() => '');
    if (pong === '+PONG') {
      if (orphan.password !== undefined) return handle(orphan.port, orphan.password, undefined, orphan.pid, stateFile);
      // An older version's server, open to every user of the machine: it gets a password now.
      const password = randomBytes(24).toString('hex');
      if ((await rawCommand(orphan.port, `CONFIG SET requirepass ${password}`, undefined).catch(() => '')) === '+OK') {
        await writeState(stateFile, { pid: orphan.pid, port: orphan.port, password });
        return handle(orphan.port, password, undefined, orphan.pid, stateFile);
      }
      // Still better than a second server on the same files.
      return handle(orphan.port, undefined, undefined, orphan.pid, stateFile);
    }
  }

  const password = randomBytes(24).toString('hex');
  for (let attempt = 0; ; attempt++) {
    const port = await freeLoopbackPort();
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
    child.stdin?.end(`requirepass ${password}\n`);
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
    if (ready) {
      await writeState(stateFile, { pid: child.pid ?? 0, port, password });
      return handle(port, password, child, child.pid ?? 0, stateFile);
    }
    child.kill('SIGKILL');
    // Another process may have taken the port between our probe and redis binding it.
    const portTaken = output.some((line) => /Address already in use/i.test(line));
    if (!portTaken || attempt >= 3) {
      throw new Error(`redis-server did not start: ${output.slice(-3).join(' | ') || 'no output'}`);
    }
  }
}

/** Owner-only, as a new file: an older version's file, readable by all, keeps its mode when written over. */
async function writeState(file: string, state: StateFile): Promise<void> {
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(state), { mode: 0o600 });
}

async function readState(file: string): Promise<StateFile | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as Partial<StateFile>;
    if (typeof state.pid !== 'number' || typeof state.port !== 'number') return undefined;
    return { pid: state.pid, port: state.port, ...(typeof state.password === 'string' ? { password: state.password } : {}) };
  } catch {
    return undefined;
  }
}

async function waitUntilReady(child: ChildProcess, port: number, password: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const pong = await rawCommand(port, 'PING', password).catch(() => '');
    if (pong === '+PONG') return true;
    // While loading a large AOF redis answers -LOADING; keep waiting.
    await sleep(25);
  }
  return false;
}

function handle(port: number, password: string | undefined, child: ChildProcess | undefined, pid: number, stateFile: string): ManagedRedis {
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    if (child) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
        if (timedOut) child.kill('SIGKILL');
      }
    } else if (await isAlive(pid)) {
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 400 && (await isAlive(pid)); i++) await sleep(25);
    }
    await rm(stateFile, { force: true });
  };
  return {
    url: password === undefined ? `redis://127.0.0.1:${port}` : `redis://:${password}@127.0.0.1:${port}`,
    port,
    stop: () => (stopping ??= stop()),
  };
}
