import type { FastifyReply } from 'fastify';
import { AppError, validationError } from '../errors.js';

/** Answers the bulk-job and portfolio-run routes share: a listing's cursor gone stale, a file asked for too early. */

/** A listing's cursor that names nothing listed any more: the client starts over. */
export function staleCursor(what: 'job' | 'portfolio' | 'run'): never {
  throw validationError([
    { field: 'cursor', message: `names no ${what} of this list any more (it expired or was deleted): list again without a cursor` },
  ]);
}

/** Seconds a client is asked to wait before asking for a file again; the events stream says when at once. */
const RETRY_AFTER_S = 5;

/**
 * A job's or run's file asked for before it is written: a 409 the client retries, where a
 * 404 would say "no such thing", not worth retrying.
 */
export function resultsNotReady(reply: FastifyReply, message: string): AppError {
  reply.header('Retry-After', RETRY_AFTER_S);
  return new AppError('RESULTS_NOT_READY', message);
}
