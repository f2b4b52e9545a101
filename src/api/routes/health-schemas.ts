/** The schemas of the health routes (health.ts; no key). */
import { z } from 'zod';
import { PARSER_ERRORS } from '../openapi/error-responses.js';
import type { RouteDoc } from '../openapi/route-doc.js';

/** /readyz's public summary of the sources (src/store/sources/source-status.ts publicSourceStatus): counts, no names. */
const readySources = z
  .object({
    sandbox: z.object({ checks_with_sources: z.number().int().describe('Checks the sandbox registry answers: all nine (Business360 is made of them)') }),
    live: z.object({
      checks_with_sources: z.number().int().describe('Checks with at least one live source configured (BV_SOURCES)'),
      sources_up: z.number().int(),
      sources_down: z.number().int().describe('Live sources whose circuit is open; GET /admin/v1/sources names them'),
    }),
  })
  .nullable()
  .describe('null while Redis does not answer (the sources\' state lives there)');

export const HEALTH_SCHEMAS = {
  checkLiveness: {
    operationId: 'checkLiveness',
    summary: 'Liveness: the process answers',
    tags: ['Health'],
    auth: 'none',
    response: { 200: z.object({ status: z.literal('ok') }).describe('Plain JSON, not the envelope') },
    // Node's HTTP parser answers these before any route, this one too (src/api/client-error.ts).
    errors: PARSER_ERRORS,
  },
  checkReadiness: {
    operationId: 'checkReadiness',
    summary: 'Readiness: Redis takes writes and has memory headroom; a summary of source health',
    description:
      'Plain JSON, not the envelope: 200 while Redis answers, accepts a write and uses under 90% of its maxmemory; 503 otherwise, ' +
      'with `redis` and `reason` saying why.',
    tags: ['Health'],
    auth: 'none',
    response: {
      200: z.object({ status: z.literal('ready'), redis: z.literal('ok'), sources: readySources }),
      503: z
        .object({
          status: z.literal('not_ready'),
          redis: z.enum(['unreachable', 'refusing_writes', 'near_maxmemory']),
          reason: z.string().describe('Why, in words: e.g. Redis is at its maxmemory, is a read-only replica, or uses 93% of its maxmemory'),
          sources: readySources,
        })
        .describe('Not ready: Redis does not answer, refuses writes, or is near its maxmemory'),
    },
    errors: PARSER_ERRORS,
  },
} satisfies Record<string, RouteDoc>;

