import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../errors.js';
import { adminTokenMatcher, judgeAdminToken } from '../auth.js';
import {
  DEFAULT_BOARD_COOKIE_TTL_MS,
  QUEUE_BOARD_PATHS,
  QUEUE_BOARD_SIGN_IN_PATH,
  QUEUE_BOARD_SIGN_OUT_PATH,
  boardCookieValue,
  boardSetCookie,
  type BoardKind,
  type BoardTokens,
} from '../queue-board-auth.js';
import { signInPage } from '../queue-board-sign-in-page.js';

export interface QueueBoardSignInOptions {
  tokens: BoardTokens;
  cookieTtlMs?: number;
  now?: () => number;
}

/** A token is 16 to a few hundred characters; a form of more is not a sign-in. */
const FORM_LIMIT_BYTES = 4_096;

/**
 * The page's own policy: nothing may load, it may be framed by no one (clickjacking), and its
 * form may post only here.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  // Not no-referrer: Chromium then sends `Origin: null` with the form, which the check below refuses.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Whether a POST may have come from another site's page (CSRF). Browsers send `Origin` on every
 * POST; it must name this host (the `Host` the browser used). Only the host is compared: behind
 * a proxy that ends TLS the browser's `https:` reaches us as plain HTTP. Without `Origin` the
 * sender is not a browser (curl) unless `Sec-Fetch-Site` says otherwise; a non-browser carries
 * no one else's cookies, so it can forge nothing. SameSite=Strict is the other half: another
 * site's page cannot make the browser send the board's cookie at all.
 */
function crossSite(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' ? undefined : `Sec-Fetch-Site is ${site}`;
  }
  try {
    const from = new URL(origin);
    // Read with the origin's scheme, so that a Host with the default port (localhost:80) matches.
    const own = new URL(`${from.protocol}//${request.host}`);
    if (from.host !== '' && from.host === own.host) return undefined;
  } catch {
    // Not an origin (`null` from a sandboxed frame or a file), or no usable Host.
  }
  return `Origin ${origin} is not this site (${request.host})`;
}

/**
 * The boards' sign-in: GET shows a form; POST takes the token from the form body (never from
 * the address), sets the cookie of the board the token opens and redirects there; sign-out
 * removes both boards' cookies. Wrong tokens count against the address as the admin API's do.
 */
export async function queueBoardSignInRoutes(app: FastifyInstance, options: QueueBoardSignInOptions): Promise<void> {
  const { tokens } = options;
  const ttlMs = options.cookieTtlMs ?? DEFAULT_BOARD_COOKIE_TTL_MS;
  const now = options.now ?? Date.now;
  const full = adminTokenMatcher(tokens.full);
  const readOnly = tokens.readOnly === undefined ? () => false : adminTokenMatcher(tokens.readOnly);
  const either = (token: string | undefined) => full(token) || readOnly(token);

  // Only these routes read a form; everywhere else a form body stays an unsupported type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  const page = (request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode | undefined, message?: string, signedOut = false) => {
    // The request log's error code: these answers are pages, not the envelope.
    if (code !== undefined) request.errorCode = code;
    return reply.code(status).headers(PAGE_HEADERS).send(signInPage({ message, signedOut, readOnlyBoard: tokens.readOnly !== undefined, cookieTtlMs: ttlMs }));
  };
  const refusedCrossSite = (request: FastifyRequest, reply: FastifyReply, why: string) =>
    page(request, reply, 403, undefined, `Refused: this form must be sent from this site's own page (${why}). Open ${QUEUE_BOARD_SIGN_IN_PATH} here and sign in again.`);
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  app.get(QUEUE_BOARD_SIGN_IN_PATH, { config: { api: 'admin.queues_sign_in' } }, async (request, reply) =>
    page(request, reply, 200, undefined, undefined, new URL(request.url, 'http://sign-in.invalid').searchParams.has('signed-out')),
  );

  app.post(QUEUE_BOARD_SIGN_IN_PATH, { config: { api: 'admin.queues_sign_in' } }, async (request, reply) => {
    const why = crossSite(request);
    if (why !== undefined) return refusedCrossSite(request, reply, why);
    const token = request.body instanceof URLSearchParams ? request.body.get('token') ?? '' : '';
    if (token === '') return page(request, reply, 400, 'VALIDATION_FAILED', 'Enter the admin token (a form field named "token", sent as application/x-www-form-urlencoded).');
    const verdict = await judgeAdminToken(request, either, token);
    if (verdict.retryAfterS !== undefined) {
      reply.header('Retry-After', verdict.retryAfterS);
      return page(request, reply, 429, 'RATE_LIMITED', `Too many wrong admin tokens from this address; retry in ${verdict.retryAfterS} s.`);
    }
    if (!verdict.right) return page(request, reply, 401, 'AUTH_INVALID_KEY', 'That token was refused.');
    const board: BoardKind = full(token) ? 'full' : 'read-only';
    const other: BoardKind = board === 'full' ? 'read-only' : 'full';
    const expiresAtMs = now() + ttlMs;
    return reply
      .code(303)
      .header('set-cookie', [
        boardSetCookie(board, boardCookieValue(board === 'full' ? tokens.full : (tokens.readOnly as string), board, expiresAtMs), Math.floor(ttlMs / 1000), secure(request)),
        // One browser, one board: a sign-in with the other token ends the earlier one.
        boardSetCookie(other, undefined, 0, secure(request)),
      ])
      .header('cache-control', 'no-store')
      .header('location', QUEUE_BOARD_PATHS[board])
      .send();
  });

  app.post(QUEUE_BOARD_SIGN_OUT_PATH, { config: { api: 'admin.queues_sign_out' } }, async (request, reply) => {
    const why = crossSite(request);
    if (why !== undefined) return refusedCrossSite(request, reply, why);
    // Removing a cookie needs no credential: it only takes away what the browser holds.
    return reply
      .code(303)
      .header('set-cookie', (['full', 'read-only'] as const).map((board) => boardSetCookie(board, undefined, 0, secure(request))))
      .header('cache-control', 'no-store')
      .header('location', `${QUEUE_BOARD_SIGN_IN_PATH}?signed-out`)
      .send();
  });
}
