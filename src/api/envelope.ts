import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { istTimestamp } from '../domain/dates.js';
import { API_VERSION, OPERATIONS, paiseToInr, type Environment } from '../domain/operations.js';
import type { AppError } from '../errors.js';

/**
 * Request ids are ours, never taken from the client: `req_` and 24 hex characters. Drawn
 * from randomUUID, which takes its randomness from a buffered pool rather than a system
 * call per id (the request id is on every call's hot path).
 */
export function newRequestId(): string {
  // The first 24 hex digits of the UUID (8-4-4-4-12), cut out rather than found by a regex.
  const uuid = randomUUID();
  return `req_${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(14, 18)}${uuid.slice(19, 23)}${uuid.slice(24, 28)}`;
}

export interface Meta {
  charged: boolean;
  amount_inr: number;
  latency_ms: number;
  environment: Environment;
  checks: number;
  timestamp: string;
  data_freshness: 'live' | 'cached';
  [extra: string]: unknown;
}

export interface MetaInput {
  chargedPaise?: number;
  checks?: number;
  freshness?: 'live' | 'cached';
  extra?: Record<string, unknown>;
}

/**
 * What the envelope reads of a request: a FastifyRequest, or the facts of a request that
 * Node's parser refused before Fastify saw it (client-error.ts).
 */
export type EnvelopeRequest = Pick<FastifyRequest, 'id' | 'startedAtMs' | 'auth' | 'headers'> & {
  routeOptions: { config?: { api?: string } };
};

/** The environment by the key used; an unrecognised key is reported by its prefix. */
function environmentOf(request: EnvelopeRequest): Environment {
  if (request.auth) return request.auth.environment;
  const header = request.headers.authorization ?? '';
  return /^Bearer\s+bv_test_/i.test(header) ? 'sandbox' : 'live';
}

/**
 * `checks` when the route does not say: 1 on the ten operations (a failed call still covers
 * its check), 0 on everything else (wallet, bulk, portfolios, admin, an unknown route), so an
 * error answer of a route says what its successes say.
 */
function defaultChecks(request: EnvelopeRequest): number {
  return Object.hasOwn(OPERATIONS, apiNameOf(request)) ? 1 : 0;
}

export function buildMeta(request: EnvelopeRequest, input: MetaInput = {}, now = new Date()): Meta {
  const chargedPaise = input.chargedPaise ?? 0;
  return {
    charged: chargedPaise > 0,
    amount_inr: paiseToInr(chargedPaise),
    // Fastify's own early errors (a malformed URL) arrive before the start time is taken.
    latency_ms: request.startedAtMs > 0 ? Math.round((performance.now() - request.startedAtMs) * 100) / 100 : 0,
    environment: environmentOf(request),
    checks: input.checks ?? defaultChecks(request),
    timestamp: istTimestamp(now),
    data_freshness: input.freshness ?? 'live',
    ...input.extra,
  };
}

export function apiNameOf(request: EnvelopeRequest): string {
  return request.routeOptions.config?.api ?? 'unknown';
}

export function successEnvelope(request: FastifyRequest, data: unknown, meta: MetaInput = {}) {
  return {
    success: true as const,
    request_id: request.id,
    api: apiNameOf(request),
    version: API_VERSION,
    data,
    meta: buildMeta(request, meta),
  };
}

export function errorEnvelope(request: EnvelopeRequest, error: AppError, meta: MetaInput = {}) {
  return {
    success: false as const,
    request_id: request.id,
    api: apiNameOf(request),
    version: API_VERSION,
    data: null,
    meta: buildMeta(request, meta),
    error: {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError, meta: MetaInput = {}) {
  request.errorCode = error.code;
  return reply.code(error.status).header('X-Request-Id', request.id).send(errorEnvelope(request, error, meta));
}
