import { METRICS_SCHEMAS } from './metrics-schemas.js';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../../metrics/registry.js';
import type { RefreshOutcome } from '../../metrics/scrape-collectors.js';
import { adminAuth } from '../auth.js';

export interface MetricsRoutesOptions {
  adminToken: string;
  metrics: AppMetrics;
  /** Reads the service-wide series from Redis just before they are rendered. */
  refresh: () => Promise<RefreshOutcome>;
}

/** Prometheus's scrape target: the operator's bearer token, the text exposition format. */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions): Promise<void> {
  app.addHook('onRequest', adminAuth(options.adminToken));

  app.get('/metrics', { config: { api: 'metrics' }, schema: METRICS_SCHEMAS.getMetrics }, async (request, reply) => {
    const { failed } = await options.refresh();
    // A part Redis could not give is left out (bv_metrics_collector_up says which); the
    // process and HTTP series still answer.
    for (const { collector, error } of failed) request.log.warn({ err: error, collector }, 'a metrics collector failed');
    return reply.header('content-type', options.metrics.contentType).header('cache-control', 'no-store').send(await options.metrics.render());
  });
}
