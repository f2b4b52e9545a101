/**
 * The upstream simulator as a Fastify app that never listens (DESIGN.md §6.1): five upstreams
 * under their path prefixes, each request passing the injected misbehaviour in a fixed order
 * (down/flap → rate limit → credentials → time-out → latency → error → the registry's answer),
 * plus the `/_sim` control endpoints. Latency is counted from the request's arrival, so the
 * simulator's own work (routing, the registry's answer, encoding) is inside it, as a real
 * upstream's is, instead of added on top of it.
 */
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { loadSandboxRegistry, type SandboxRegistry } from '../sources/sandbox/registry.js';
import { RateLimiter, isDown, latencyOf, rolls } from './chaos.js';
import { registerControlRoutes } from './control-routes.js';
import { REQUIRED_HEADERS, UPSTREAM_PREFIXES, upstreamOf, type UpstreamName } from './routes-table.js';
import { ConfigStore, MAX_HOLD_MS, parseSimConfig, type FaultSettings, type SimConfigInput } from './sim-config.js';
import { HOLD, SIM_ROUTES, type RouteOutcome, type RouteRequest, type SimRoute } from './sim-routes.js';
import { StatsRecorder, type SimStats } from './sim-stats.js';
import { GSP_SYSTEM_DOWN, errorReply, type WireReply } from './upstream-errors.js';

export interface SimulatorOptions {
  registry?: SandboxRegistry;
  /** The clock the registry's time-relative data is computed against. */
  now?: () => Date;
  config?: SimConfigInput;
  /** For deterministic tests of the random rolls (error, time-out, latency range). */
  random?: () => number;
  /** How long a held request (time-out roll, 5040 trigger) waits before a 504; MAX_HOLD_MS at most. */
  holdMaxMs?: number;
}

export interface SimulatorApp {
  app: FastifyInstance;
  /** Merges per upstream/route and per field; `null` clears a field (as PATCH /_sim/config). */
  configure(partial: SimConfigInput): void;
  /** Replaces the whole configuration (as PUT /_sim/config). */
  replaceConfig(config: SimConfigInput): void;
  stats(): SimStats;
  resetStats(): void;
}

/** When each request arrived (onRequest), the origin of its latency. */
const arrivals = new WeakMap<IncomingMessage, number>();

function missingCredential(upstream: UpstreamName, headers: FastifyRequest['headers']): string | undefined {
  return REQUIRED_HEADERS[upstream].find((name) => {
    const value = headers[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** Programmatic configuration is checked like the control endpoint's, and fails loudly. */
function validated(input: SimConfigInput): SimConfigInput {
  const parsed = parseSimConfig(input);
  if (!parsed.ok) throw new Error(`invalid simulator config: ${parsed.message}`);
  return parsed.value;
}

function send(reply: FastifyReply, wire: WireReply): FastifyReply {
  return reply.code(wire.status).headers(wire.headers ?? {}).send(wire.body);
}

export function buildSimulatorApp(options: SimulatorOptions = {}): SimulatorApp {
  const registry = options.registry ?? loadSandboxRegistry();
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const holdMaxMs = Math.min(options.holdMaxMs ?? MAX_HOLD_MS, MAX_HOLD_MS);
  const config = new ConfigStore();
  if (options.config !== undefined) config.replace(validated(options.config));
  const limiter = new RateLimiter();
  const recorder = new StatsRecorder();

  // Waiting requests would keep close() waiting for a minute: end their waits instead. A wait
  // is a plain timer and a close listener: an AbortController per request (and the
  // DOMException its abort builds) cost more than the rest of a request's own work.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const waits = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...waits]) end();
  });

  /** Resolves true after `ms`, or false as soon as the client leaves or the simulator closes. */
  function wait(reply: FastifyReply, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (reply.raw.destroyed) return resolve(false);
      const finish = (elapsed: boolean): void => {
        clearTimeout(timer);
        reply.raw.off('close', left);
        waits.delete(left);
        resolve(elapsed);
      };
      const left = (): void => finish(false);
      const timer = setTimeout(() => finish(true), Math.max(ms, 0));
      reply.raw.once('close', left);
      waits.add(left);
    });
  }

  /** Holds the request unanswered until the client leaves; a client that never does gets a 504. */
  async function hold(reply: FastifyReply, upstream: UpstreamName): Promise<void> {
    reply.hijack();
    if (!(await wait(reply, holdMaxMs))) {
      if (!reply.raw.destroyed) reply.raw.destroy();
      return;
    }
    const wire = errorReply(upstream, 'timeout', 'the upstream did not answer in time');
    reply.raw.writeHead(wire.status, { 'content-type': 'application/json; charset=utf-8' });
    reply.raw.end(JSON.stringify(wire.body));
  }

  /** The answer after the latency rolled: an injected error, a hold, or the registry's answer. */
  function outcomeOf(route: SimRoute, upstream: UpstreamName, settings: FaultSettings, request: FastifyRequest): RouteOutcome {
    if (rolls(settings.errorRate, random)) {
      // Half of a GSP's failures arrive as HTTP 200 with the "GST system is down" body.
      if (upstream === 'gstn-gsp' && random() < 0.5) return { status: 200, body: GSP_SYSTEM_DOWN };
      return errorReply(upstream, 'unavailable', 'injected upstream error');
    }
    const routeRequest: RouteRequest = {
      params: request.params as RouteRequest['params'],
      query: request.query as RouteRequest['query'],
      body: request.body,
    };
    return route.handle(routeRequest, { registry, now: now() });
  }

  async function handle(route: SimRoute, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const upstream = upstreamOf(route.route);
    const settings = config.effective(route.route);
    if (isDown(settings, Date.now())) return send(reply, errorReply(upstream, 'unavailable', 'upstream is down'));
    const admitted = limiter.take(settings, Date.now());
    if (!admitted.admitted) {
      const wire = errorReply(upstream, 'rate_limited', 'rate limit exceeded');
      return send(reply, { ...wire, headers: { 'retry-after': String(admitted.retryAfterS) } });
    }
    const missing = missingCredential(upstream, request.headers);
    if (missing !== undefined) return send(reply, errorReply(upstream, 'unauthorized', `missing credential header ${missing}`));
    if (rolls(settings.timeoutRate, random)) return void (await hold(reply, upstream));
    const latencyMs = latencyOf(settings.latencyMs, random);
    // Worked out before the wait, so its cost is part of the latency, not added to it.
    const outcome = outcomeOf(route, upstream, settings, request);
    if (latencyMs > 0) {
      const arrivedAt = arrivals.get(request.raw) ?? performance.now();
      if (!(await wait(reply, arrivedAt + latencyMs - performance.now()))) {
        // The client left (or the simulator is closing): nobody is there to answer.
        reply.hijack();
        if (!reply.raw.destroyed) reply.raw.destroy();
        return undefined;
      }
    }
    if (outcome === HOLD) return void (await hold(reply, upstream));
    return send(reply, outcome as WireReply);
  }

  for (const route of SIM_ROUTES) {
    app.route({
      method: route.method,
      url: `${UPSTREAM_PREFIXES[upstreamOf(route.route)]}${route.path}`,
      // Counted from arrival (before the body is read) to the last byte or the client's leaving.
      onRequest(request, reply, done) {
        arrivals.set(request.raw, performance.now());
        const end = recorder.begin(route.route);
        reply.raw.once('close', () => end(reply.raw.writableFinished ? reply.raw.statusCode : 'aborted'));
        done();
      },
      handler: (request, reply) => handle(route, request, reply),
    });
  }

  registerControlRoutes(app, { config, limiter, recorder });

  return {
    app,
    configure: (partial) => config.merge(validated(partial)),
    replaceConfig: (whole) => {
      config.replace(validated(whole));
      limiter.clear();
    },
    stats: () => recorder.snapshot(),
    resetStats: () => recorder.reset(),
  };
}
