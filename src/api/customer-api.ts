import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Verifier } from '../sources/verifier.js';
import type { AccountStore } from '../store/accounts.js';
import type { IdempotencyStore } from '../store/idempotency.js';
import type { RedisKeys } from '../store/keys.js';
import { createRateLimitStore } from '../store/rate-limit-store.js';
import type { WalletStore } from '../store/wallet.js';
import type { Redis } from 'ioredis';
import { customerAuth } from './customer-auth.js';
import { idempotencyHooks } from './idempotency.js';
import { bulkJobRoutes, type BulkRoutesOptions } from './routes/bulk-jobs.js';
import { portfolioRoutes, type PortfolioRoutesOptions } from './routes/portfolios.js';
import { business360Routes } from './routes/business360.js';
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
  bulk: BulkRoutesOptions;
  portfolios: PortfolioRoutesOptions;
}

const MINUTE_MS = 60_000;

/**
 * Everything under /v1, in the order DESIGN.md §2 gives: auth → rate limit → (body parsed)
 * → idempotency → the handler (validate → hold → sources → commit/release → envelope).
 * Auth and rate limiting come first so 401 and 429 are never stored under a key.
 */
export async function customerApi(app: FastifyInstance, options: CustomerApiOptions): Promise<void> {
  app.addHook('onRequest', customerAuth(options.accounts));
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    max: (request) => request.auth?.rateLimitPerMinute ?? 1,
    keyGenerator: (request) => `${request.auth?.accountId}|${request.auth?.keyId}`,
    store: createRateLimitStore(options.redis, options.keys),
    enableDraftSpec: true,
    addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
    addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}`),
  });
  // A claim outlives any call: a lock expiring mid-call would let a retry run it twice.
  const hooks = idempotencyHooks(options.idempotency, options.holdTtlMs);
  app.addHook('preHandler', hooks.preHandler);
  app.addHook('onSend', hooks.onSend);

  await app.register(operationRoutes, options);
  await app.register(business360Routes, options);
  await app.register(walletRoutes, { wallet: options.wallet });
  await app.register(bulkJobRoutes, options.bulk);
  await app.register(portfolioRoutes, options.portfolios);
}
