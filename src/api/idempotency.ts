import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOGUE, validationError, type ErrorCode } from '../errors.js';
import { requestFingerprint, type ClaimResult, type IdempotencyStore } from '../store/request-guards/idempotency.js';
import { MultipartFingerprint } from './multipart-fingerprint.js';

type DoneClaim = Extract<ClaimResult, { kind: 'done' }>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when this request claimed an Idempotency-Key and must store its answer; `upload`
     * when the route streams a multipart upload, whose content is fingerprinted as it is read.
     */
    idempotency: { key: string; upload?: MultipartFingerprint; heartbeat?: NodeJS.Timeout } | undefined;
    /** An earlier streamed upload's answer under this key, replayed only if this upload's content is the same. */
    idempotentUpload: DoneClaim | undefined;
  }
}

const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

/**
 * Same key, same body: the first answer is replayed (the interface document), and 401 and 429
 * are never stored. The product owner's decision (docs/api.md "Decisions") settles the rest:
 * an answer that cannot change is kept (a 400, 404 or 422: the body fixed and sent again under
 * the key is another body, a 422), and one that can is not, so a retry under the same key runs
 * again: a 402 (the wallet may have been topped up since) and whatever the catalogue marks
 * retryable (409, 429, every 5xx; the contract marks 503 and 504 so). Replaying those for a day
 * would make the retry they ask for pointless. 401 and 429 never get this far.
 */
const NOT_KEPT = new Set<number>([401, 402, ...Object.values(ERROR_CATALOGUE).flatMap((e) => (e.retryable ? [e.status] : []))]);

export function isKept(status: number): boolean {
  return status < 500 && !NOT_KEPT.has(status);
}

/**
 * Idempotency-Key on every POST (docs/money.md "Idempotency-Key"): the same key and body within 24 hours replays the
 * first answer without running or billing anything; another body is a 422; a second request
 * while the first is still running is a 409 with Retry-After. `lockMs` is how long a claim
 * stays in flight: longer than any call, or a retry could run it a second time.
 */
export function idempotencyHooks(store: IdempotencyStore, lockMs: number) {
  const renewEveryMs = Math.max(500, Math.floor(lockMs / 3));
  return {
    /**
     * Before validation: the fingerprint is of the body as sent, and a 400 for it is kept and
     * replayed like any answer (the fixed body under the same key is then a 422).
     */
    async preValidation(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers['idempotency-key'];
      // An unknown path ran nothing: its 404 is not kept, or the corrected path's retry under the key would be a 422.
      if (header === undefined || request.auth === undefined || request.method !== 'POST' || request.is404) return;
      if (typeof header !== 'string' || sentTwice(request.raw.rawHeaders, 'idempotency-key') || !KEY_PATTERN.test(header)) {
        throw validationError([{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters, sent once' }]);
      }
      // The path as sent, ids and query included: one key on /portfolios/A/run is not a replay for /portfolios/B/run.
      const fingerprint = requestFingerprint(request.method, request.url, request.body);
      const claim = await store.claim(request.auth, header, fingerprint, lockMs, request.id);
      switch (claim.kind) {
        case 'claimed': {
          // The lock is renewed while the request runs: an upload can take longer than any
          // sync call, and a retry must not run it a second time meanwhile. A process that
          // dies stops renewing, and the lock runs out.
          const auth = request.auth;
          const heartbeat = setInterval(() => {
            store.extend(auth, header, request.id, lockMs).catch((error: unknown) => request.log.warn({ err: error }, 'renewing the Idempotency-Key claim failed'));
          }, renewEveryMs);
          heartbeat.unref();
          reply.raw.once('close', () => clearInterval(heartbeat));
          request.idempotency = { key: header, heartbeat };
          return;
        }
        case 'mismatch':
          throw keyReused();
        case 'in_progress': {
          // A running request renews its claim every renewEveryMs, so it never has much less
          // than its whole lock left, and may end at any moment: retry in a second. A claim
          // that has missed two renewals lost its process and lapses when its time runs out.
          const abandoned = claim.retryAfterMs < lockMs - 2 * renewEveryMs;
          reply.header('Retry-After', abandoned ? Math.max(1, Math.ceil(claim.retryAfterMs / 1000)) : 1);
          throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running; retry shortly');
        }
        case 'done':
          // A streamed upload's content is compared once the route has read this one.
          if (claim.content !== undefined) {
            // Only another upload can have the same content.
            if (!isMultipart(request)) throw keyReused();
            request.idempotentUpload = claim;
            return;
          }
          return sendReplay(reply, claim);
      }
    },

    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claimed = request.idempotency;
      if (claimed === undefined || request.auth === undefined) return payload;
      request.idempotency = undefined;
      clearInterval(claimed.heartbeat);
      try {
        // An upload not read to the end (its route failed partway) has no fingerprint to
        // compare a retry with: its answer is not kept, and a retry runs again.
        const content = claimed.upload?.digest();
        if (isKept(reply.statusCode) && typeof payload === 'string' && (claimed.upload === undefined || content !== undefined)) {
          await store.complete(request.auth, claimed.key, request.id, { status: reply.statusCode, body: payload, requestId: request.id, content });
        } else {
          await store.abandon(request.auth, claimed.key, request.id);
        }
      } catch (error) {
        // The call has run (and may be billed): its answer still goes out. The claim's lock
        // then expires, and only a retry after that runs the call again.
        request.log.error({ err: error }, 'storing the idempotent answer failed');
      }
      return payload;
    },
  };
}

/** Node joins a header sent twice into "a, b", which is itself a valid key: the raw list tells. */
function sentTwice(rawHeaders: readonly string[] | undefined, name: string): boolean {
  let seen = 0;
  for (let i = 0; i < (rawHeaders?.length ?? 0); i += 2) if (rawHeaders?.[i]?.toLowerCase() === name) seen++;
  return seen > 1;
}

function isMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^multipart\/form-data\b/i.test(type);
}

function keyReused(): AppError {
  return new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
}

function sendReplay(reply: FastifyReply, claim: DoneClaim): FastifyReply {
  // The request log names the replayed answer's error code as it would the original's.
  if (claim.status >= 400) reply.request.errorCode = storedErrorCode(claim.body);
  return reply
    .code(claim.status)
    .header('Idempotent-Replayed', 'true')
    .header('X-Request-Id', claim.requestId)
    .header('content-type', 'application/json; charset=utf-8')
    .send(claim.body);
}

/** The `error.code` of a stored error envelope; undefined if the body is not one. */
function storedErrorCode(body: string): ErrorCode | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code) ? (code as ErrorCode) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For a route that streams a multipart upload: the fingerprint to read its parts through
 * (fields with field(), files through file(), complete() at the end). When the request
 * claimed an Idempotency-Key, its answer is kept with this fingerprint.
 */
export function uploadFingerprint(request: FastifyRequest): MultipartFingerprint {
  // Without a key there is nothing to compare: the upload's bytes are not hashed.
  const fingerprint = new MultipartFingerprint(request.idempotency !== undefined);
  if (request.idempotency !== undefined) request.idempotency.upload = fingerprint;
  return fingerprint;
}

/**
 * When an earlier upload under this Idempotency-Key was answered, reads this upload to the
 * end and replays that answer if the content is the same, or answers 422 if not. Returns
 * false when there is nothing to replay and the route should run.
 */
export async function replayedUpload(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const earlier = request.idempotentUpload;
  if (earlier === undefined) return false;
  const fingerprint = new MultipartFingerprint();
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fingerprint.field(part.fieldname, String(part.value));
    } else {
      // Read only to fingerprint it: nothing of a replayed upload is kept.
      const bytes = fingerprint.file(part.fieldname, part.filename, part.file)[Symbol.asyncIterator]();
      while ((await bytes.next()).done !== true);
    }
  }
  fingerprint.complete();
  if (fingerprint.digest() !== earlier.content) throw keyReused();
  sendReplay(reply, earlier);
  return true;
}
