import { setMaxListeners } from 'node:events';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { answerClientError } from './api/client-error.js';
import { guardSlowBodies } from './api/slow-body-guard.js';
import { newRequestId, sendError } from './api/envelope.js';
import { registerErrorHandling } from './api/error-handler.js';
import './api/request-context.js';
import { ServiceLogController } from './api/request-log.js';
import { customerApi } from './api/customer-api.js';
import { registerOpenApi } from './api/openapi/register-openapi.js';
import { adminRoutes } from './api/routes/admin.js';
import { healthRoutes } from './api/routes/health.js';
import { metricsRoutes } from './api/routes/metrics.js';
import { queueBoardRoutes } from './api/routes/queue-board.js';
import { consoleRoutes } from './api/routes/console.js';
import { publicSourceStatus, sourceStatus } from './store/sources/source-status.js';
import { ConfigError } from './config.js';
import type { Deps } from './deps.js';
import { hideInLogs, loggableUrl } from './logger.js';
import { AppError } from './errors.js';
import { registerHttpMetrics } from './api/http-metrics.js';
import { createAppMetrics } from './metrics/registry.js';
import { createScrapeCollectors } from './metrics/scrape-collectors.js';
import { QUEUES } from './queue/names.js';
import { defaultMaxConnections } from './runtime/connection-cap.js';
import { createAdminAttempts } from './store/request-guards/admin-attempts.js';
import { readServiceTotals } from './store/service-totals.js';

export interface AppOptions {
  adminToken: string;
  /** BV_ADMIN_READONLY_TOKEN: opens the read-only queue board only. */
  readOnlyAdminToken?: string | undefined;
}

/** The HTTP app. It never listens: server.ts does, and tests use app.inject(). */
export async function buildApp(deps: Deps, options: AppOptions): Promise<FastifyInstance> {
  // The operator may set any string of 16+ characters: only its exact value can be recognised.
  hideInLogs(options.adminToken);
  if (options.readOnlyAdminToken !== undefined) {
    // One token for two roles would make the read-only board's promise meaningless.
    if (options.readOnlyAdminToken === options.adminToken) throw new ConfigError('invalid configuration: BV_ADMIN_READONLY_TOKEN: must differ from the admin token (BV_ADMIN_TOKEN or the saved one)');
    hideInLogs(options.readOnlyAdminToken);
  }
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; naming the base type keeps plugins' instance types default.
    loggerInstance: deps.log as FastifyBaseLogger,
    // Its `request completed` line names the operation, error code, environment and account (request-log.ts).
    logController: new ServiceLogController(),
    genReqId: newRequestId,
    // Request ids are ours; a client-sent id would let one caller's logs pose as another's.
    requestIdHeader: false,
    bodyLimit: deps.config.bodyLimitBytes,
    // Slow clients (docs/security.md "Hardening and limits"): headers by Node, checked every second
    // rather than Node's 30 s; bodies by guardSlowBodies below, so requestTimeout stays 0.
    // (requestTimeout here too: Node refuses a headersTimeout past its default of 300 s.)
    http: { headersTimeout: deps.config.http.headersTimeoutMs, requestTimeout: 0, connectionsCheckingInterval: 1_000 },
    keepAliveTimeout: deps.config.http.keepAliveTimeoutMs,
    // Fastify's own 503 while closing skips every hook: no X-Request-Id, not the envelope. The
    // onRequest hook below answers those requests instead.
    return503OnClosing: false,
    // Nor can a request Node's parser refused (headers over 16 KB, not HTTP).
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot even route (bad percent-encoding) still gets the envelope.
    frameworkErrors: (error, request, reply) =>
      sendError(request, reply, new AppError('VALIDATION_FAILED', `The request is malformed: ${error.message}`, [
        { field: 'url', message: error.message },
      ])),
  });

  // Past the cap Node closes a new connection at once: the process keeps files for Redis and
  // results instead of failing accept() with EMFILE, and slow bodies free places in bounded time.
  app.server.maxConnections = deps.config.http.maxConnections ?? defaultMaxConnections();
  const slowBodies = guardSlowBodies(app.server, {
    requestTimeoutMs: deps.config.http.requestTimeoutMs,
    bodyMinBytesPerSecond: deps.config.http.bodyMinBytesPerSecond,
    answerTimeout: (socket) => answerClientError(Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket),
    // Fastify never logs these (its reply is not what answers): the operator should see them.
    onCut: (request, receivedBytes) =>
      deps.log.info(
        { method: request.method, url: loggableUrl(request.url ?? ''), remoteAddress: request.socket.remoteAddress, receivedBytes },
        'request body came too slowly: answered 408 and closed',
      ),
  });
  app.addHook('onClose', async () => slowBodies.close());

  // Every body this API takes is JSON (or a multipart upload): a text/plain body, even one
  // holding JSON, is refused for its content type rather than read as a string and called
  // "not a JSON object".
  app.removeContentTypeParser('text/plain');

  app.decorateRequest('startedAtMs', 0);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('errorCode', undefined);
  app.decorateRequest('idempotency', undefined);
  app.decorateRequest('idempotentUpload', undefined);
  const closing = new AbortController();
  // Every open events stream waits on it between polls: more than Node's default of 10.
  setMaxListeners(0, closing.signal);
  app.decorate('closing', closing.signal);
  // Read by the admin API's, /metrics' and the queue board's token checks (admin-auth.ts).
  app.decorate('adminAttempts', createAdminAttempts(deps.redis, deps.keys, { maxFailures: deps.config.adminAuthFailuresPerMinute, windowMs: 60_000 }));
  app.addHook('preClose', async () => closing.abort());
  app.addHook('onRequest', async (request, reply) => {
    request.startedAtMs = performance.now();
    reply.header('X-Request-Id', request.id);
    // A request reaching a closing app (on a connection that was busy when the close began) is
    // shed, not run: the process is about to stop, and another instance can answer it.
    if (closing.signal.aborted) {
      reply.header('Retry-After', 1);
      throw new AppError('SERVICE_UNAVAILABLE', 'This instance of the service is shutting down and did not run the request; retry it');
    }
  });

  // This app's own registry (tests build many apps in one process).
  const metrics = createAppMetrics();
  registerHttpMetrics(app, metrics.registry);

  registerErrorHandling(app);
  await registerOpenApi(app);

  await app.register(healthRoutes, {
    redis: deps.redis,
    keys: deps.keys,
    sourcesSummary: async () => publicSourceStatus(await sourceStatus(deps.chains, deps.liveSources, deps.sourceState)),
  });
  await app.register(customerApi, {
    redis: deps.redis,
    keys: deps.keys,
    accounts: deps.accounts,
    wallet: deps.wallet,
    idempotency: deps.idempotency,
    verifier: deps.verifier,
    requestBudgetMs: deps.config.requestBudgetMs,
    holdTtlMs: deps.config.holdTtlMs,
    now: deps.now,
    bulk: {
      jobs: deps.bulkJobs,
      webhooks: deps.webhooks,
      wallet: deps.wallet,
      results: deps.results,
      queues: deps.queues,
      chunkRows: deps.config.bulk.chunkRows,
      holdTtlMs: deps.config.bulk.holdTtlMs,
      limits: { maxBytes: deps.config.bulk.maxBytes, maxRecordBytes: deps.config.bulk.maxRecordBytes, maxRows: deps.config.bulk.maxRows },
    },
    portfolios: {
      portfolios: deps.portfolios,
      jobs: deps.bulkJobs,
      wallet: deps.wallet,
      results: deps.results,
      queues: deps.queues,
      webhooks: deps.webhooks,
      chunkRows: deps.config.bulk.chunkRows,
      holdTtlMs: deps.config.bulk.holdTtlMs,
      sandboxClockOffsetMs: async (accountId) => (await deps.accounts.get(accountId))?.sandboxClockOffsetMs ?? 0,
      limits: { maxBytes: deps.config.bulk.maxBytes, maxRecordBytes: deps.config.bulk.maxRecordBytes },
    },
  });
  await app.register(adminRoutes, {
    adminToken: options.adminToken,
    accounts: deps.accounts,
    wallet: deps.wallet,
    sourceStatus: () => sourceStatus(deps.chains, deps.liveSources, deps.sourceState),
  });
  const collectors = createScrapeCollectors(metrics.registry, {
    sources: async () => (await sourceStatus(deps.chains, deps.liveSources, deps.sourceState)).live.sources,
    queues: {
      [QUEUES.bulkVerify]: deps.queues.verify,
      [QUEUES.bulkFinalize]: deps.queues.finalize,
      [QUEUES.webhooks]: deps.queues.webhooks,
      [QUEUES.portfolios]: deps.queues.portfolios,
    },
    totals: () => readServiceTotals(deps.redis, deps.keys),
  });
  await app.register(metricsRoutes, { adminToken: options.adminToken, metrics, refresh: () => collectors.refresh() });
  await app.register(queueBoardRoutes, { adminToken: options.adminToken, readOnlyAdminToken: options.readOnlyAdminToken, queues: deps.queues });
  await app.register(consoleRoutes);
  return app;
}
