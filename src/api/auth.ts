/**
 * Who is calling: a customer by an API key (authenticateCustomer, /v1 routes) or the operator
 * by the admin token (judgeAdminToken and what builds on it), both sent as a bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AdminAttempts } from '../store/request-guards/admin-attempts.js';
import type { AccountStore } from '../store/accounts/accounts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wrong admin tokens per client address (app.ts); undefined in an app built without it. */
    adminAttempts: AdminAttempts | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a presented token is the operator's, compared in constant time. */
export function adminTokenMatcher(adminToken: string): (token: string | undefined) => boolean {
  const expected = digest(adminToken);
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return (token) => token !== undefined && timingSafeEqual(digest(token), expected);
}

/** A presented token's fate: right, wrong, or turned away (seconds until the address may try again). */
export type AdminTokenVerdict = { right: boolean; retryAfterS?: undefined } | { right: false; retryAfterS: number };

/**
 * Checks a presented admin token and counts a wrong one against the client's address (docs/security.md
 * "Hardening and limits"). The comparison always runs, in constant time; only then is Redis
 * asked, so a throttled address learns nothing, a right token included. Without Redis the
 * count is skipped (the token alone decides): the admin token is too long to guess in an
 * outage, and the operator keeps /metrics.
 */
export async function judgeAdminToken(
  request: FastifyRequest,
  matches: (token: string | undefined) => boolean,
  token: string | undefined,
): Promise<AdminTokenVerdict> {
  const right = matches(token);
  const attempts = request.server.adminAttempts;
  // No token is no guess.
  if (token === undefined || attempts === undefined) return { right };
  const retryAfterS = await (right ? attempts.throttled(request.ip) : attempts.failed(request.ip)).catch((error: unknown) => {
    request.log.warn({ err: error }, 'counting admin token attempts failed; the token alone decides');
    return undefined;
  });
  return retryAfterS === undefined ? { right } : { right: false, retryAfterS };
}

/** The 429 of an address with too many wrong admin tokens. */
export function tooManyAdminAttempts(retryAfterS: number): AppError {
  return new AppError('RATE_LIMITED', `Too many wrong admin tokens from this address; retry in ${retryAfterS} s`);
}

/** The onRequest hook for /admin routes: the operator's bearer token, compared in constant time. */
export function adminAuth(adminToken: string) {
  const matches = adminTokenMatcher(adminToken);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = await judgeAdminToken(request, matches, bearerToken(request.headers.authorization));
    if (verdict.retryAfterS !== undefined) {
      reply.header('Retry-After', verdict.retryAfterS);
      throw tooManyAdminAttempts(verdict.retryAfterS);
    }
    if (!verdict.right) {
      throw new AppError('AUTH_INVALID_KEY', 'The admin API needs "Authorization: Bearer <BV_ADMIN_TOKEN>"');
    }
  };
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/**
 * For /v1 routes: sets request.auth from a valid, unrevoked API key, or returns the 401 to
 * answer. It returns rather than throws so the caller can count the refused call against its
 * client's limit first: every answer carries the RateLimit headers (docs/money.md "Rate limits"), 401s included.
 */
export async function authenticateCustomer(accounts: AccountStore, request: FastifyRequest): Promise<AppError | undefined> {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) {
    return new AppError('AUTH_INVALID_KEY', 'Send your API key in the header "Authorization: Bearer <API key>"');
  }
  const auth = await accounts.authenticate(token);
  if (auth === undefined) {
    return new AppError('AUTH_INVALID_KEY', 'The API key is not valid: it is malformed, unknown or revoked');
  }
  request.auth = auth;
  return undefined;
}
