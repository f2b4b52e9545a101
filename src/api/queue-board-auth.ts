/**
 * Who may open the queue boards (bull-board, a browser UI), and the cookie a browser signs in
 * with. Two boards, each its own bull-board instance:
 * - the full board (`/admin/queues`): `Authorization: Bearer <BV_ADMIN_TOKEN>`, or the cookie
 *   the sign-in form sets for that token;
 * - the read-only board (`/admin/queues-read-only`, with BV_ADMIN_READONLY_TOKEN): either
 *   token as a bearer, or the cookie the form sets for the read-only token. Its queues are
 *   bull-board read-only adapters, and this hook refuses any method but GET and HEAD on it.
 *
 * A token is never taken from the address: `?token=` ends in browser history, proxy logs and
 * Referer headers. The sign-in is a form POST (queue-board-sign-in.ts).
 *
 * The cookie is not the token: a MAC, under the token, of the board and an expiry. It is
 * HttpOnly and SameSite=Strict (another site's page cannot make the browser send it), sent only
 * to its board's path, and a cookie for one board (or made under another token) opens nothing
 * else. It stops working when its token changes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { adminTokenMatcher, judgeAdminToken, tooManyAdminAttempts } from './auth.js';
import { bearerToken } from './auth.js';
import { sendError } from './envelope.js';

export type BoardKind = 'full' | 'read-only';

export const QUEUE_BOARD_PATHS: Readonly<Record<BoardKind, string>> = { full: '/admin/queues', 'read-only': '/admin/queues-read-only' };
export const QUEUE_BOARD_SIGN_IN_PATH = '/admin/queues-sign-in';
export const QUEUE_BOARD_SIGN_OUT_PATH = '/admin/queues-sign-out';
export const BOARD_COOKIES: Readonly<Record<BoardKind, string>> = { full: 'bv_queues', 'read-only': 'bv_queues_ro' };
export const DEFAULT_BOARD_COOKIE_TTL_MS = 12 * 3_600_000;

const COOKIE_VALUE = /^(\d{13,16})\.([0-9a-f]{64})$/;

/** The operator's tokens: the full one, and the read-only one when it is configured. */
export interface BoardTokens {
  full: string;
  readOnly: string | undefined;
}

function mac(token: string, board: BoardKind, expiresAtMs: string): Buffer {
  return createHmac('sha256', token).update(`queue-board|${board}|${expiresAtMs}`).digest();
}

/** The cookie value that lets a browser into `board` until `expiresAtMs`, made under that board's token. */
export function boardCookieValue(token: string, board: BoardKind, expiresAtMs: number): string {
  return `${expiresAtMs}.${mac(token, board, String(expiresAtMs)).toString('hex')}`;
}

/** Whether a presented cookie value was made under `token` for `board` and has not expired. */
export function boardCookieIsValid(token: string, board: BoardKind, value: string | undefined, nowMs: number): boolean {
  const parsed = value === undefined ? null : COOKIE_VALUE.exec(value);
  if (!parsed) return false;
  const [, expiresAtMs, given] = parsed as unknown as [string, string, string];
  // Both are 32 bytes (the pattern fixes the length), so the comparison is constant time.
  return timingSafeEqual(Buffer.from(given, 'hex'), mac(token, board, expiresAtMs)) && Number(expiresAtMs) > nowMs;
}

/** A Set-Cookie value for `board`: the cookie, or (value undefined) its removal. */
export function boardSetCookie(board: BoardKind, value: string | undefined, maxAgeS: number, secure: boolean): string {
  return [
    `${BOARD_COOKIES[board]}=${value ?? ''}`,
    `Path=${QUEUE_BOARD_PATHS[board]}`,
    `Max-Age=${value === undefined ? 0 : maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether the query string names a `token`, however encoded (`?token=`, `?%74oken=`). */
function hasTokenParameter(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('token');
}

export interface QueueBoardAuthOptions {
  tokens: BoardTokens;
  board: BoardKind;
  now?: () => number;
}

/** The onRequest hook of one board's routes; it answers refusals itself (bull-board has its own error handler). */
export function queueBoardAuth(options: QueueBoardAuthOptions) {
  const { board, tokens } = options;
  const now = options.now ?? Date.now;
  const full = adminTokenMatcher(tokens.full);
  const readOnly = tokens.readOnly === undefined ? () => false : adminTokenMatcher(tokens.readOnly);
  // Either token is a right one (not counted as a guess); the full board opens to the full one only.
  const either = (token: string | undefined) => readOnly(token) || full(token);
  const cookieToken = board === 'full' ? tokens.full : tokens.readOnly;
  const signIn = `sign in at ${QUEUE_BOARD_SIGN_IN_PATH} (a form), or send "Authorization: Bearer <token>"`;

  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AppError) => sendError(request, reply.header('cache-control', 'no-store'), error);
  // Wrong bearer tokens count against the address as the admin API's do.
  const throttle = (request: FastifyRequest, reply: FastifyReply, retryAfterS: number) =>
    sendError(request, reply.header('Retry-After', retryAfterS), tooManyAdminAttempts(retryAfterS));

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (hasTokenParameter(request.url)) {
      // Not judged, not counted: the address is no place for a credential, right or wrong.
      return refuse(
        request,
        reply.header('referrer-policy', 'no-referrer'),
        new AppError('AUTH_INVALID_KEY', `The queue board no longer takes ?token= in the address (it would stay in browser history and logs): ${signIn}`),
      );
    }
    // Checked before the credential: no token of any kind changes the queues through this board.
    if (board === 'read-only' && request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(request, reply.header('allow', 'GET, HEAD'), new AppError('AUTH_INVALID_KEY', `The read-only queue board only shows the queues: no token changes them here; changes are made on ${QUEUE_BOARD_PATHS.full} with the full admin token`));
    }
    const bearer = bearerToken(request.headers.authorization);
    if (bearer !== undefined) {
      const verdict = await judgeAdminToken(request, either, bearer);
      if (verdict.retryAfterS !== undefined) return throttle(request, reply, verdict.retryAfterS);
      if (verdict.right && (board === 'read-only' || full(bearer))) return undefined;
      if (verdict.right) {
        return refuse(request, reply, new AppError('AUTH_INVALID_KEY', `The read-only admin token opens ${QUEUE_BOARD_PATHS['read-only']}, not the full queue board`));
      }
    }
    if (cookieToken !== undefined && boardCookieIsValid(cookieToken, board, cookieValue(request.headers.cookie, BOARD_COOKIES[board]), now())) return undefined;
    return refuse(request, reply, new AppError('AUTH_INVALID_KEY', `The queue board needs the operator's token: ${signIn}`));
  };
}
