import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  freeLoopbackPort,
  ManagedRedisInUseError,
  RedisBinaryMissingError,
  startManagedRedis,
  type ManagedRedis,
  type SupervisionEvent,
} from '../../src/runtime/managed-redis.js';

describe('managed redis-server', () => {
  let dataDir: string | undefined;
  let managed: ManagedRedis | undefined;
  afterEach(async () => {
    await managed?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    managed = undefined;
    dataDir = undefined;
  });

  it('starts on a loopback port with AOF on, noeviction and its data under the data folder', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    expect(managed.url).toMatch(/^redis:\/\/:[0-9a-f]{48}@127\.0\.0\.1:\d+$/);
    const client = new Redis(managed.url);
    try {
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      expect(await client.config('GET', 'dir')).toEqual(['dir', path.join(dataDir, 'redis')]);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
      await client.set('kept', 'across restarts');
    } finally {
      client.disconnect();
    }
  });

  it('lets in only clients with its password, given where other users cannot read it', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    const password = new URL(managed.url).password;
    const stranger = new Redis(managed.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, enableReadyCheck: false });
    try {
      await stranger.connect();
      await expect(stranger.get('anything')).rejects.toThrow(/NOAUTH/);
    } finally {
      stranger.disconnect();
    }
    // Not on redis-server's command line, which any user can read (ps, /proc/<pid>/cmdline).
    const commandLines = await Promise.all(
      (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')),
    );
    expect(commandLines.filter((line) => line.includes('redis-server')).length).toBeGreaterThan(0);
    expect(commandLines.filter((line) => line.includes(password))).toEqual([]);
    // Its folder (AOF, the state file with the password) is the owner's alone.
    expect((await stat(path.join(dataDir, 'redis'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'redis', 'managed-redis.json'))).mode & 0o777).toBe(0o600);
  });

  it("adopts an older version's server left running without a password, and gives it one", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const dir = path.join(dataDir, 'redis');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    // As an older version left it after a SIGKILL: its server running, its state file open to all.
    const port = await freeLoopbackPort();
    const old = spawn(findRedisServer()!, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const stateFile = path.join(dir, 'managed-redis.json');
    await writeFile(stateFile, JSON.stringify({ pid: old.pid, port }), { mode: 0o644 });
    await chmod(stateFile, 0o644);
    try {
      for (let i = 0; i < 200; i++) {
        const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        probe.on('error', () => undefined);
        const up = await probe.connect().then(() => probe.ping().then(() => true), () => false);
        probe.disconnect();
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      managed = await startManagedRedis({ dataDir });
      expect(managed.port).toBe(port);
      const client = new Redis(managed.url);
      expect(await client.ping()).toBe('PONG');
      // Older versions ran everysec: the adopted server fsyncs as this version does.
      expect(await client.config('GET', 'appendfsync')).toEqual(['appendfsync', 'always']);
      client.disconnect();
      const stranger = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, enableReadyCheck: false });
      await stranger.connect();
      await expect(stranger.get('anything')).rejects.toThrow(/NOAUTH/);
      stranger.disconnect();
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(stateFile)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(stateFile, 'utf8'))).toEqual({ pid: old.pid, port, password: new URL(managed.url).password });
    } finally {
      await managed?.stop();
      managed = undefined;
      if (old.exitCode === null) old.kill('SIGKILL');
    }
  });

  it('keeps data across a stop and a start on the same data folder', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    let client = new Redis(managed.url);
    await client.set('kept', 'yes');
    client.disconnect();
    await managed.stop();

    managed = await startManagedRedis({ dataDir });
    client = new Redis(managed.url);
    expect(await client.get('kept')).toBe('yes');
    client.disconnect();
    expect((await stat(path.join(dataDir, 'redis', 'appendonlydir'))).isDirectory()).toBe(true);
  });

  it('starts its server again, on the same port and password, from its AOF, when the server dies', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const events: SupervisionEvent[] = [];
    managed = await startManagedRedis({ dataDir, onSupervision: (event) => events.push(event) });
    const client = new Redis(managed.url, { retryStrategy: () => 50 });
    client.on('error', () => {});
    try {
      await client.set('kept', 'through a crash');
      const first = JSON.parse(await readFile(path.join(dataDir, 'redis', 'managed-redis.json'), 'utf8')) as { pid: number };
      process.kill(first.pid, 'SIGKILL');
      // The client's own reconnects find the new server: nothing to tell it.
      expect(await client.get('kept')).toBe('through a crash');
      const second = JSON.parse(await readFile(path.join(dataDir, 'redis', 'managed-redis.json'), 'utf8')) as { pid: number; port: number };
      expect(second.pid).not.toBe(first.pid);
      expect(second.port).toBe(managed.port);
      expect(events).toEqual([{ kind: 'exited', how: 'signal SIGKILL' }, { kind: 'restarted', pid: second.pid, attempt: 1 }]);
    } finally {
      client.disconnect();
    }
    // stop() is final: no restart after it.
    await managed.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toHaveLength(2);
  });

  it("refuses a data folder another running service holds, and leaves its server running; a dead service's claim is taken over", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    const claimFile = path.join(dataDir, 'redis', 'owner.pid');
    expect((await readFile(claimFile, 'utf8')).trim()).toBe(String(process.pid));
    // As if another `npm start` (a live node process other than this one) held it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await writeFile(claimFile, String(other.pid));
      const refused = await startManagedRedis({ dataDir }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ManagedRedisInUseError);
      expect((refused as Error).message).toContain(`process ${other.pid} runs its private redis-server`);
      const client = new Redis(managed.url);
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its holder gone (killed with SIGKILL): the claim is stale, and the server is adopted.
    const adopted = await startManagedRedis({ dataDir });
    try {
      expect(adopted.port).toBe(managed.port);
      expect((await readFile(claimFile, 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await adopted.stop();
    }
  });

  it('takes over a claim whose pid is alive but is no service (a pid reused after a reboot)', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    await mkdir(path.join(dataDir, 'redis'), { mode: 0o700 });
    const notAService = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir, 'redis', 'owner.pid'), String(notAService.pid));
      managed = await startManagedRedis({ dataDir });
      expect((await readFile(path.join(dataDir, 'redis', 'owner.pid'), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      notAService.kill('SIGKILL');
    }
  });

  it('lets exactly one of several starts at once take over a stale claim', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const claimFile = path.join(dataDir, 'owner.pid');
    const module = fileURLToPath(new URL('../../src/runtime/managed-redis-claim.ts', import.meta.url));
    const script = `const { claimFolder } = await import(${JSON.stringify(module)}); const r = await claimFolder(${JSON.stringify(claimFile)}); console.log('heldBy' in r ? 'refused' : 'claimed'); setTimeout(() => {}, 3000);`;
    for (let round = 0; round < 3; round++) {
      // Left by a service killed with SIGKILL: a pid no process has.
      await writeFile(claimFile, '999999');
      const racers = Array.from({ length: 4 }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] }));
      const said = await Promise.all(
        racers.map(
          (racer) =>
            new Promise<string>((resolve) => {
              let out = '';
              racer.stdout!.on('data', (chunk: Buffer) => {
                out += chunk.toString();
                if (out.includes('\n')) resolve(out.trim());
              });
              racer.once('exit', () => resolve(out.trim()));
            }),
        ),
      );
      for (const racer of racers) racer.kill('SIGKILL');
      await Promise.all(racers.map((racer) => new Promise((resolve) => (racer.exitCode !== null || racer.signalCode !== null ? resolve(null) : racer.once('exit', resolve)))));
      expect(said.sort(), `round ${round}`).toEqual(['claimed', 'refused', 'refused', 'refused']);
    }
  }, 60_000);

  it('ends a left-over server it cannot use before starting its own on the same files', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const dir = path.join(dataDir, 'redis');
    await mkdir(dir, { mode: 0o700 });
    const port = await freeLoopbackPort();
    const old = spawn(findRedisServer()!, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--requirepass', 'another'], { stdio: 'ignore' });
    try {
      for (let i = 0; i < 200; i++) {
        const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, password: 'another' });
        probe.on('error', () => undefined);
        const up = await probe.connect().then(() => probe.ping().then(() => true), () => false);
        probe.disconnect();
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // A state file whose password the server no longer takes.
      await writeFile(path.join(dir, 'managed-redis.json'), JSON.stringify({ pid: old.pid, port, password: 'not-that-one' }), { mode: 0o600 });
      const exited = new Promise((resolve) => old.once('exit', resolve));
      managed = await startManagedRedis({ dataDir });
      await exited;
      expect(old.exitCode !== null || old.signalCode !== null).toBe(true);
      const client = new Redis(managed.url);
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      if (old.exitCode === null && old.signalCode === null) old.kill('SIGKILL');
    }
  }, 30_000);

  it('stops the server it started', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    const client = new Redis(managed.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    await managed.stop();
    await expect(client.connect()).rejects.toThrow();
    client.disconnect();
  });

  it('fails with one line saying how to install redis-server when the binary is missing', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const error = await startManagedRedis({ dataDir, searchPath: '/nonexistent' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisBinaryMissingError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('apt-get install -y redis-server');
    expect(message).toContain('REDIS_URL');
  });
});
