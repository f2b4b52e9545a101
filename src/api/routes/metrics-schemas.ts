/** The schema of the metrics route (metrics.ts; admin token). */
import { file, type RouteDoc } from '../openapi/route-doc.js';

export const METRICS_SCHEMAS = {
  getMetrics: {
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (admin token)',
    tags: ['Admin'],
    auth: 'admin',
    response: { 200: file('text/plain', 'Prometheus text exposition format') },
    errors: ['AUTH_INVALID_KEY', 'RATE_LIMITED'],
  },
} satisfies Record<string, RouteDoc>;
