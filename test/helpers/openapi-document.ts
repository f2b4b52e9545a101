/**
 * The service's OpenAPI document as GET /openapi.json serves it, built without Redis, a
 * network or a listening socket: the real app (every route registers its documentation as it
 * does in production) on stand-in dependencies that are never called, asked with inject().
 * For generators (the CLI's API types) that must run from a fresh clone with nothing started.
 */
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Deps } from '../../src/deps.js';

/**
 * Whatever a route or plugin reads from a dependency while registering: every property is
 * another stand-in, every call answers one, and it is not a promise (so `await` passes it by).
 * Serving a request would need the real thing; building the document does not.
 */
function standIn(name: string, target: object = () => undefined): unknown {
  return new Proxy(target, {
    get(_target, property) {
      if (property === Symbol.toPrimitive) return () => name;
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return standIn(`${name}.${property}`);
    },
    apply: () => standIn(`${name}()`),
  });
}

/** The queue board checks `instanceof Queue` (bull-board); the stand-in passes it and is never used. */
const queueStandIn = (name: string) => standIn(`queues.${name}`, Object.create(Queue.prototype) as object);

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  // The defaults, not this shell's variables: the document is the same wherever it is built.
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const known: Partial<Deps> = {
    config,
    log: pino({ level: 'silent' }),
    queues: { verify: queueStandIn('verify'), finalize: queueStandIn('finalize'), webhooks: queueStandIn('webhooks'), portfolios: queueStandIn('portfolios') } as unknown as Deps['queues'],
  };
  const deps = new Proxy(known, { get: (target, property) => (property in target ? target[property as keyof Deps] : standIn(String(property))) }) as Deps;
  const app = await buildApp(deps, { adminToken: 'openapi-document-only-0123456789' });
  try {
    const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (answer.statusCode !== 200) throw new Error(`GET /openapi.json answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    return answer.json() as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
