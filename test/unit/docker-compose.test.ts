/**
 * docker-compose.yml cannot be run here (no Docker engine), so its wiring is checked instead:
 * every Node service runs the image the Dockerfile builds (no source mount, no install, no tsx),
 * images are pinned, Redis has a password from a secret file and keeps its data (AOF), secrets
 * reach the services as files and never as values, the pools scale, every service is
 * health-checked, and the worker pools' health probe is run for real against running pools.
 * test/integration/container-image.test.ts runs the services' commands from the image's files.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CHECK_NAMES } from '../../src/domain/operations.js';
import { parseSimArgs } from '../../src/sim/cli-args.js';
import { buildSimulatorApp } from '../../src/sim/sim-app.js';
import { ADAPTERS } from '../../src/sources/adapters/index.js';
import { loadSourcesFile } from '../../src/sources/sources-file.js';
import {
  builtServices,
  commandOf,
  compose,
  composeText,
  configPaths,
  dependsOn,
  environment,
  mounts,
  repoRoot as root,
  secretPaths,
  unescapeDollars,
} from '../helpers/compose-file.js';
import { dockerIgnored, parseDockerfile, parseEnv, parseHealthcheck, readDockerignore } from '../helpers/dockerfile.js';
import { startWorkerPool } from '../helpers/worker-process.js';

const services = compose.services;
const serviceNames = Object.keys(services);
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const stages = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const runtime = stages.at(-1)!;
const imageHealthcheck = parseHealthcheck(runtime.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK')!.args);

/** The module a command or npm script runs, as `src/server` or `workers/verify`: `dist/x.js` and `x.ts` are one. */
function entryModule(command: string): string | undefined {
  const match = /(?:^|\s)(?:dist\/)?((?:src|workers)\/[\w/.-]+?)\.(?:js|ts)\b/.exec(command);
  return match?.[1];
}

const nodeServices = builtServices();
const apiCommand = entryModule(scripts.start!);
const roleOf = (name: string) => entryModule(commandOf(services[name]!).join(' '));
const workerServices = nodeServices.filter((name) => roleOf(name)?.startsWith('workers/'));
const appServices = nodeServices.filter((name) => roleOf(name) === apiCommand || workerServices.includes(name));
const simName = nodeServices.find((name) => roleOf(name) === entryModule(scripts.sim!));

function simListen(): { host: string; port: number } {
  const argv = commandOf(services[simName!]!);
  const options = parseSimArgs(argv.slice(2));
  return { host: options.host, port: options.port };
}

/** The `http://127.0.0.1:<port><path>` a health check fetches. */
function probedUrl(test: string[]): URL {
  const match = /http:\/\/127\.0\.0\.1:\d+[^'"\s)]*/.exec(test.join(' '));
  expect(match, 'a health check that fetches a local URL').not.toBeNull();
  return new URL(match![0]);
}

const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1] ?? Number.NaN);

describe('docker-compose.yml', () => {
  it('runs every Node service from the image the Dockerfile builds: no source mount, no install at start, no tsx', () => {
    expect(nodeServices.length).toBeGreaterThan(0);
    const images = new Set(nodeServices.map((name) => services[name]!.image));
    expect(images.size, 'one image for every role').toBe(1);
    for (const name of nodeServices) {
      const service = services[name]!;
      expect(service.build, name).toBe('.');
      expect(commandOf(service)[0], `${name}: node itself, no npm or shell in between`).toBe('node');
      expect(commandOf(service).join(' '), name).not.toMatch(/\b(npm|npx|tsx)\b/);
      for (const { source, target } of mounts(service)) {
        expect(source, `${name}: ${target} is a named volume, not a folder of the host`).toMatch(/^[a-z][\w-]*$/);
        expect(compose.volumes ?? {}).toHaveProperty([source]);
      }
      expect(service.working_dir, `${name}: the image's WORKDIR`).toBeUndefined();
      // The image's ENTRYPOINT is the init (tini): Docker's own would be a second.
      expect(service.init, name).not.toBe(true);
    }
    // Nothing installs or waits for an installer any more.
    for (const name of serviceNames) {
      expect(commandOf(services[name]!).join(' '), name).not.toMatch(/\bnpm\s+(ci|install)\b/);
      expect(Object.values(dependsOn(services[name]!)), name).not.toContain('service_completed_successfully');
    }
  });

  it('runs, in each role, the module its npm script runs, compiled by the build', () => {
    const build = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { include: string[] };
    const pools = Object.keys(scripts).filter((script) => script.startsWith('worker:'));
    expect(pools.length).toBeGreaterThan(0);
    expect(workerServices.map(roleOf).sort()).toEqual(pools.map((pool) => entryModule(scripts[pool]!)).sort());
    expect(nodeServices.filter((name) => roleOf(name) === apiCommand)).toEqual(['api']);
    expect(simName).toBeDefined();
    for (const name of nodeServices) {
      const role = roleOf(name)!;
      expect(commandOf(services[name]!)[1], name).toBe(`dist/${role}.js`);
      expect(existsSync(path.join(root, `${role}.ts`)), `${name}: ${role}.ts`).toBe(true);
      expect(build.include, `${name}: tsconfig.json compiles ${role}`).toContain(role.split('/')[0]);
    }
  });

  it('has a worker service per pool, each scalable: no ports, no container_name', () => {
    for (const name of workerServices) {
      expect(services[name]!.ports, name).toBeUndefined();
      expect(services[name]!.container_name, name).toBeUndefined();
    }
  });

  it('gives node the same options in the image as npm start and the worker scripts do', () => {
    // heap-policy.ts: the young generation is sized at start, so it is a node option everywhere.
    const optionsOf = (script: string) => /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\//.exec(script)?.[1]?.trim().split(/\s+/) ?? [];
    const start = optionsOf(scripts.start!);
    expect(start).toContain('--max-semi-space-size=16');
    for (const pool of Object.keys(scripts).filter((script) => script.startsWith('worker:'))) expect(optionsOf(scripts[pool]!), pool).toEqual(start);
    const runtime = stages.at(-1)!;
    const env = Object.assign({}, ...runtime.instructions.filter((i) => i.keyword === 'ENV').map((i) => parseEnv(i.args))) as Record<string, string>;
    expect(env.NODE_OPTIONS?.split(/\s+/)).toEqual(start);
  });

  it('pins every image: Redis and the Dockerfile\'s base to exact releases, the base to the Node.js CI runs', () => {
    for (const name of serviceNames.filter((n) => !nodeServices.includes(n))) {
      expect(services[name]!.image, name).toMatch(/^[\w./-]+:\d+\.\d+\.\d+(-[\w.]+)?$/);
    }
    const pinned = /^NODE_PINNED=(\S+)$/m.exec(readFileSync(path.join(root, '.ci/run'), 'utf8'))?.[1];
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    for (const stage of stages) expect(stage.from, stage.name).toMatch(new RegExp(`^node:${pinned!.replaceAll('.', '\\.')}-[a-z]+-slim$`));
  });

  it('runs Redis as its own user with a password from a secret file, AOF on, fsynced before each answer, and no eviction', () => {
    const redis = services.redis!;
    expect(redis.user).toBe('redis');
    const script = unescapeDollars(commandOf(redis).join(' '));
    expect(script).toMatch(/--appendonly yes\b/);
    // The API's start-up check refuses a Redis without it once live keys exist (docs/money.md "Durability").
    expect(script).toMatch(/--appendfsync always\b/);
    expect(script).toMatch(/--maxmemory-policy noeviction\b/);
    expect(mounts(redis).map((mount) => mount.target)).toContain('/data');
    // The password is configuration on stdin, read from the secret: never an argument `ps` shows.
    const secret = /requirepass \$\(cat (\/run\/secrets\/[\w.-]+)\)/.exec(script)?.[1];
    expect(secret, 'requirepass from a secret file').toBeDefined();
    expect(script).toMatch(/exec redis-server - /);
    expect(secretPaths(redis).has(secret!)).toBe(true);
    // Every client of Redis has the same secret.
    for (const name of appServices) {
      const file = environment(services[name]!).REDIS_PASSWORD_FILE;
      expect(file, `${name}: REDIS_PASSWORD_FILE`).toBeDefined();
      expect(secretPaths(services[name]!).get(file!), name).toBe(secretPaths(redis).get(secret!));
    }
  });

  it('gives secrets as files and never as values, from a folder git and the image leave out', () => {
    const api = environment(services.api!);
    expect(api.BV_ADMIN_TOKEN_FILE).toBeDefined();
    expect(secretPaths(services.api!).has(api.BV_ADMIN_TOKEN_FILE!)).toBe(true);
    // No first-start account: its key would be printed to the logs.
    expect(api.BV_FIRST_START_ACCOUNT).toBe('false');
    for (const name of serviceNames) {
      for (const key of Object.keys(environment(services[name]!))) {
        expect(key, `${name}: a secret's value in the environment`).not.toMatch(/^(BV_ADMIN_TOKEN|REDIS_PASSWORD|REDIS_SENTINEL_PASSWORD|AWS_SECRET_ACCESS_KEY)$/);
      }
      expect(environment(services[name]!).REDIS_URL ?? '', `${name}: a password in REDIS_URL`).not.toMatch(/@/);
    }
    // Only the API gets the admin token.
    for (const name of serviceNames.filter((n) => n !== 'api')) expect([...secretPaths(services[name]!).values()], name).not.toContain(secretPaths(services.api!).get(api.BV_ADMIN_TOKEN_FILE!));
    const ignored = readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n');
    const dockerignore = readDockerignore(path.join(root, '.dockerignore'));
    for (const [name, secret] of Object.entries(compose.secrets ?? {})) {
      expect(secret.file, name).toMatch(/^\.\/secrets\/[\w.-]+$/);
      expect(ignored, 'secrets/ is git-ignored').toContain('secrets/');
      expect(dockerIgnored(dockerignore, secret.file!.slice(2)), `${secret.file} stays out of the build context`).toBe(true);
    }
  });

  it('keeps the checkout\'s own folders and the tests out of the build context', () => {
    const dockerignore = readDockerignore(path.join(root, '.dockerignore'));
    for (const entry of ['node_modules/x', 'dist/src/server.js', 'data/admin-token', '.git/config', 'test/unit/x.test.ts', 'coverage/x', '.env', 'secrets/redis_password']) {
      expect(dockerIgnored(dockerignore, entry), entry).toBe(true);
    }
    for (const entry of ['package.json', 'package-lock.json', 'src/server.ts', 'workers/verify.ts', 'tsconfig.json']) expect(dockerIgnored(dockerignore, entry), entry).toBe(false);
  });

  it('health-checks every long-running service: the API by the image\'s HEALTHCHECK, the others by their own', () => {
    expect(serviceNames).toEqual(expect.arrayContaining(['redis', 'api', simName!, ...workerServices]));
    for (const name of serviceNames) {
      const check = services[name]!.healthcheck;
      expect(check?.disable, name).not.toBe(true);
      if (check?.test === undefined) {
        // Only the API may inherit the image's check: it probes the API's port.
        expect(name).toBe('api');
        continue;
      }
      const test = ([] as string[]).concat(check.test);
      expect(['CMD', 'CMD-SHELL'], `${name}: healthcheck.test`).toContain(test[0]);
      expect(test.length, name).toBeGreaterThan(1);
    }
  });

  it('points the API and every worker at the redis service and waits for it to be healthy', () => {
    expect(appServices).toEqual(expect.arrayContaining(['api', ...workerServices]));
    for (const name of appServices) {
      const url = environment(services[name]!).REDIS_URL;
      expect(url, `${name}: REDIS_URL`).toBeDefined();
      expect(new URL(url!).hostname, name).toBe('redis');
      expect(dependsOn(services[name]!), name).toMatchObject({ redis: 'service_healthy' });
    }
  });

  it('gives the API and every worker the same data folder, on one named volume, and time to drain', () => {
    const dirs = new Set(appServices.map((name) => environment(services[name]!).BV_DATA_DIR));
    expect(dirs.size).toBe(1);
    const [dir] = [...dirs];
    expect(dir).toMatch(/^\//);
    const volumes = new Set(appServices.map((name) => mounts(services[name]!).find((mount) => mount.target === dir)?.source));
    expect(volumes.size).toBe(1);
    const [volume] = [...volumes];
    expect(compose.volumes ?? {}, 'a named volume declared at the top level').toHaveProperty([volume!]);
    // Longer than the default BV_SHUTDOWN_TIMEOUT_MS (25 s), so a draining process is not killed first.
    for (const name of appServices) expect(seconds(services[name]!.stop_grace_period), name).toBeGreaterThan(25);
  });

  it('runs the simulator on 0.0.0.0 and a fixed port, health-checked on a path it answers', async () => {
    const { host, port } = simListen();
    expect(host).toBe('0.0.0.0');
    expect(port).toBeGreaterThan(0);
    const url = probedUrl(([] as string[]).concat(services[simName!]!.healthcheck?.test ?? []));
    expect(Number(url.port)).toBe(port);
    const sim = buildSimulatorApp();
    try {
      expect((await sim.app.inject({ url: url.pathname })).statusCode).toBe(200);
    } finally {
      await sim.app.close();
    }
  });

  it('publishes the API on 0.0.0.0, and the image\'s HEALTHCHECK probes its /readyz on PORT', () => {
    const env = environment(services.api!);
    expect(env.HOST).toBe('0.0.0.0');
    expect(services.api!.ports).toContain(`${env.PORT}:${env.PORT}`);
    const script = imageHealthcheck.command.join(' ');
    expect(script).toContain("process.env.PORT || 8080");
    expect(probedUrl(imageHealthcheck.command.map((part) => part.replace(/' \+ \(process\.env\.PORT \|\| 8080\) \+ '/, env.PORT!))).pathname).toBe('/readyz');
  });

  it('gives the API and workers, as a config, a sources file in the repo whose every source is the simulator service', async () => {
    const { port } = simListen();
    const files = new Set(appServices.map((name) => environment(services[name]!).BV_SOURCES));
    expect(files.size).toBe(1);
    const [containerPath] = [...files];
    expect(containerPath, 'BV_SOURCES').toBeDefined();
    for (const name of appServices) {
      const file = configPaths(services[name]!).get(containerPath!);
      expect(file, `${name}: ${containerPath} is one of its configs`).toBeTruthy();
      expect(existsSync(file!), file).toBe(true);
      // The container's own environment must be enough for the credentials.
      const plan = await loadSourcesFile(file!, ADAPTERS, environment(services[name]!));
      expect(plan.sources.length).toBeGreaterThan(0);
      for (const source of plan.sources) {
        const url = new URL(source.baseUrl);
        expect(url.hostname, source.name).toBe(simName);
        expect(Number(url.port), source.name).toBe(port);
      }
      // Live keys work for every check, not only some.
      for (const check of CHECK_NAMES) expect(plan.checks[check]?.length, check).toBeGreaterThan(0);
      expect(dependsOn(services[name]!), name).toHaveProperty([simName!]);
    }
  });

  it('uses no variable interpolation (only $$, a $ reaching the container), so scripts reach the containers as written', () => {
    expect(composeText.replaceAll('$$', '')).not.toMatch(/\$/);
  });
});

describe('the worker pools\' health check', () => {
  const redisUrl = inject('redisUrl');
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
  const pools: ChildProcess[] = [];
  let dataDir: string | undefined;

  afterAll(async () => {
    await Promise.all(pools.map(stop));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  });

  function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Runs a service's health check as Docker would (CMD: exec, no shell), from the checkout. */
  function probe(name: string, keyPrefix: string): Promise<{ code: number; output: string }> {
    const [form, file, ...args] = ([] as string[]).concat(services[name]!.healthcheck?.test ?? []);
    expect(form).toBe('CMD');
    const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), REDIS_URL: redisUrl, BV_KEY_PREFIX: keyPrefix };
    return new Promise((resolve) => {
      execFile(file!, args, { cwd: root, env, timeout: 10_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      });
    });
  }

  /** Docker retries a failing check: poll until the expected outcome, failing after a while. */
  async function probeUntil(name: string, keyPrefix: string, expected: 0 | 1): Promise<void> {
    const deadline = Date.now() + 10_000;
    let last = await probe(name, keyPrefix);
    while ((last.code === 0 ? 0 : 1) !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await probe(name, keyPrefix);
    }
    expect(last.code === 0 ? 0 : 1, `${name}: ${last.output}`).toBe(expected);
  }

  it('passes while each pool runs, and fails for a pool nobody runs and once the pools stop', { timeout: 90_000 }, async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-compose-'));
    const poolOf = (name: string): 'verify' | 'finalize' | 'scheduler' =>
      roleOf(name)!.slice('workers/'.length) as 'verify' | 'finalize' | 'scheduler';
    expect(workerServices.map(poolOf).sort()).toEqual(['finalize', 'scheduler', 'verify']);

    // Nothing runs under a fresh prefix yet: every probe must say so.
    await Promise.all(workerServices.map((name) => probeUntil(name, prefix, 1)));

    const started = await Promise.all(
      workerServices.map((name) => startWorkerPool(poolOf(name), { REDIS_URL: redisUrl, BV_KEY_PREFIX: prefix, BV_DATA_DIR: dataDir! })),
    );
    pools.push(...started);
    await Promise.all(workerServices.map((name) => probeUntil(name, prefix, 0)));
    // Another deployment's prefix on the same Redis has no pools of its own.
    await Promise.all(workerServices.map((name) => probeUntil(name, `${prefix}-other`, 1)));

    await Promise.all(started.map(stop));
    await Promise.all(workerServices.map((name) => probeUntil(name, prefix, 1)));
  });

  it('fails when Redis cannot be reached', async () => {
    const [name] = workerServices;
    const [form, file, ...args] = ([] as string[]).concat(services[name!]!.healthcheck?.test ?? []);
    expect(form).toBe('CMD');
    const code = await new Promise<number>((resolve) => {
      // Port 1 on loopback: nothing listens there.
      const env = { PATH: process.env.PATH ?? '', REDIS_URL: 'redis://127.0.0.1:1', BV_KEY_PREFIX: prefix };
      execFile(file!, args, { cwd: root, env, timeout: 10_000 }, (error) => resolve(error ? 1 : 0));
    });
    expect(code).toBe(1);
  });
});
