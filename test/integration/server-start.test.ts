import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts src/server.ts the way `npm start` starts the built one, with only the given env. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { out: () => out, err: () => err };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm start (src/server.ts)', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    // A failed assertion must not leave a server (and its Redis) running.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts its own Redis, creates a funded sandbox account, serves it, and stops Redis on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-start-'));
    dirs.push(dataDir);
    const child = startServer({ PATH: process.env.PATH ?? '', PORT: '0', BV_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    children.push(child);
    const output = collect(child);
    await waitFor(() => /Try:/.test(output.out()) || child.exitCode !== null, 30_000);
    expect(output.err()).toBe('');

    const baseUrl = /listening on (http:\/\/\S+)/.exec(output.out())?.[1] as string;
    const key = /^\s+(bv_test_\S+)$/m.exec(output.out())?.[1] as string;
    const adminToken = /Admin token \(saved in .*\): (\S+)/.exec(output.out())?.[1] as string;
    expect(key).toMatch(/^bv_test_/);

    const res = await fetch(`${baseUrl}/v1/gst/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gstin: '27AAPFU0939F1ZV' }),
    });
    expect(res.status).toBe(200);
    const accountId = /Sandbox account (acct_\w+)/.exec(output.out())?.[1] as string;
    const account = await fetch(`${baseUrl}/admin/v1/accounts/${accountId}`, { headers: { authorization: `Bearer ${adminToken}` } });
    // ₹1,000 on first start in its sandbox wallet (its only key is a sandbox key), less the one
    // ₹0.75 call above; the live wallet holds nothing.
    expect(await account.json()).toMatchObject({ balance_inr: 0, held_inr: 0, sandbox_balance_inr: 999.25, sandbox_held_inr: 0 });

    const stateFile = path.join(dataDir, 'redis', 'managed-redis.json');
    const { port: redisPort } = JSON.parse(readFileSync(stateFile, 'utf8')) as { port: number };
    expect(await canConnect(redisPort)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The private redis-server is gone with the service.
    expect(existsSync(stateFile)).toBe(false);
    expect(await canConnect(redisPort)).toBe(false);
  });

  it('exits with one clear line when redis-server is not installed and REDIS_URL is unset', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-start-'));
    dirs.push(dataDir);
    // A PATH with node on it and nothing else (node's own folder may hold redis-server too).
    const binDir = path.join(dataDir, 'bin');
    await mkdir(binDir);
    await symlink(process.execPath, path.join(binDir, 'node'));
    const child = startServer({ PATH: binDir, BV_DATA_DIR: dataDir });
    const output = collect(child);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    const lines = output.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/redis-server was not found on PATH: install it \(Debian\/Ubuntu: apt-get install -y redis-server/);
  });

  it('exits with one line naming the variable when the configuration is invalid', async () => {
    const child = startServer({ PATH: process.env.PATH ?? '', PORT: 'eighty' });
    const output = collect(child);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output.err().trim()).toMatch(/^invalid configuration: PORT: /);
  });
});
