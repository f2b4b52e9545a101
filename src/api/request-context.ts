import type { ErrorCode } from '../errors.js';
import type { AuthenticatedKey } from '../store/accounts/accounts.js';

/** What the hooks learn about a request, read by the envelope and the handlers. */
declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived, for meta.latency_ms. */
    startedAtMs: number;
    /** Set by the customer auth hook on /v1 routes. */
    auth: AuthenticatedKey | undefined;
    /** The error code the answer carries (sendError, a replayed answer, the board's sign-in page), for the request log. */
    errorCode: ErrorCode | undefined;
  }
  interface FastifyInstance {
    /**
     * Aborted when the app begins to close (its preClose hooks): requests that reach it then
     * are shed, and answers that last as long as a job (events streams) end.
     */
    closing: AbortSignal;
  }
  interface FastifyContextConfig {
    /** The envelope's `api` value for this route. */
    api?: string;
  }
}

export {};
