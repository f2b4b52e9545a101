import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Verifier } from '../sources/verifier.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, type AccountStore } from '../store/accounts/accounts.js';
import type { IdempotencyStore } from '../store/request-guards/idempotency.js';
import type { RedisKeys } from '../store/keys.js';
import { createRateLimitStore } from '../store/request-guards/rate-limit-store.js';
import type { WalletStore } from '../store/wallet/wallet.js';
import type { Redis } from 'ioredis';
import { authenticateCustomer } from './auth.js';
import { sendError } from './envelope.js';
import { routeNotFound } from './error-handler.js';
import { idempotencyHooks } from './idempotency.js';
import { bulkJobRoutes, type BulkRoutesOptions } from './routes/bulk-jobs.js';
import { portfolioRoutes, type PortfolioRoutesOptions } from './routes/portfolios.js';
import { business360Routes } from './routes/business360.js';
import { itcCheckRoutes } from './routes/itc-check.js';
import { operationRoutes } from './routes/operations.js';
import { walletRoutes } from './routes/wallet.js';

export interface CustomerApiOptions {
  redis: Redis;
  keys: RedisKeys;
  accounts: AccountStore;
  wallet: WalletStore;
  idempotency: IdempotencyStore;
  verifier: Verifier;
  requestBudgetMs: number;
  holdTtlMs: number;
  now: () => Date;
  bulk: Omit<BulkRoutesOptions, 'keyStillValid'>;
  portfolios: PortfolioRoutesOptions;
}

const MINUTE_MS = 60_000;

/**
 * Everything under /v1, in the order DESIGN.md §2 gives: auth → rate limit → (body parsed)
 * → idempotency → validate (the route's zod schemas) → the handler (hold → sources →
 * commit/release → envelope). Auth and rate limiting come first so 401 and 429 are never
 * stored under a key; idempotency before validation, so a 400 is kept under its key.
 * docs/request-lifecycle.md walks the whole order.
 */
export async function customerApi(app: FastifyInstance, options: CustomerApiOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    timeWindow: MINUTE_MS,
    // Calls without a valid key count per client address at the default limit, so a 401
    // carries the headers too (docs/money.md "Rate limits": every response), and a client sending bad keys from
    // one address is turned away with 429 past that pace; valid keys keep their own quotas.
    max: (request) => request.auth?.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    keyGenerator: (request) =>
      request.auth ? options.keys.rateLimit(request.auth.accountId, request.auth.keyId) : options.keys.unauthenticatedRateLimit(request.ip),
    store: createRateLimitStore(options.redis),
    enableDraftSpec: true,
    addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
    addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}`),
  });
  // One hook, not the plugin's per-route one, so that it also runs for unknown /v1 paths.
  const countCall = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    const refused = await authenticateCustomer(options.accounts, request);
    await countCall.call(app, request, reply);
    // Unknown routes answer 404, key or no key (test/api/envelope.test.ts holds it).
    if (refused && !request.is404) throw refused;
  });
  // A claim outlives any call: a lock expiring mid-call would let a retry run it twice.
  const hooks = idempotencyHooks(options.idempotency, options.holdTtlMs);
  app.addHook('preValidation', hooks.preValidation);
  app.addHook('onSend', hooks.onSend);

  await app.register(operationRoutes, options);
  await app.register(business360Routes, options);
  await app.register(itcCheckRoutes, options);
  await app.register(walletRoutes, { wallet: options.wallet, jobs: options.bulk.jobs });
  await app.register(bulkJobRoutes, {
    ...options.bulk,
    keyStillValid: async (request) => (await authenticateCustomer(options.accounts, request)) === undefined,
  });
  await app.register(portfolioRoutes, options.portfolios);
  // An unknown path under /v1 is answered after the hooks above, with the RateLimit headers
  // every /v1 answer has (counted against the key, or the address when there is none).
  await app.register(
    async (v1) => v1.setNotFoundHandler((request, reply) => sendError(request, reply, routeNotFound(request))),
    { prefix: '/v1' },
  );
}
