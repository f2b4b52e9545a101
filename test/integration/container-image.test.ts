/**
 * The container image and the compose file's services, run without a Docker engine (none runs
 * on our machines): the runtime stage's files are rebuilt from the Dockerfile in a scratch
 * folder (test/helpers/image-rehearsal.ts), and the compose services' commands, environment,
 * secrets and health checks run from there as the image's user, behind its init as PID 1,
 * against a Redis started by the compose file's own command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../src/runtime/managed-redis.js';
import { builtServices, commandOf, compose, configPaths, environment, repoRoot, secretPaths, unescapeDollars, type Service } from '../helpers/compose-file.js';
import { childrenOf, execInImage, procStatus, rehearseImage, startInImage, type ImageProcess, type RehearsedImage } from '../helpers/image-rehearsal.js';

const services = compose.services;
const pools = builtServices().filter((name) => commandOf(services[name]!).some((arg) => arg.startsWith('dist/workers/')));
const simName = builtServices().find((name) => commandOf(services[name]!).includes('dist/src/sim/main.js'))!;

let image: RehearsedImage;
let secretsDir: string;
const secrets = new Map<string, string>();
let redis: ChildProcess | undefined;
let redisPort: number;
const started: ImageProcess[] = [];

/** Waits until `done()` holds, or fails with what the process printed. */
async function until(what: string, done: () => boolean | Promise<boolean>, proc?: { output(): string; child: ChildProcess }, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: the process exited: ${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${proc ? `: ${proc.output()}` : ''}`);
    await sleep(100);
  }
}

/** The service's environment with its container paths where they are here: its secrets, its configs, the image's files. */
function serviceEnv(service: Service, overrides: Record<string, string>): Record<string, string> {
  const grantedSecrets = secretPaths(service);
  const configs = configPaths(service);
  const mapped = Object.entries(environment(service)).map(([key, value]) => {
    if (value.startsWith('/run/secrets/')) {
      const secret = grantedSecrets.get(value);
      // A secret the service was not given is not there, as in the container.
      return [key, secret === undefined ? path.join(secretsDir, 'not-granted', value) : path.join(secretsDir, secret)];
    }
    if (configs.has(value)) return [key, configs.get(value)!];
    if (value.startsWith('/')) return [key, image.onDisk(value)];
    return [key, value];
  });
  return { ...Object.fromEntries(mapped), REDIS_URL: `redis://127.0.0.1:${redisPort}`, LOG_LEVEL: 'info', ...overrides };
}

/** The compose service's command, started from the image as Docker would. */
function startService(name: string, command: string[], overrides: Record<string, string> = {}): ImageProcess {
  const proc = startInImage(image, command, serviceEnv(services[name]!, overrides));
  started.push(proc);
  return proc;
}

async function healthcheck(name: string, command: string[], overrides: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return execInImage(image, command, serviceEnv(services[name]!, overrides));
}

beforeAll(async () => {
  image = await rehearseImage(repoRoot);
  secretsDir = await mkdtemp(path.join(os.tmpdir(), 'bv-secrets-'));
  // What the container sees under /run/secrets: the host's files as they are (a bind mount).
  await chmod(secretsDir, 0o755);
  await mkdir(path.join(secretsDir, 'not-granted'));
  for (const name of Object.keys(compose.secrets ?? {})) {
    const value = `${name}-${randomBytes(16).toString('hex')}`;
    secrets.set(name, value);
    // As docs/deployment.md says to make them: readable by the containers' users, who are not the owner.
    await writeFile(path.join(secretsDir, name), `${value}\n`, { mode: 0o644 });
  }

  // Redis by the compose file's own command (its password read from the secret file), on a loopback port of the test's.
  const redisService = services.redis!;
  const [shell, flag, script] = commandOf(redisService);
  expect([shell, flag]).toEqual(['sh', '-c']);
  redisPort = await freeLoopbackPort();
  const redisDir = path.join(secretsDir, 'redis-data');
  await mkdir(redisDir);
  const local = unescapeDollars(script!)
    .replaceAll('/run/secrets/', `${secretsDir}/`)
    .replace('redis-server -', `redis-server - --port ${redisPort} --bind 127.0.0.1 --dir ${redisDir}`);
  expect(local).toContain(`--port ${redisPort}`);
  redis = spawn('sh', ['-c', local], { stdio: ['ignore', 'pipe', 'pipe'] });
  let redisOut = '';
  redis.stdout?.on('data', (chunk: Buffer) => (redisOut += chunk.toString()));
  await until('redis ready', () => redisOut.includes('Ready to accept connections'), { output: () => redisOut, child: redis });
}, 240_000);

afterAll(async () => {
  await Promise.all(started.map((proc) => proc.stop('SIGKILL').catch(() => undefined)));
  if (redis && redis.exitCode === null) {
    const gone = new Promise((resolve) => redis!.once('exit', resolve));
    redis.kill('SIGTERM');
    await gone;
  }
  await image?.remove();
  if (secretsDir) await rm(secretsDir, { recursive: true, force: true });
});

describe('the container image', () => {
  it('holds the compiled service, package.json and the production dependencies, nothing else', () => {
    const app = image.workdirOnDisk;
    expect(readdirSorted(app)).toEqual(['dist', 'node_modules', 'package.json']);
    // The compiled service and its pools, not the tests.
    expect(readdirSorted(path.join(app, 'dist')).filter((entry) => !entry.endsWith('.tsbuildinfo'))).toEqual(['src', 'workers']);
    for (const role of [image.cmd, ...builtServices().map((name) => commandOf(services[name]!))]) {
      expect(role[0], role.join(' ')).toBe('node');
      expect(existsSync(path.join(app, role[1]!)), role.join(' ')).toBe(true);
    }
    expect(existsSync(path.join(app, 'dist/src/console/public/index.html'))).toBe(true);

    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const dependency of Object.keys(pkg.dependencies)) expect(existsSync(path.join(app, 'node_modules', dependency)), dependency).toBe(true);
    for (const tool of ['tsx', 'typescript', 'vitest', '.bin/tsc', '.bin/tsx', '.bin/vitest']) expect(existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);
    // No package the lock file marks as needed for development only.
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages).filter(([where, entry]) => entry.dev === true && where.startsWith('node_modules/'));
    expect(devOnly.length).toBeGreaterThan(0);
    expect(devOnly.map(([where]) => where).filter((where) => existsSync(path.join(app, where)))).toEqual([]);
  });

  it('runs as a user other than root, who can write its data folder and none of its code', async () => {
    expect(image.user.uid).not.toBe(0);
    const dataDir = image.env.BV_DATA_DIR!;
    // The kernel's own answer, asked as that user: every entry under the WORKDIR, symbolic links aside.
    const walk = `
      const fs = require('node:fs'); const path = require('node:path');
      const writable = [];
      const visit = (p) => {
        const st = fs.lstatSync(p);
        if (st.isSymbolicLink()) return;
        try { fs.accessSync(p, fs.constants.W_OK); writable.push(p); } catch {}
        if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
      };
      visit(process.argv[1]);
      let data = 'no';
      try { fs.accessSync(process.argv[2], fs.constants.W_OK | fs.constants.R_OK); data = 'yes'; } catch {}
      console.log(JSON.stringify({ writable, data }));`;
    const result = await execInImage(image, ['node', '-e', walk, image.workdirOnDisk, image.onDisk(dataDir)], {});
    expect(result.code, result.output).toBe(0);
    const { writable, data } = JSON.parse(result.output) as { writable: string[]; data: string };
    expect(writable).toEqual([]);
    expect(data).toBe('yes');
  });
});

describe('the compose services, started from the image', () => {
  it('Redis: started by its compose command, it asks for the password from the secret file, and its health check gives it', async () => {
    const [form, script] = ([] as string[]).concat(services.redis!.healthcheck?.test ?? []);
    expect(form).toBe('CMD-SHELL');
    const check = (dir: string) =>
      new Promise<number>((resolve) => {
        const local = unescapeDollars(script!).replaceAll('/run/secrets/', `${dir}/`).replace('redis-cli ping', `redis-cli -p ${redisPort} ping`);
        spawn('sh', ['-c', local], { stdio: 'ignore' }).once('exit', (code) => resolve(code ?? 1));
      });
    expect(await check(secretsDir)).toBe(0);
    // A wrong password (another folder's secret): NOAUTH, not PONG.
    const wrong = await mkdtemp(path.join(os.tmpdir(), 'bv-wrong-secrets-'));
    try {
      for (const name of secrets.keys()) await writeFile(path.join(wrong, name), 'not-the-password\n');
      expect(await check(wrong)).not.toBe(0);
    } finally {
      await rm(wrong, { recursive: true, force: true });
    }
  });

  it('API: tini is PID 1 and node its child, as the image user; secrets come from files and none is printed; /readyz and the HEALTHCHECK pass; docker stop drains it', { timeout: 90_000 }, async () => {
    const api = services.api!;
    const port = String(await freeLoopbackPort());
    const overrides = { HOST: '127.0.0.1', PORT: port };
    const proc = startService('api', commandOf(api), overrides);
    await until('the API listens', () => proc.output().includes('listening on'), proc);

    const init = proc.initPid();
    const initStatus = procStatus(init);
    expect(initStatus.nspid.at(-1), 'the init is PID 1 in its namespace').toBe(1);
    expect(initStatus.uid).toBe(image.user.uid);
    expect(readFileSync(`/proc/${init}/cmdline`, 'utf8').split('\0')[0]).toBe(image.entrypoint[0]);
    const [node, ...others] = childrenOf(init);
    expect(others).toEqual([]);
    expect(procStatus(node!).uid).toBe(image.user.uid);
    expect(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0').slice(0, 2)).toEqual(commandOf(api));

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const check = await healthcheck('api', image.healthcheck.command, overrides);
    expect(check.code, check.output).toBe(0);

    // The admin token is the secret file's (trimmed); a wrong one is refused.
    const adminToken = secrets.get([...secretPaths(api).entries()].find(([where]) => where === environment(api).BV_ADMIN_TOKEN_FILE)![1])!;
    const open = (token: string) =>
      fetch(`${base}/admin/v1/accounts`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'compose' }) });
    expect((await open(adminToken)).status).toBe(201);
    expect((await open(`${adminToken}x`)).status).toBe(401);

    // What `docker compose logs api` would show: no secret, no key.
    for (const value of secrets.values()) expect(proc.output()).not.toContain(value);
    expect(proc.output()).not.toMatch(/bv_(test|live|admin)_/);
    expect(existsSync(image.onDisk(`${image.env.BV_DATA_DIR}/admin-token`))).toBe(false);

    // docker stop: SIGTERM to PID 1, which passes it on; node drains and exits 0, and so does tini.
    expect(await proc.stop('SIGTERM')).toBe(0);
    expect(proc.output()).toContain('shutting down');
    const after = await healthcheck('api', image.healthcheck.command, overrides);
    expect(after.code).not.toBe(0);
  });

  it('every pool and the simulator start from the same files; each pool passes its compose health check', { timeout: 90_000 }, async () => {
    expect(pools.length).toBe(3);
    const running = pools.map((name) => ({ name, proc: startService(name, commandOf(services[name]!)) }));
    for (const { name, proc } of running) await until(`${name} runs`, () => proc.output().includes('worker pool running'), proc);
    for (const { name } of running) {
      const [form, ...probe] = ([] as string[]).concat(services[name]!.healthcheck?.test ?? []);
      expect(form).toBe('CMD');
      // BullMQ names its connections once the worker has started waiting on its queue: retry, as Docker does.
      let last = await healthcheck(name, probe);
      for (let tries = 0; last.code !== 0 && tries < 50; tries++) {
        await sleep(200);
        last = await healthcheck(name, probe);
      }
      expect(last.code, `${name}: ${last.output}`).toBe(0);
    }
    // Without the password file the probe is refused by Redis: the check is not passing by accident.
    const [, ...probe] = ([] as string[]).concat(services[pools[0]!]!.healthcheck?.test ?? []);
    const refused = await healthcheck(pools[0]!, probe, { REDIS_PASSWORD_FILE: '' });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/NOAUTH|auth/i);

    const simArgs = commandOf(services[simName]!);
    const simPort = String(await freeLoopbackPort());
    const localSim = simArgs.map((arg, index) => (simArgs[index - 1] === '--host' ? '127.0.0.1' : simArgs[index - 1] === '--port' ? simPort : arg));
    const sim = startService(simName, localSim);
    await until('the simulator answers', async () => (await fetch(`http://127.0.0.1:${simPort}/_sim/config`).catch(() => undefined))?.status === 200, sim);

    for (const { proc } of running) expect(await proc.stop('SIGTERM')).toBe(0);
    expect(await sim.stop('SIGTERM')).toBe(0);
  });
});

function readdirSorted(dir: string): string[] {
  return readdirSync(dir).sort();
}
