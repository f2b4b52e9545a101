import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { apiNameOf } from './envelope.js';

/** Up to the default request budget (15 s) and past it: a slow upstream shows in the tail. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

/**
 * Counts every response of this process by the route's `api` name (`unknown` when no route
 * matched) and status code. Both label sets are bounded: route names come from the code, not
 * from the request, and no account or key is ever a label.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'bv_http_requests_total',
    help: 'HTTP requests answered by this process, by route (api) and status code',
    labelNames: ['api', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bv_http_request_duration_seconds',
    help: 'Time from request arrival to the response being sent, by route (api) and status code',
    labelNames: ['api', 'status'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { api: apiNameOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
