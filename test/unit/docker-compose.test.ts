/**
 * docker-compose.yml cannot be run here (no Docker), so its wiring is checked instead: the
 * scripts it runs exist, the pools can be scaled, Redis keeps its data, every service is
 * health-checked, the services find Redis and the simulator by service name, and the worker
 * pools' health probe is run for real against running pools.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { CHECK_NAMES } from '../../src/domain/operations.js';
import { parseSimArgs } from '../../src/sim/cli-args.js';
import { buildSimulatorApp } from '../../src/sim/sim-app.js';
import { ADAPTERS } from '../../src/sources/adapters/index.js';
import { loadSourcesFile } from '../../src/sources/sources-file.js';
import { startWorkerPool } from '../helpers/worker-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Service {
  image?: string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: unknown[];
  container_name?: string;
  restart?: string;
  working_dir?: string;
  volumes?: (string | { type?: string; source?: string; target: string })[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
// Compose resolves `<<` merge keys (YAML 1.1); the yaml package does so only when asked.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = compose.services;
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

const commandText = (service: Service): string =>
  Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');

/** The npm commands a service runs: `start`, `run <script>` as the script's name, `ci` as "ci". */
function npmCommands(service: Service): { script?: string; ci: boolean; raw: string }[] {
  return [...commandText(service).matchAll(/\bnpm\s+([\w-]+)(?:\s+([\w:.-]+))?/g)].map((match) => {
    const [raw, verb, arg] = match;
    if (verb === 'start') return { script: 'start', ci: false, raw };
    if (verb === 'run' || verb === 'run-script') return { script: arg, ci: false, raw };
    return { ci: verb === 'ci', raw };
  });
}

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0] ?? '', entry.slice(entry.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

function dependsOn(service: Service): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition ?? 'service_started']));
}

/** `source:target` of each volume; short syntax `src:dst[:mode]` or the long syntax. */
function mounts(service: Service): { source: string; target: string }[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') return { source: volume.source ?? '', target: volume.target };
    const [source = '', target = ''] = volume.split(':');
    return { source, target };
  });
}

/** Where a path inside a container is in this checkout, through the service's bind mount of `.`. */
function inCheckout(service: Service, containerPath: string): string | undefined {
  for (const { source, target } of mounts(service)) {
    if ((source === '.' || source === './') && containerPath.startsWith(`${target.replace(/\/$/, '')}/`)) {
      return path.join(root, containerPath.slice(target.replace(/\/$/, '').length + 1));
    }
  }
  return undefined;
}

const serviceNames = Object.keys(services);
const installers = serviceNames.filter((name) => npmCommands(services[name]!).some((command) => command.ci));
/** One-shot services: something waits for them to exit successfully. */
const oneShot = new Set(
  serviceNames.flatMap((name) => Object.entries(dependsOn(services[name]!)).filter(([, condition]) => condition === 'service_completed_successfully').map(([dep]) => dep)),
);
const longRunning = serviceNames.filter((name) => !oneShot.has(name));
const runsScript = (name: string, pattern: RegExp): boolean => npmCommands(services[name]!).some((command) => command.script !== undefined && pattern.test(command.script));
/** The API and every worker pool: they talk to Redis and read the live sources file. */
const appServices = serviceNames.filter((name) => runsScript(name, /^(start|worker:.+)$/));
const workerServices = serviceNames.filter((name) => runsScript(name, /^worker:/));
const simName = serviceNames.find((name) => runsScript(name, /^sim$/));

function simListen(): { host: string; port: number } {
  const argv = services[simName!]!.command as string[];
  const options = parseSimArgs(argv.slice(argv.indexOf('--') + 1));
  return { host: options.host, port: options.port };
}

/** The `http://127.0.0.1:<port><path>` a health check fetches. */
function probedUrl(service: Service): URL {
  const match = /http:\/\/127\.0\.0\.1:\d+[^'"\s)]*/.exec(([] as string[]).concat(service.healthcheck?.test ?? []).join(' '));
  expect(match, 'a health check that fetches a local URL').not.toBeNull();
  return new URL(match![0]);
}

describe('docker-compose.yml', () => {
  it('runs only npm scripts that package.json defines, and installs in exactly one service', () => {
    for (const name of serviceNames) {
      for (const command of npmCommands(services[name]!)) {
        if (command.ci) continue;
        expect(command.script, `${name}: "${command.raw}" is npm start, npm run <script> or npm ci`).toBeDefined();
        expect(scripts, `${name}: ${command.raw}`).toHaveProperty([command.script!]);
      }
    }
    expect(installers).toHaveLength(1);
    expect(runsScript('api', /^start$/)).toBe(true);
    expect(simName).toBeDefined();
  });

  it('starts the services that run npm only after the one installer has finished', () => {
    const [installer] = installers;
    expect(oneShot).toEqual(new Set([installer]));
    // A one-shot service that restarted would install again under running services.
    expect([undefined, 'no']).toContain(services[installer!]!.restart);
    for (const name of serviceNames.filter((n) => n !== installer && npmCommands(services[n]!).length > 0)) {
      expect(dependsOn(services[name]!), name).toMatchObject({ [installer!]: 'service_completed_successfully' });
    }
  });

  it('has a worker service per pool script, each scalable: no ports, no container_name', () => {
    const pools = Object.keys(scripts).filter((script) => script.startsWith('worker:'));
    expect(pools.length).toBeGreaterThan(0);
    for (const pool of pools) expect(workerServices.filter((name) => runsScript(name, new RegExp(`^${pool}$`))), pool).toHaveLength(1);
    for (const name of workerServices) {
      expect(services[name]!.ports, name).toBeUndefined();
      expect(services[name]!.container_name, name).toBeUndefined();
    }
  });

  it('runs Redis with AOF on, fsynced before each answer, and no eviction, health-checked', () => {
    const redis = services.redis!;
    expect(redis.image).toMatch(/^redis(:|$)/);
    const argv = commandText(redis);
    expect(argv).toMatch(/--appendonly yes\b/);
    // The API's start-up check refuses a Redis without it once live keys exist (README "Durability").
    expect(argv).toMatch(/--appendfsync always\b/);
    expect(argv).toMatch(/--maxmemory-policy noeviction\b/);
    expect(mounts(redis).map((mount) => mount.target)).toContain('/data');
  });

  it('health-checks every long-running service', () => {
    expect(longRunning).toEqual(expect.arrayContaining(['redis', 'api', simName!, ...workerServices]));
    for (const name of longRunning) {
      const check = services[name]!.healthcheck;
      expect(check?.disable, name).not.toBe(true);
      const test = ([] as string[]).concat(check?.test ?? []);
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

  it('gives the API and every worker the same data folder, on one named volume', () => {
    const dirs = new Set(appServices.map((name) => environment(services[name]!).BV_DATA_DIR));
    expect(dirs.size).toBe(1);
    const [dir] = [...dirs];
    expect(dir).toMatch(/^\//);
    const volumes = new Set(appServices.map((name) => mounts(services[name]!).find((mount) => mount.target === dir)?.source));
    expect(volumes.size).toBe(1);
    const [volume] = [...volumes];
    expect(compose.volumes ?? {}, 'a named volume declared at the top level').toHaveProperty([volume!]);
  });

  it('runs the simulator on 0.0.0.0 and a fixed port, health-checked on a path it answers', async () => {
    const { host, port } = simListen();
    expect(host).toBe('0.0.0.0');
    expect(port).toBeGreaterThan(0);
    const url = probedUrl(services[simName!]!);
    expect(Number(url.port)).toBe(port);
    const sim = buildSimulatorApp();
    try {
      expect((await sim.app.inject({ url: url.pathname })).statusCode).toBe(200);
    } finally {
      await sim.app.close();
    }
  });

  it('publishes the API on 0.0.0.0 and health-checks its /readyz', () => {
    const env = environment(services.api!);
    expect(env.HOST).toBe('0.0.0.0');
    const url = probedUrl(services.api!);
    expect(url.port).toBe(env.PORT);
    expect(url.pathname).toBe('/readyz');
    expect(services.api!.ports).toContain(`${env.PORT}:${env.PORT}`);
  });

  it('gives the API and workers a sources file in the repo whose every source is the simulator service', async () => {
    const { port } = simListen();
    const files = new Set(appServices.map((name) => environment(services[name]!).BV_SOURCES));
    expect(files.size).toBe(1);
    const [containerPath] = [...files];
    expect(containerPath, 'BV_SOURCES').toBeDefined();
    for (const name of appServices) {
      const file = inCheckout(services[name]!, containerPath!);
      expect(file, `${name}: ${containerPath} lies in the mounted checkout`).toBeDefined();
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

  it('uses no variable interpolation, so scripts reach the containers as written', () => {
    expect(composeText).not.toMatch(/\$(?!\$)/);
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
      npmCommands(services[name]!).find((command) => command.script?.startsWith('worker:'))!.script!.slice('worker:'.length) as 'verify' | 'finalize' | 'scheduler';
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
