/**
 * The OpenAPI description of every route, keyed by `METHOD url` as Fastify registers it.
 * Routes stay thin and carry no documentation; src/api/openapi/register-openapi.ts attaches
 * these to them as they are registered. Request schemas are the very zod schemas the handlers
 * parse with; response schemas are the contract's shapes (src/api/schemas/records.ts).
 */
import { z } from 'zod';
import { CHECK_NAMES, OPERATIONS, paiseToInr, type OperationName } from '../../domain/operations.js';
import type { ErrorCode } from '../../errors.js';
import { Business360Request } from '../schemas/business360-request.js';
import { JsonJobRequest } from '../schemas/bulk-requests.js';
import { OPERATION_REQUESTS } from '../schemas/operation-requests.js';
import { AddRows, CreatePortfolio } from '../schemas/portfolio-requests.js';
import { Business360EnvelopeShape, DATA_SHAPES, envelopeShape } from '../schemas/records.js';
import { CreateAccountRequest, CreditRequest, IssueKeyRequest, SandboxClockRequest, UpdateAccountRequest } from '../schemas/admin-requests.js';
import {
  BulkJobShape,
  JobCreatedShape,
  LedgerPageShape,
  PortfolioRunShape,
  PortfolioShape,
  WalletShape,
  WebhookDeliveriesShape,
} from '../schemas/resource-shapes.js';
import { LedgerQuery } from '../schemas/wallet-requests.js';
import { COMMON_ERRORS, OPERATION_ERRORS } from './error-responses.js';
import { business360Examples, checkExamples, type RequestExample } from './sandbox-examples.js';

export type Security = 'customer' | 'admin' | 'none';

export interface NonJsonResponse {
  description: string;
  /** Absent for a response without a body. */
  contentType?: string;
}

export interface MultipartBody {
  type: 'object';
  properties: Record<string, { type: 'string'; description: string; enum?: readonly string[]; contentMediaType?: string; format?: string }>;
  required: string[];
}

export interface RouteDoc {
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  body?: z.ZodType;
  bodyExamples?: Record<string, RequestExample>;
  /** A multipart/form-data alternative to the JSON body (a CSV upload), as JSON Schema. */
  multipart?: MultipartBody;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  headers?: z.ZodObject;
  /** Success responses: a zod schema, or a description of a non-JSON body (a file, a stream) or of no body. */
  responses: Record<number, z.ZodType | NonJsonResponse>;
  errors: readonly ErrorCode[];
}

const IDEMPOTENCY_HEADERS = z.object({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .describe('Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice'),
});

const jobId = z.object({ id: z.string().regex(/^job_[0-9a-f]{20}$/).describe('The job id from the upload answer') });
const portfolioId = z.object({ id: z.string().regex(/^pf_[0-9a-f]{20}$/).describe('The portfolio id') });
const portfolioRun = portfolioId.extend({ run: z.string().regex(/^job_[0-9a-f]{20}$/).describe('A run id from the runs list') });
const accountId = z.object({ id: z.string().describe('The account id') });

/** A customer route's envelope around `data`. */
const envelope = (api: string, data: z.ZodType) => envelopeShape(api, data);

function operationDocs(): Record<string, RouteDoc> {
  const docs: Record<string, RouteDoc> = {};
  for (const check of CHECK_NAMES) {
    const { path, pricePaise } = OPERATIONS[check];
    docs[`POST ${path}`] = {
      summary: OPERATION_SUMMARIES[check],
      description: `${OPERATION_SUMMARIES[check]}. Price ${paiseToInr(pricePaise).toFixed(2)} INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).`,
      tags: ['Operations'],
      security: 'customer',
      body: OPERATION_REQUESTS[check],
      bodyExamples: checkExamples(check),
      headers: IDEMPOTENCY_HEADERS,
      responses: { 200: envelope(check, DATA_SHAPES[check]).describe('The record, in the envelope') },
      errors: OPERATION_ERRORS,
    };
  }
  docs[`POST ${OPERATIONS.business360.path}`] = {
    summary: 'Business360: one profile from every source, with risk flags',
    description:
      'Send exactly one of gstin, cin, pan, plus optional include. The service resolves the other identifiers, runs the chosen modules in parallel with source fallback and returns one profile. Each module is billed at its single-operation price only if it succeeds; the total never exceeds 10.00 INR. A module failure is reported in its wrapper, not as an error of the call.',
    tags: ['Operations'],
    security: 'customer',
    body: Business360Request,
    bodyExamples: business360Examples(),
    headers: IDEMPOTENCY_HEADERS,
    responses: { 200: Business360EnvelopeShape.describe('The profile, in the envelope') },
    errors: OPERATION_ERRORS,
  };
  return docs;
}

const OPERATION_SUMMARIES: Record<(typeof CHECK_NAMES)[number], string> = {
  'gst.verify': 'GST Verify: the GST registration of a GSTIN',
  'gst.returns': 'GST Returns: GSTR-1 and GSTR-3B filing history of a GSTIN',
  'gst.by_pan': 'GST by PAN: the GSTINs registered under a PAN',
  'pan.verify': 'PAN Verify: whether a PAN is valid, with an optional name match',
  'mca.company': 'Company: MCA master data of a company (CIN) or LLP (LLPIN)',
  'mca.search': 'Company Search: ranked fuzzy matches on a company or LLP name',
  'mca.cin_to_pan': 'CIN <-> PAN: map a CIN to its PAN or a company PAN back to its CIN or LLPIN',
  'mca.directors': 'Directors: the board of a company, or the designated partners of an LLP',
  'mca.din': 'DIN Lookup: a director and every company they are or were associated with',
};

const BULK_OPERATIONS = Object.keys(OPERATIONS) as OperationName[];

/** Sandbox GSTINs that verify (a bulk or portfolio example must work as written). */
const sandboxGstins = Object.values(checkExamples('gst.verify'))
  .filter((e) => e.summary.includes('(answers 200)'))
  .map((e) => (e.value as { gstin: string }).gstin);
const gstRows = sandboxGstins.slice(0, 3).map((gstin) => ({ gstin }));

const file = (contentType: string, description: string): NonJsonResponse => ({ contentType, description });

const CUSTOMER_ROUTES: Record<string, RouteDoc> = {
  'GET /v1/wallet': {
    summary: 'Wallet balance',
    tags: ['Wallet'],
    security: 'customer',
    responses: { 200: envelope('wallet.get', WalletShape) },
    errors: COMMON_ERRORS,
  },
  'GET /v1/wallet/ledger': {
    summary: 'Wallet ledger, newest first',
    description: 'Every top-up, hold, commit and release with the running balance and its reference. Page with limit and cursor.',
    tags: ['Wallet'],
    security: 'customer',
    querystring: LedgerQuery,
    responses: { 200: envelope('wallet.ledger', LedgerPageShape) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
  'POST /v1/bulk/jobs': {
    summary: 'Start a bulk job from a CSV upload or JSON rows',
    description:
      'multipart/form-data with parts operation, file (the CSV; a header row naming the identifier columns), and optional name and webhook_url; or JSON {operation, rows, name?, webhook_url?}. The maximum cost is held at intake (402 and nothing queued when short); invalid rows are reported in the results and never billed; identical requests are verified and billed once.',
    tags: ['Bulk jobs'],
    security: 'customer',
    body: JsonJobRequest,
    bodyExamples: {
      'gst-verify-rows': { summary: 'Sandbox GSTINs as JSON rows', value: { operation: 'gst.verify', rows: gstRows } },
    },
    multipart: {
      type: 'object',
      properties: {
        operation: { type: 'string', description: 'The operation every row is verified with', enum: BULK_OPERATIONS },
        file: { type: 'string', contentMediaType: 'text/csv', description: 'The CSV: a header row naming the identifier columns (gstin, pan, cin, llpin, din, name), UTF-8 with or without BOM; other columns are carried into the results' },
        name: { type: 'string', description: 'A name for the job (default: the file name)' },
        webhook_url: { type: 'string', format: 'uri', description: 'Where to POST the signed bulk.job.completed event' },
      },
      required: ['operation', 'file'],
    },
    headers: IDEMPOTENCY_HEADERS,
    responses: { 202: envelope('bulk.create', JobCreatedShape).describe('Accepted: the job is queued') },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED', 'WALLET_INSUFFICIENT_BALANCE', 'PAYLOAD_TOO_LARGE', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
  },
  'GET /v1/bulk/jobs': {
    summary: "The account's bulk jobs, newest first (at most 100)",
    tags: ['Bulk jobs'],
    security: 'customer',
    responses: { 200: envelope('bulk.list', z.object({ jobs: z.array(BulkJobShape) })) },
    errors: COMMON_ERRORS,
  },
  'GET /v1/bulk/jobs/:id': {
    summary: 'A bulk job: status, progress counts, ETA and money',
    tags: ['Bulk jobs'],
    security: 'customer',
    params: jobId,
    responses: { 200: envelope('bulk.get', BulkJobShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'POST /v1/bulk/jobs/:id/cancel': {
    summary: 'Cancel a bulk job: queued rows stop and the rest of the hold is released',
    tags: ['Bulk jobs'],
    security: 'customer',
    params: jobId,
    responses: { 200: envelope('bulk.cancel', BulkJobShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/bulk/jobs/:id/events': {
    summary: 'Live progress as Server-Sent Events',
    description: 'One `progress` event with the job (as GET /v1/bulk/jobs/{id} shows it) whenever it changes, then a final event when it finishes; comments as heartbeats.',
    tags: ['Bulk jobs'],
    security: 'customer',
    params: jobId,
    responses: { 200: file('text/event-stream', 'The event stream') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/bulk/jobs/:id/results.csv': {
    summary: 'The result file as CSV, one row per input row in input order',
    tags: ['Bulk jobs'],
    security: 'customer',
    params: jobId,
    responses: { 200: file('text/csv', 'The results (cells that could start a formula are escaped)') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/bulk/jobs/:id/results.jsonl': {
    summary: 'The result file as JSON lines, one per input row in input order',
    tags: ['Bulk jobs'],
    security: 'customer',
    params: jobId,
    responses: { 200: file('application/x-ndjson', 'The results') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/bulk/jobs/:id/webhook-deliveries': {
    summary: "Delivery attempts of the job's completion webhook",
    tags: ['Webhooks'],
    security: 'customer',
    params: jobId,
    responses: { 200: envelope('bulk.webhook_deliveries', WebhookDeliveriesShape.extend({ job_id: z.string() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/webhooks/secret': {
    summary: "The account's webhook signing secret",
    tags: ['Webhooks'],
    security: 'customer',
    responses: { 200: envelope('webhooks.secret', z.object({ secret: z.string() })) },
    errors: COMMON_ERRORS,
  },
  'POST /v1/webhooks/secret/rotate': {
    summary: 'Rotate the webhook signing secret (the old one stops signing at once)',
    tags: ['Webhooks'],
    security: 'customer',
    headers: IDEMPOTENCY_HEADERS,
    responses: { 200: envelope('webhooks.secret.rotate', z.object({ secret: z.string() })) },
    errors: COMMON_ERRORS,
  },
  'POST /v1/portfolios': {
    summary: 'Create a portfolio: a list re-verified on a schedule, with change reports',
    tags: ['Portfolios'],
    security: 'customer',
    body: CreatePortfolio,
    bodyExamples: {
      weekly: { summary: 'Sandbox GSTINs, re-verified every week', value: { name: 'Top suppliers', operation: 'gst.verify', schedule: { every: 'weekly' }, rows: gstRows } },
    },
    headers: IDEMPOTENCY_HEADERS,
    responses: { 201: envelope('portfolios.create', PortfolioShape) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
  },
  'GET /v1/portfolios': {
    summary: "The account's portfolios (at most 200)",
    tags: ['Portfolios'],
    security: 'customer',
    responses: { 200: envelope('portfolios.list', z.object({ portfolios: z.array(PortfolioShape) })) },
    errors: COMMON_ERRORS,
  },
  'GET /v1/portfolios/:id': {
    summary: 'A portfolio, its schedule, next run and last run',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    responses: { 200: envelope('portfolios.get', PortfolioShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'DELETE /v1/portfolios/:id': {
    summary: 'Delete a portfolio (its schedule stops; its runs stay readable for the retention period)',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    responses: { 200: envelope('portfolios.delete', z.object({ portfolio_id: z.string(), deleted: z.literal(true) })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'POST /v1/portfolios/:id/rows': {
    summary: 'Add or replace rows (a CSV upload in part "file", or JSON {rows})',
    description: 'A row whose identifier the portfolio already holds replaces it. Any invalid row rejects the request with its row and field named; nothing is saved.',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    body: AddRows,
    multipart: {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'text/csv', description: "The CSV, with the columns of the portfolio's operation" } },
      required: ['file'],
    },
    headers: IDEMPOTENCY_HEADERS,
    responses: {
      200: envelope(
        'portfolios.rows.add',
        z.object({ portfolio_id: z.string(), added: z.number().int(), replaced: z.number().int(), invalid: z.number().int(), invalid_rows: z.array(z.object({}).loose()), rows: z.number().int() }),
      ),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
  },
  'GET /v1/portfolios/:id/rows': {
    summary: "The portfolio's rows (JSON, or CSV with Accept: text/csv)",
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    responses: {
      200: envelope('portfolios.rows.list', z.object({ portfolio_id: z.string(), rows: z.array(z.object({ identifier: z.string(), columns: z.record(z.string(), z.string()) })) })),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'DELETE /v1/portfolios/:id/rows/:identifier': {
    summary: 'Remove one row by its identifier',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId.extend({ identifier: z.string().describe('The GSTIN (or other identifier) of the row') }),
    responses: { 200: envelope('portfolios.rows.delete', z.object({ portfolio_id: z.string(), removed: z.string(), rows: z.number().int() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'POST /v1/portfolios/:id/run': {
    summary: 'Run the portfolio now (as a bulk job; its cost is held first)',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    headers: IDEMPOTENCY_HEADERS,
    responses: { 202: envelope('portfolios.run', z.object({ run_id: z.string(), job: BulkJobShape.nullable() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'WALLET_INSUFFICIENT_BALANCE', 'RUN_IN_PROGRESS', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
  },
  'GET /v1/portfolios/:id/runs': {
    summary: 'Runs, newest first, each with its change summary and report files',
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioId,
    responses: { 200: envelope('portfolios.runs', z.object({ portfolio_id: z.string(), runs: z.array(PortfolioRunShape) })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/portfolios/:id/runs/:run/changes.json': {
    summary: "A run's change report against the previous run, as JSON",
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioRun,
    responses: { 200: file('application/json', 'The changes: per row, field, before, after and severity') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/portfolios/:id/runs/:run/changes.csv': {
    summary: "A run's change report as CSV",
    tags: ['Portfolios'],
    security: 'customer',
    params: portfolioRun,
    responses: { 200: file('text/csv', 'The changes, one per line') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  'GET /v1/portfolios/:id/runs/:run/webhook-deliveries': {
    summary: "Delivery attempts of a run's portfolio.changes webhook",
    tags: ['Webhooks'],
    security: 'customer',
    params: portfolioRun,
    responses: { 200: envelope('portfolios.webhook_deliveries', WebhookDeliveriesShape.extend({ run_id: z.string() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
};

/** Admin answers are plain JSON objects (DESIGN.md §7), not the envelope. */
const plain = z.object({}).loose();
const ADMIN_ERRORS: readonly ErrorCode[] = ['AUTH_INVALID_KEY', 'INTERNAL_ERROR'];

const ADMIN_ROUTES: Record<string, RouteDoc> = {
  'POST /admin/v1/accounts': {
    summary: 'Open an account with a sandbox and a live key (shown once)',
    tags: ['Admin'],
    security: 'admin',
    body: CreateAccountRequest,
    bodyExamples: { opening: { summary: 'An account with 500 INR', value: { name: 'Acme Onboarding', balance_inr: 500 } } },
    responses: { 201: z.object({ account_id: z.string(), sandbox_key: z.string(), live_key: z.string() }) },
    errors: [...ADMIN_ERRORS, 'VALIDATION_FAILED'],
  },
  'GET /admin/v1/accounts/:id': { summary: 'An account, its wallet and rate limit', tags: ['Admin'], security: 'admin', params: accountId, responses: { 200: plain }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
  'PATCH /admin/v1/accounts/:id': {
    summary: "Set an account's rate limit per key per minute",
    tags: ['Admin'],
    security: 'admin',
    params: accountId,
    body: UpdateAccountRequest,
    responses: { 200: z.object({ account_id: z.string(), rate_limit_per_minute: z.number().int() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  'GET /admin/v1/accounts/:id/sandbox-clock': { summary: "An account's sandbox clock offset", tags: ['Admin'], security: 'admin', params: accountId, responses: { 200: plain }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
  'POST /admin/v1/accounts/:id/sandbox-clock': {
    summary: "Move an account's sandbox clock (drifting scenarios change with it)",
    tags: ['Admin'],
    security: 'admin',
    params: accountId,
    body: SandboxClockRequest,
    responses: { 200: plain },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  'GET /admin/v1/accounts/:id/reconcile': {
    summary: "Check one account's ledger: top-ups - commits = balance + open holds",
    tags: ['Admin'],
    security: 'admin',
    params: accountId,
    responses: { 200: plain },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND'],
  },
  'GET /admin/v1/reconcile': { summary: "Check every account's ledger", tags: ['Admin'], security: 'admin', responses: { 200: plain }, errors: ADMIN_ERRORS },
  'POST /admin/v1/accounts/:id/keys': {
    summary: 'Issue another key (shown once)',
    tags: ['Admin'],
    security: 'admin',
    params: accountId,
    body: IssueKeyRequest,
    responses: { 201: z.object({ key_id: z.string(), api_key: z.string() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  'DELETE /admin/v1/keys/:keyId': {
    summary: 'Revoke a key (it fails at once, in every API process)',
    tags: ['Admin'],
    security: 'admin',
    params: z.object({ keyId: z.string() }),
    responses: { 204: { description: 'Revoked' } },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND'],
  },
  'POST /admin/v1/accounts/:id/credits': {
    summary: "Top up an account's wallet (a repeated reference is credited once)",
    tags: ['Admin'],
    security: 'admin',
    params: accountId,
    body: CreditRequest,
    responses: { 200: z.object({ balance_inr: z.number(), duplicate: z.literal(true).optional() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  'GET /admin/v1/sources': { summary: 'Upstream sources: circuit state, in flight, recent errors', tags: ['Admin'], security: 'admin', responses: { 200: plain }, errors: ADMIN_ERRORS },
};

const OPEN_ROUTES: Record<string, RouteDoc> = {
  'GET /healthz': { summary: 'Liveness: the process answers', tags: ['Health'], security: 'none', responses: { 200: plain }, errors: [] },
  'GET /readyz': { summary: 'Readiness: Redis answers; a summary of source health', tags: ['Health'], security: 'none', responses: { 200: plain }, errors: ['INTERNAL_ERROR'] },
  'GET /metrics': {
    summary: 'Prometheus metrics (admin token)',
    tags: ['Admin'],
    security: 'admin',
    responses: { 200: file('text/plain', 'Prometheus text exposition format') },
    errors: ['AUTH_INVALID_KEY'],
  },
};

export const ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = { ...operationDocs(), ...CUSTOMER_ROUTES, ...ADMIN_ROUTES, ...OPEN_ROUTES };
