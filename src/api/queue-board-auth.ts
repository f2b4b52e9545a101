/**
 * The queue board (bull-board, a browser UI) takes the operator's token two ways:
 * - `Authorization: Bearer <BV_ADMIN_TOKEN>`, as the admin API does (a proxy or a header
 *   extension in front of the browser);
 * - once, as `?token=<BV_ADMIN_TOKEN>` on a GET: the answer is a redirect to the same address
 *   without the token, with a cookie that lets the browser's page, its scripts and its API
 *   calls in for a while. The cookie is not the token (a MAC of an expiry under the token),
 *   is HttpOnly and SameSite=Strict (another site's page cannot make the browser use it), and
 *   is sent only to the board's path.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { adminTokenMatcher, judgeAdminToken, tooManyAdminAttempts } from './admin-auth.js';
import { bearerToken } from './bearer.js';
import { sendError } from './envelope.js';

export const BOARD_COOKIE = 'bv_queues';
const COOKIE_VALUE = /^(\d{13,16})\.([0-9a-f]{64})$/;

export interface QueueBoardAuthOptions {
  adminToken: string;
  /** The board's path: the cookie is scoped to it. */
  basePath: string;
  /** How long a cookie lets the browser in. */
  cookieTtlMs?: number;
  now?: () => number;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The onRequest hook of the board's routes; it answers 401 itself (bull-board has its own error handler). */
export function queueBoardAuth(options: QueueBoardAuthOptions) {
  const matches = adminTokenMatcher(options.adminToken);
  const ttlMs = options.cookieTtlMs ?? 12 * 3_600_000;
  const now = options.now ?? Date.now;
  const mac = (expiresAtMs: string) => createHmac('sha256', options.adminToken).update(`queue-board|${expiresAtMs}`).digest();

  const cookieIsValid = (value: string | undefined): boolean => {
    const parsed = value === undefined ? null : COOKIE_VALUE.exec(value);
    if (!parsed) return false;
    const [, expiresAtMs, given] = parsed as unknown as [string, string, string];
    // Both are 32 bytes (the pattern fixes the length), so the comparison is constant time.
    return timingSafeEqual(Buffer.from(given, 'hex'), mac(expiresAtMs)) && Number(expiresAtMs) > now();
  };

  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(
      request,
      reply,
      new AppError(
        'AUTH_INVALID_KEY',
        `The queue board needs "Authorization: Bearer <BV_ADMIN_TOKEN>", or open ${options.basePath}?token=<BV_ADMIN_TOKEN> once in a browser`,
      ),
    );

  // Wrong tokens, bearer or sign-in link, count against the address as the admin API's do.
  const throttle = (request: FastifyRequest, reply: FastifyReply, retryAfterS: number) =>
    sendError(request, reply.header('Retry-After', retryAfterS), tooManyAdminAttempts(retryAfterS));

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const bearer = bearerToken(request.headers.authorization);
    if (bearer !== undefined) {
      const verdict = await judgeAdminToken(request, matches, bearer);
      if (verdict.retryAfterS !== undefined) return throttle(request, reply, verdict.retryAfterS);
      if (verdict.right) return undefined;
    }
    if (cookieIsValid(cookieValue(request.headers.cookie, BOARD_COOKIE))) return undefined;
    const url = new URL(request.url, 'http://board.invalid');
    const token = url.searchParams.get('token');
    if (token === null || request.method !== 'GET') return refuse(request, reply);
    const verdict = await judgeAdminToken(request, matches, token);
    if (verdict.retryAfterS !== undefined) return throttle(request, reply, verdict.retryAfterS);
    if (!verdict.right) return refuse(request, reply);
    // The token leaves the address bar at once; from here on the cookie speaks for it.
    url.searchParams.delete('token');
    const expiresAtMs = String(now() + ttlMs);
    const attributes = [
      `${BOARD_COOKIE}=${expiresAtMs}.${mac(expiresAtMs).toString('hex')}`,
      `Path=${options.basePath}`,
      `Max-Age=${Math.floor(ttlMs / 1000)}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ];
    return reply
      .code(303)
      .header('set-cookie', attributes.join('; '))
      .header('cache-control', 'no-store')
      .header('location', `${url.pathname}${url.search}`)
      .send();
  };
}
