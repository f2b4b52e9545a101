import { setTimeout as sleep } from 'node:timers/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { AppError } from '../../errors.js';
import type { BulkJob, BulkJobStore } from '../../store/bulk-jobs/bulk-jobs.js';
import { isMissingFile, missingFile, openDownload, type ResultStore } from '../../store/results/result-store.js';
import { RESULTS_JSONL_FILE } from '../../bulk/result-files.js';
import { resultRowsPage } from '../../bulk/result-rows.js';
import { retryFailedRows } from '../../bulk/retry-job.js';
import { supplierPage } from '../../bulk/supplier-rows.js';
import { KEY_FIELDS } from '../../domain/result-breakdown.js';
import type { WebhookStore } from '../../store/bulk-jobs/webhooks.js';
import { commitBulkJob, createBulkJob, type CreateJobDeps } from '../../bulk/create-job.js';
import { conflictingOperation, FIELD_BYTES, FORM_LIMITS, stageMultipartUpload } from '../multipart-upload.js';
import { intakeFailure } from '../../bulk/intake/intake-error.js';
import { refuseOverQuota } from '../../bulk/quota-refusal.js';
import { readJsonRows } from '../../bulk/intake/json-intake.js';
import { ACCEPTED_BULK_OPERATIONS, parseOperationOr400, type IntakeItem } from '../../bulk/intake/row-request.js';
import { jobStatusBody } from '../../bulk/job-status-body.js';
import { successEnvelope } from '../envelope.js';
import { resultsNotReady, staleCursor } from '../job-answers.js';
import { replayedUpload } from '../idempotency.js';
import { parseOrThrow } from '../../requests/zod-problems.js';
import { BULK_JOB_SCHEMAS } from './bulk-jobs-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';
import { JsonJobRequest } from '../schemas/bulk-requests.js';
import { EVENT_STREAMS_PER_ACCOUNT, StreamQuota } from '../stream-quota.js';
import { checkWebhookDestination } from '../schemas/webhook-url.js';
import { bulkTemplate, bulkTemplateCsv, bulkTemplateXlsx, parseTemplateName } from '../../bulk/templates.js';
import { RESULTS_XLSX_FILE } from '../../bulk/results-xlsx.js';
import { SUPPLIERS_CSV_FILE, SUPPLIERS_JSONL_FILE, SUPPLIERS_XLSX_FILE } from '../../bulk/itc-register-results.js';
import { XLSX_CONTENT_TYPE } from '../../store/results/xlsx-writer.js';

export interface BulkRoutesOptions extends CreateJobDeps {
  jobs: BulkJobStore;
  webhooks: WebhookStore;
  results: ResultStore;
  limits: { maxBytes: number; maxRecordBytes: number; maxRows: number };
  /** Whether the request's API key is still valid (not revoked since the request began). */
  keyStillValid: (request: FastifyRequest) => Promise<boolean>;
}

const SSE_POLL_MS = 500;
const SSE_HEARTBEAT_MS = 15_000;
/** How soon a client should reconnect to a stream ended by a shutdown. */
const SSE_RETRY_AFTER_CLOSE_MS = 1_000;
/** Retry-After when the account's streams are all in use: a stream lasts as long as its job. */
const SSE_FULL_RETRY_AFTER_S = 10;

/** A job of another account, or of the other environment (sandbox vs live keys), is as absent as one that never existed. */
async function ownJob(jobs: BulkJobStore, request: FastifyRequest<{ Params: { id: string } }>): Promise<BulkJob> {
  const job = /^job_[0-9a-f]{20}$/.test(request.params.id) ? await jobs.get(request.params.id) : undefined;
  if (job === undefined || job.accountId !== request.auth!.accountId || job.environment !== request.auth!.environment) throw new AppError('NOT_FOUND', `There is no bulk job ${request.params.id}`);
  return job;
}

/** Bulk jobs (docs/bulk.md): intake, status, listing, cancellation and result files. */
export async function bulkJobRoutes(fastify: FastifyInstance, options: BulkRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodRequests>();
  await app.register(multipart, {
    limits: { fileSize: options.limits.maxBytes, ...FORM_LIMITS, fieldSize: FIELD_BYTES },
  });
  const { jobs, results } = options;

  app.post(
    '/v1/bulk/jobs',
    // JSON rows (up to 10,000) are larger than a sync call's body; uploads stream past this.
    // A multipart upload is streamed: this route parses its own body and query (the schema documents them).
    { config: { api: 'bulk.create' }, bodyLimit: 16 * 1024 * 1024, schema: BULK_JOB_SCHEMAS.createBulkJob },
    async (request, reply) => {
      const auth = request.auth!;
      let created;
      if (request.isMultipart()) {
        if (await replayedUpload(request, reply)) return reply;
        await refuseOverQuota(jobs.quotas, auth.accountId);
        const upload = await stageMultipartUpload(request, {
          deps: options,
          limits: options.limits,
          allowPrivateWebhooks: options.webhooks.destinations.allowPrivate,
          operationText: (request.query as Record<string, string | undefined>).operation,
          columnsText: (request.query as Record<string, unknown>).columns,
        });
        created = await commitBulkJob(
          upload.staged,
          { accountId: auth.accountId, environment: auth.environment, clockOffsetMs: auth.sandboxClockOffsetMs, name: upload.name, webhookUrl: upload.webhookUrl },
          options,
        ).catch(intakeFailure);
      } else {
        const body = parseOrThrow(JsonJobRequest, request.body);
        const queryOperation = (request.query as Record<string, string | undefined>).operation;
        if (queryOperation !== undefined && queryOperation !== body.operation) throw conflictingOperation(body.operation, queryOperation);
        checkWebhookDestination(body.webhook_url, options.webhooks.destinations.allowPrivate);
        const operation = parseOperationOr400(body.operation);
        await refuseOverQuota(jobs.quotas, auth.accountId);
        let items: IntakeItem[];
        try {
          items = readJsonRows(operation, body.rows);
        } catch (error) {
          intakeFailure(error);
        }
        created = await createBulkJob(
          { accountId: auth.accountId, environment: auth.environment, clockOffsetMs: auth.sandboxClockOffsetMs, operation, name: body.name ?? 'rows', webhookUrl: body.webhook_url ?? null, items },
          options,
        ).catch(intakeFailure);
      }
      return reply.code(202).send(
        successEnvelope(request, {
          job_id: created.jobId,
          status: created.status,
          rows: created.rows,
          reserved_inr: paiseToInr(created.reservedPaise),
        }, { checks: 0 }),
      );
    },
  );

  app.get('/v1/bulk/jobs', { config: { api: 'bulk.list' }, schema: BULK_JOB_SCHEMAS.listBulkJobs }, async (request) => {
    const query = request.query;
    const page = (await jobs.list(request.auth!.accountId, request.auth!.environment, query.limit, query.cursor)) ?? staleCursor('job');
    return successEnvelope(request, { jobs: page.jobs.map((job) => jobStatusBody(job)), next_cursor: page.next ?? null }, { checks: 0 });
  });

  app.get('/v1/bulk/jobs/:id', { config: { api: 'bulk.get' }, schema: BULK_JOB_SCHEMAS.getBulkJob }, async (request) => {
    return successEnvelope(request, jobStatusBody(await ownJob(jobs, request)), { checks: 0 });
  });

  app.post('/v1/bulk/jobs/:id/cancel', { config: { api: 'bulk.cancel' }, schema: BULK_JOB_SCHEMAS.cancelBulkJob }, async (request) => {
    const job = await ownJob(jobs, request);
    await jobs.requestCancel(job.jobId);
    return successEnvelope(request, jobStatusBody((await jobs.get(job.jobId)) ?? job), { checks: 0 });
  });

  // The webhook signing secret of the key's environment: shown to its own keys, and rotated at
  // will (the old one stops signing at once; verify with the new one from then on).
  app.get('/v1/webhooks/secret', { config: { api: 'webhooks.secret' }, schema: BULK_JOB_SCHEMAS.getWebhookSecret }, async (request) =>
    successEnvelope(request, { secret: await options.webhooks.secret(request.auth!.accountId, request.auth!.environment) }, { checks: 0 }),
  );
  app.post('/v1/webhooks/secret/rotate', { config: { api: 'webhooks.secret.rotate' }, schema: BULK_JOB_SCHEMAS.rotateWebhookSecret }, async (request) =>
    successEnvelope(request, { secret: await options.webhooks.rotate(request.auth!.accountId, request.auth!.environment) }, { checks: 0 }),
  );
  app.get('/v1/bulk/jobs/:id/webhook-deliveries', { config: { api: 'bulk.webhook_deliveries' }, schema: BULK_JOB_SCHEMAS.listBulkJobWebhookDeliveries }, async (request) => {
    const job = await ownJob(jobs, request);
    return successEnvelope(request, { job_id: job.jobId, webhook_url: job.webhookUrl, attempts: await options.webhooks.attempts(job.accountId, job.jobId) }, { checks: 0 });
  });

  // Progress as Server-Sent Events: the job's status whenever it changes, then its final
  // status, then the stream ends. Read from Redis, so any API process can serve any job.
  // A stream lasts as long as its job: when the app closes, streams end (after a `retry:`
  // line, so a client reconnects, to another process if there is one) rather than keep the
  // close waiting for jobs to finish.
  const streams = new StreamQuota();
  app.get('/v1/bulk/jobs/:id/events', { config: { api: 'bulk.events' }, schema: BULK_JOB_SCHEMAS.streamBulkJobEvents }, async (request, reply) => {
    const job = await ownJob(jobs, request);
    const giveBack = streams.take(job.accountId);
    if (giveBack === undefined) {
      reply.header('Retry-After', SSE_FULL_RETRY_AFTER_S);
      throw new AppError(
        'RATE_LIMITED',
        `This account already has ${EVENT_STREAMS_PER_ACCOUNT} progress streams open on this server; close one, or poll GET /v1/bulk/jobs/${job.jobId}`,
      );
    }
    reply.hijack();
    const raw = reply.raw;
    raw.on('close', giveBack);
    // A client gone during the awaits above: its 'close' came and went, and would never come again.
    if (raw.destroyed || request.raw.socket.destroyed) {
      giveBack();
      return;
    }
    // What the hooks set (X-Request-Id, the RateLimit headers docs/money.md "Rate limits" puts on every answer): a
    // hijacked reply writes only the raw response's own headers.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    let closed = false;
    raw.on('close', () => (closed = true));
    let last = '';
    let lastWriteMs = Date.now();
    let finished = false;
    // A key revoked while its stream runs stops it, as it stops every other call at once.
    let revoked = false;
    const next = async (): Promise<BulkJob | undefined> => {
      revoked = !(await options.keyStillValid(request));
      return revoked ? undefined : jobs.get(job.jobId);
    };
    try {
      for (let current: BulkJob | undefined = job; current !== undefined && !closed && !app.closing.aborted; current = await next()) {
        const body = jobStatusBody(current);
        const text = JSON.stringify(body);
        const final = current.finishedAt !== null;
        if (text !== last) {
          raw.write(`event: ${final ? 'finished' : 'progress'}\ndata: ${text}\n\n`);
          last = text;
          lastWriteMs = Date.now();
        } else if (Date.now() - lastWriteMs > SSE_HEARTBEAT_MS) {
          // A comment line keeps proxies from closing a quiet stream.
          raw.write(': still running\n\n');
          lastWriteMs = Date.now();
        }
        if (final) {
          finished = true;
          break;
        }
        await sleep(SSE_POLL_MS, undefined, { signal: app.closing }).catch(() => undefined);
      }
    } catch (error) {
      // Redis out of reach mid-stream: a hijacked reply is past the error handler, so end the
      // stream here (an EventSource reconnects by itself) rather than leave it hanging.
      request.log.warn({ err: error }, 'events stream ended: reading its job failed');
      raw.end();
      return;
    }
    if (revoked && !closed) request.log.info('events stream ended: its API key was revoked');
    if (app.closing.aborted && !closed && !finished) {
      raw.write(`retry: ${SSE_RETRY_AFTER_CLOSE_MS}\n\n`);
      // Its connection would otherwise stay open as an idle keep-alive, which the close waits for.
      const socket = request.raw.socket;
      raw.end(() => socket.end());
      return;
    }
    raw.end();
  });

  // The result rows, filtered and paged (bulk/result-rows.ts): before the job has its files,
  // the same answer as a download.
  app.get('/v1/bulk/jobs/:id/results', { config: { api: 'bulk.results.rows' }, schema: BULK_JOB_SCHEMAS.listBulkJobResults }, async (request, reply) => {
    const job = await ownJob(jobs, request);
    const query = request.query;
    let page;
    try {
      if (job.finishedAt === null) throw missingFile(job.jobId, RESULTS_JSONL_FILE);
      page = await resultRowsPage(results, job, query);
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      if (job.status === 'failed') throw new AppError('NOT_FOUND', `${job.jobId} failed before it had results`);
      throw resultsNotReady(reply, `The results of ${job.jobId} are not ready: the job is ${job.finishedAt === null && job.status === 'cancelled' ? 'being cancelled' : job.status}`);
    }
    const keyField = KEY_FIELDS[job.operation];
    return successEnvelope(
      request,
      { job_id: job.jobId, key_field: keyField === undefined ? null : { name: keyField.name, fine_value: keyField.fine }, rows: page.rows, next_cursor: page.nextCursor },
      { checks: 0 },
    );
  });

  // An itc.check job's suppliers ranked by tax at risk, paged, with the totals (bulk/supplier-rows.ts).
  app.get('/v1/bulk/jobs/:id/suppliers', { config: { api: 'bulk.suppliers' }, schema: BULK_JOB_SCHEMAS.listBulkJobSuppliers }, async (request, reply) => {
    const job = await ownJob(jobs, request);
    if (job.operation !== 'itc.check') throw new AppError('NOT_FOUND', `${job.jobId} is a ${job.operation} job: suppliers are listed for itc.check jobs only (a purchase register's suppliers)`);
    const query = request.query;
    let page;
    try {
      if (job.finishedAt === null) throw missingFile(job.jobId, SUPPLIERS_JSONL_FILE);
      page = await supplierPage(results, job.jobId, query);
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      if (job.status === 'failed') throw new AppError('NOT_FOUND', `${job.jobId} failed before it had results`);
      if (job.finishedAt !== null) throw new AppError('NOT_FOUND', `${job.jobId} finished before suppliers were listed for every itc.check job: download suppliers.csv, which has the same suppliers`);
      throw resultsNotReady(reply, `The suppliers of ${job.jobId} are not ready: the job is ${job.status === 'cancelled' ? 'being cancelled' : job.status}`);
    }
    return successEnvelope(request, { job_id: job.jobId, totals: page.totals, suppliers: page.suppliers, next_cursor: page.nextCursor }, { checks: 0 });
  });

  app.post('/v1/bulk/jobs/:id/retry', { config: { api: 'bulk.retry' }, schema: BULK_JOB_SCHEMAS.retryBulkJob }, async (request, reply) => {
    const auth = request.auth!;
    const job = await ownJob(jobs, request);
    const created = await retryFailedRows(job, { accountId: auth.accountId, environment: auth.environment, clockOffsetMs: auth.sandboxClockOffsetMs }, options);
    return reply.code(202).send(
      successEnvelope(request, {
        job_id: created.jobId,
        status: created.status,
        rows: created.rows,
        reserved_inr: paiseToInr(created.reservedPaise),
        retry_of: job.jobId,
      }, { checks: 0 }),
    );
  });

  // Upload templates: free, read with the key like any listing; the same for every account.
  const operations: readonly string[] = ACCEPTED_BULK_OPERATIONS;
  app.get('/v1/bulk/templates/:file', { config: { api: 'bulk.template' }, schema: BULK_JOB_SCHEMAS.downloadBulkTemplate }, async (request, reply) => {
    const wanted = parseTemplateName(request.params.file, operations);
    if (wanted === undefined) throw new AppError('NOT_FOUND', `There is no template ${request.params.file}: ask for {operation}.csv or {operation}.xlsx, operation one of ${operations.join(', ')}`);
    const template = bulkTemplate(wanted.operation);
    reply.header('content-disposition', `attachment; filename="bulk-template-${request.params.file}"`);
    if (wanted.format === 'csv') return reply.type('text/csv; charset=utf-8').send(bulkTemplateCsv(template));
    return reply.type(XLSX_CONTENT_TYPE).send(await bulkTemplateXlsx(wanted.operation, template));
  });

  for (const [file, type, schema] of [
    ['results.csv', 'text/csv; charset=utf-8', BULK_JOB_SCHEMAS.downloadBulkJobResultsCsv],
    ['results.jsonl', 'application/x-ndjson; charset=utf-8', BULK_JOB_SCHEMAS.downloadBulkJobResultsJsonl],
    [RESULTS_XLSX_FILE, XLSX_CONTENT_TYPE, BULK_JOB_SCHEMAS.downloadBulkJobResultsXlsx],
    // An itc.check job's per-supplier summary (docs/itc-check.md "Bulk"), beside its results.
    [SUPPLIERS_CSV_FILE, 'text/csv; charset=utf-8', BULK_JOB_SCHEMAS.downloadBulkJobSuppliersCsv],
    [SUPPLIERS_XLSX_FILE, XLSX_CONTENT_TYPE, BULK_JOB_SCHEMAS.downloadBulkJobSuppliersXlsx],
  ] as const) {
    app.get(`/v1/bulk/jobs/:id/${file}`, { config: { api: 'bulk.results' }, schema }, async (request, reply) => {
      const job = await ownJob(jobs, request);
      if ((file === SUPPLIERS_CSV_FILE || file === SUPPLIERS_XLSX_FILE) && job.operation !== 'itc.check') {
        throw new AppError('NOT_FOUND', `${job.jobId} is a ${job.operation} job: ${file} is written for itc.check jobs only (a purchase register's suppliers)`);
      }
      // Streamed from the store (a folder or a bucket), never held whole.
      const download = await openDownload(results, job.jobId, file);
      if (download === undefined) {
        if (job.status === 'failed') throw new AppError('NOT_FOUND', `${job.jobId} failed before it had results`);
        // Jobs finished before results.xlsx was written have the other two files only.
        if (file === RESULTS_XLSX_FILE && job.finishedAt !== null) throw new AppError('NOT_FOUND', `${job.jobId} finished before results.xlsx was written for every job: download results.csv, which has the same rows`);
        throw resultsNotReady(reply, `The results of ${job.jobId} are not ready: the job is ${job.finishedAt === null && job.status === 'cancelled' ? 'being cancelled' : job.status}`);
      }
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="${job.jobId}-${file}"`)
        .header('content-length', download.bytes)
        .send(download.body);
    });
  }
}

