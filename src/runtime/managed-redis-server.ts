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

/** Whether `pid` runs `program` (by /proc, where there is one; else by being alive): after a reboot a recorded pid may belong to anything. */
export async function runs(pid: number, program: RegExp): Promise<boolean> {
  if (!(await isAlive(pid))) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined ? true : program.test(cmdline.split('\0')[0] ?? '');
}

/** SIGTERM (redis-server flushes its AOF and exits), then SIGKILL after 10 s; returns once the process is gone. */
export async function endProcess(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Gone meanwhile: nothing to end.
    }
  };
  signal('SIGTERM');
  for (let i = 0; i < 400 && (await isAlive(pid)); i++) await sleep(25);
  if (await isAlive(pid)) signal('SIGKILL');
  for (let i = 0; i < 200 && (await isAlive(pid)); i++) await sleep(25);
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
}

/**
 * When Redis fsyncs its AOF. `always`: before the replies of each event-loop turn go out
 * (Redis 7.0 groups that turn's writes into one fsync), so no acknowledged money change is
 * lost with the machine's power. `everysec`: once a second, in the background; a power loss
 * can forget up to about a second of acknowledged changes.
 */
export type AppendFsync = 'always' | 'everysec';

/** The service's default: an acknowledged paisa survives a power loss (issue 26). */
export const DEFAULT_APPEND_FSYNC: AppendFsync = 'always';

/** How to start the server: the same every time, so a restart is the same server. */
export interface ServerSpec {
  binary: string;
  /** Its data folder (the AOF). */
  dir: string;
  stateFile: string;
  options: { onOutput?: (line: string) => void; startTimeoutMs?: number; appendfsync?: AppendFsync };
}

/** The managed server's settings on its command line (exported for the power-loss test, which runs the same server). */
export function serverArgs(port: number, dir: string, appendfsync: AppendFsync): string[] {
  return [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--dir', dir,
    '--appendonly', 'yes',
    '--appendfsync', appendfsync,
    '--maxmemory-policy', 'noeviction',
    '--save', '',
    '--daemonize', 'no',
    '--logfile', '',
  ];
}

/**
 * Starts redis-server on `port` and waits until it answers; a server that did not is killed.
 * `onSpawn` sees the child at once, before it is ready: the caller records its pid, and can
 * stop it while it loads a large AOF.
 */
export async function spawnServer(
  server: ServerSpec,
  port: number,
  password: string | undefined,
  onSpawn: (child: ChildProcess) => Promise<void> | void = () => undefined,
): Promise<{ child: ChildProcess; ready: boolean; output: string[] }> {
  const { binary, dir, options } = server;
  const child = spawn(
    binary,
    // The rest of the configuration from standard input: the password.
    ['-', ...serverArgs(port, dir, options.appendfsync ?? DEFAULT_APPEND_FSYNC)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  // A spawn that fails (the binary gone since start-up, EAGAIN) emits 'error': unheard, it
  // would end the service just when it is trying to recover.
  let failed = false;
  child.on('error', (error) => {
    failed = true;
    output.push(`could not run ${binary}: ${error.message}`);
  });
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(password === undefined ? '' : `requirepass ${password}\n`);
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      options.onOutput?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  if (child.pid !== undefined) {
    try {
      await onSpawn(child);
    } catch (error) {
      // Not left running with nothing recording it (the state file not written, say).
      await endProcess(child.pid);
      throw error;
    }
  }
  const ready = !failed && (await waitUntilReady(child, port, password, options.startTimeoutMs ?? 10_000, () => failed));
  if (!ready) child.kill('SIGKILL');
  return { child, ready, output };
}

/** Owner-only, as a new file: an older version's file, readable by all, keeps its mode when written over. */
export async function writeState(file: string, state: StateFile): Promise<void> {
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(state), { mode: 0o600 });
}

export async function readState(file: string): Promise<StateFile | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as Partial<StateFile>;
    if (typeof state.pid !== 'number' || typeof state.port !== 'number') return undefined;
    return {
      pid: state.pid,
      port: state.port,
      ...(typeof state.password === 'string' ? { password: state.password } : {}),
    };
  } catch {
    return undefined;
  }
}

async function waitUntilReady(child: ChildProcess, port: number, password: string | undefined, timeoutMs: number, failed: () => boolean): Promise<boolean> {
  let deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (failed() || child.exitCode !== null || child.signalCode !== null) return false;
    const pong = await rawCommand(port, 'PING', password).catch(() => '');
    if (pong === '+PONG') return true;
    // Loading a large AOF takes as long as it takes: a server that says so is not stuck.
    if (pong.startsWith('-LOADING')) deadline = Date.now() + timeoutMs;
    await sleep(25);
  }
  return false;
}

