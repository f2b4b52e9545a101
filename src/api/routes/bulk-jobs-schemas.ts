/** The schemas of the bulk job and webhook routes (bulk-jobs.ts registers both) (docs/bulk.md; its "Webhooks"). */
import { z } from 'zod';
import type { BulkOperationName } from '../../domain/operations.js';
import { ACCEPTED_BULK_OPERATIONS } from '../../bulk/intake/row-request.js';
import { JobListQuery, JsonJobRequest } from '../schemas/bulk-requests.js';
import { BulkJobShape, JobCreatedShape, ResultRowsPageShape, WebhookDeliveriesShape } from '../schemas/resource-shapes.js';
import { KEY_FIELDS, ROW_OUTCOMES } from '../../domain/result-breakdown.js';
import { ResultRowsQuery, SCAN_LINES } from '../../bulk/result-rows.js';
import { SupplierRowsQuery } from '../../bulk/supplier-rows.js';
import { COLUMNS_PARAM_DESCRIPTION } from '../../bulk/intake/header-columns.js';
import { COMMON_ERRORS } from '../openapi/error-responses.js';
import { envelope, file, type RouteDoc } from '../openapi/route-doc.js';
import { sandboxGstRows } from '../openapi/sandbox-examples.js';

const jobId = z.object({ id: z.string().regex(/^job_[0-9a-f]{20}$/).describe('The job id from the upload answer') });
const BULK_OPERATIONS = [...ACCEPTED_BULK_OPERATIONS] as BulkOperationName[];
/** "status for gst.verify (data.status), …". */
const keyFields = (): string =>
  Object.entries(KEY_FIELDS)
    .map(([operation, field]) => `${field!.name} for ${operation} (${field!.path})`)
    .join(', ');

const VERDICT = z.enum(['eligible', 'at_risk', 'reverse', 'blocked', 'unknown']);
const verdictCounts = z.object({ eligible: z.number().int(), at_risk: z.number().int(), reverse: z.number().int(), blocked: z.number().int(), unknown: z.number().int() }).describe('Invoices per verdict');
const SupplierPageShape = z.object({
  job_id: z.string(),
  totals: z.object({
    suppliers: z.number().int(),
    suppliers_needing_action: z.number().int().describe('Suppliers with tax at risk, or whose checks were not delivered'),
    invoices: z.number().int(),
    tax_inr: z.number(),
    tax_at_risk_inr: z.number(),
    earliest_deadline: z.string().nullable().describe('The earliest action date over every supplier (YYYY-MM-DD)'),
    verdicts: verdictCounts,
    charged_inr: z.number(),
  }).describe("The whole job's totals, the same on every page"),
  suppliers: z.array(z.object({
    rank: z.number().int().describe('1 for the most tax at risk'),
    gstin: z.string(),
    name: z.string(),
    invoices: z.number().int(),
    tax_inr: z.number(),
    tax_at_risk_inr: z.number(),
    worst_verdict: VERDICT.nullable().describe('null when no invoice was judged (the checks were not delivered)'),
    earliest_deadline: z.string().nullable(),
    verdicts: verdictCounts,
    gst_status: z.string(),
    taxpayer_type: z.string(),
    filing_frequency: z.string(),
    check_status: z.string().describe('ok, not_found, failed or cancelled'),
    error_message: z.string(),
    charged_inr: z.number(),
  })),
  next_cursor: z.string().nullable(),
});

export const BULK_JOB_SCHEMAS = {
  createBulkJob: {
    operationId: 'createBulkJob',
    summary: 'Start a bulk job from a CSV upload or JSON rows',
    description:
      'multipart/form-data with parts operation, file (the CSV; a header row naming the identifier columns), and optional name and webhook_url; or JSON {operation, rows, name?, webhook_url?}. The maximum cost is held at intake (402 and nothing queued when short); invalid rows are reported in the results and never billed; identical requests are verified and billed once. 429 RATE_LIMITED (with Retry-After) when the account is at a quota: BV_MAX_OPEN_JOBS_PER_ACCOUNT unfinished jobs (default 20), or its stored job files at BV_MAX_RESULT_BYTES_PER_ACCOUNT bytes; nothing is held, queued or kept.',
    tags: ['Bulk jobs'],
    auth: 'customer',
    querystring: z.object({
      operation: z.enum(BULK_OPERATIONS).optional().describe('The operation, when not sent as a form field (multipart) or in the JSON body; sent in both, they must be the same'),
      columns: z.string().optional().describe(`${COLUMNS_PARAM_DESCRIPTION} For multipart uploads only.`),
      sheet: z.string().optional().describe('For an .xlsx upload: the worksheet to read, by its tab name (hidden ones too); without it, the first visible worksheet with a header row.'),
    }),
    body: JsonJobRequest,
    bodyExamples: {
      'gst-verify-rows': { summary: 'Sandbox GSTINs as JSON rows', value: { operation: 'gst.verify', rows: sandboxGstRows() } },
    },
    multipart: {
      type: 'object',
      properties: {
        operation: {
          type: 'string',
          description: 'The operation every row is verified with (or ?operation= in the query, not both unless the same); send it before the file',
          enum: BULK_OPERATIONS,
          examples: ['gst.verify'],
        },
        file: { type: 'string', contentMediaType: 'text/csv', description: "The CSV, or an Excel workbook (.xlsx, known by its bytes: see ?sheet= and docs/bulk.md 'Excel files'; a legacy .xls or a password-protected workbook is a 400 saying what to do): a header row naming the identifier columns (gstin, pan, cin, llpin, din, name, or an ERP's name for them such as GSTIN/UIN, GSTIN No., PAN/IT No.; see docs/bulk.md 'Column names'), or ?columns=; other columns are carried into the results. Separated by comma, semicolon, tab or | (found from the header line, or Excel's sep= line); UTF-8 with or without BOM, UTF-16 with a BOM (Excel's Unicode Text), or Windows-1252 (read so when the bytes are not UTF-8, with a job warning). When no header names an identifier column, the one column whose first 50 rows hold mostly valid identifiers is used, with a job warning." },
        name: { type: 'string', description: 'A name for the job (default: the file name)', examples: ['vendors'] },
        webhook_url: { type: 'string', format: 'uri', description: 'Where to POST the signed bulk.job.completed event' },
      },
      required: ['file'],
    },
    response: { 202: envelope('bulk.create', JobCreatedShape).describe('Accepted: the job is queued') },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED', 'WALLET_INSUFFICIENT_BALANCE', 'PAYLOAD_TOO_LARGE'],
  },
  listBulkJobs: {
    operationId: 'listBulkJobs',
    summary: "The account's bulk jobs, newest first",
    description:
      "The jobs made with this key's environment (sandbox or live). Page with limit (at most 100, the default) and cursor: pass next_cursor as cursor for the next page; it is null on the last. The next page follows even when the cursor's job has expired since.",
    tags: ['Bulk jobs'],
    auth: 'customer',
    querystring: JobListQuery,
    response: { 200: envelope('bulk.list', z.object({ jobs: z.array(BulkJobShape), next_cursor: z.string().nullable() })) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
  getBulkJob: {
    operationId: 'getBulkJob',
    summary: 'A bulk job: status, progress counts, ETA and money',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: envelope('bulk.get', BulkJobShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  cancelBulkJob: {
    operationId: 'cancelBulkJob',
    summary: 'Cancel a bulk job: queued rows stop and the rest of the hold is released',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: envelope('bulk.cancel', BulkJobShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  streamBulkJobEvents: {
    operationId: 'streamBulkJobEvents',
    summary: 'Live progress as Server-Sent Events',
    description: 'One `progress` event with the job (as GET /v1/bulk/jobs/{id} shows it) whenever it changes, then a final event when it finishes; comments as heartbeats.',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('text/event-stream', 'The event stream') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  downloadBulkJobResultsCsv: {
    operationId: 'downloadBulkJobResultsCsv',
    summary: 'The result file as CSV, one row per input row in input order',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('text/csv', 'The results (cells that could start a formula are escaped)') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  downloadBulkJobResultsXlsx: {
    operationId: 'downloadBulkJobResultsXlsx',
    summary: 'The result file as an Excel workbook: results.csv\'s rows and cells (added in issue 28)',
    description:
      'One sheet, Results: the same columns, rows and cells as results.csv, except that a cell results.csv escapes with a leading quote keeps its own text here and has Excel\'s quote-prefix style (quotePrefix), so it stays text, also when edited; the header bold, frozen and with an autofilter; every cell text in the text format (an identifier keeps its leading zeros and never turns into a number) except row, charged_inr and duplicate_of, which are numbers (charged_inr to two decimals). Rows someone should look at are filled light red (filter by colour): any outcome but ok, or a record whose key field is not fine (a GSTIN or company not Active, a Business360 risk not low, a PAN not valid). Excel holds 1,048,576 rows: a larger job\'s sheet ends with a row saying the rest are in results.csv. A job finished before this file existed answers 404: its results.csv has the same rows.',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The results as a workbook') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  downloadBulkJobSuppliersCsv: {
    operationId: 'downloadBulkJobSuppliersCsv',
    summary: "An itc.check job's suppliers: one line per supplier, ranked by tax at risk (added in issue 29)",
    description:
      'For a purchase register (operation itc.check) only; any other job answers 404. Per distinct supplier: gstin, name, invoices, tax_inr, tax_at_risk_inr, worst_verdict, earliest_deadline, the count of invoices per verdict, gst_status, taxpayer_type, filing_frequency, check_status (ok, not_found, failed or cancelled: whether its GST Verify and GST Returns were delivered), error_message and charged_inr (₹1.75 once per supplier checked). Added up from the invoice rows of results.csv, sorted by tax_at_risk_inr then tax_inr, most first. UTF-8 with a byte order mark, CRLF, as results.csv.',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('text/csv', 'The suppliers (cells that could start a formula are escaped)') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  listBulkJobSuppliers: {
    operationId: 'listBulkJobSuppliers',
    summary: "An itc.check job's suppliers as JSON, ranked by tax at risk, paged, with totals (added in issue 29)",
    description:
      "For a purchase register (operation itc.check) only; any other job answers 404. The lines of suppliers.csv as JSON (exact values: no formula escaping), each with its rank, the count of invoices per verdict in verdicts, and the job's totals on every page. Page with limit (1 to 100, default 50) and cursor = the previous page's next_cursor (null on the last page); a cursor holds the byte where its page starts, so a page reads only its own suppliers. A cursor of another job, or one altered, is a 400 naming cursor. Before the job has its results: 409 RESULTS_NOT_READY with Retry-After. A supplier's invoices: GET /v1/bulk/jobs/{id}/results?q=<gstin>.",
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    querystring: SupplierRowsQuery,
    response: { 200: envelope('bulk.suppliers', SupplierPageShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'RESULTS_NOT_READY'],
  },
  downloadBulkJobSuppliersXlsx: {
    operationId: 'downloadBulkJobSuppliersXlsx',
    summary: "suppliers.csv as an Excel workbook (added in issue 29)",
    description: 'One sheet, Suppliers: the same columns and rows as suppliers.csv; counts and rupee amounts are numbers; suppliers with tax at risk, or whose checks were not delivered, are filled light red.',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The suppliers as a workbook') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  downloadBulkTemplate: {
    operationId: 'downloadBulkTemplate',
    summary: 'An upload template for an operation: {operation}.csv or {operation}.xlsx (added in issue 28)',
    description:
      `The columns the operation reads (its identifiers first, then its optional columns) and one example row per identifier it takes, each a sandbox scenario's identifier, so the template uploaded with a sandbox key verifies as it is. The .xlsx template's columns are in the text format, so identifiers typed or pasted into it keep their leading zeros. Free, for any key. file is one of ${BULK_OPERATIONS.map((name) => `${name}.csv`).join(', ')} or the same with .xlsx; anything else is a 404.`,
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: z.object({ file: z.string().describe('{operation}.csv or {operation}.xlsx, e.g. gst.verify.xlsx') }),
    response: { 200: file('text/csv', 'The template as CSV (UTF-8 with a byte order mark, CRLF), or as a workbook for .xlsx') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  downloadBulkJobResultsJsonl: {
    operationId: 'downloadBulkJobResultsJsonl',
    summary: 'The result file as JSON lines, one per input row in input order',
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 200: file('application/x-ndjson', 'The results') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  listBulkJobResults: {
    operationId: 'listBulkJobResults',
    summary: "A finished job's result rows, filtered and paged (added in issue 28)",
    description:
      `The rows of results.jsonl in input order, each exactly as its line there, without downloading the file. Filters (all optional, combined with AND): outcome (${ROW_OUTCOMES.join(', ')}; duplicate = a row repeating an earlier one, marked duplicate_of; the others are the row's status), field and value (the operation's key field: ${keyFields()}; field and value in any case), problems=true (rows someone should look at: any outcome but ok, or a record whose key field is not its fine value: a GSTIN or company not Active, a Business360 risk not low, a PAN not valid; a duplicate counts as its first row), q (a search of the row's input cells and the record's names: legal, trade, registered or company name, ignoring case and Latin accents on both sides: cafe finds Café). Page with limit (1 to ${100}, default 50) and cursor = the previous page's next_cursor (null on the last page). A cursor holds the byte offset in results.jsonl where its page starts, so each page reads from there; a page reads at most ${SCAN_LINES.toLocaleString('en-US')} lines, so with a rare filter a page may hold fewer rows than limit, even none, while next_cursor leads on: follow it until it is null. A cursor of another job, or one altered, is a 400 naming cursor. Before the job has its results: 409 RESULTS_NOT_READY with Retry-After, as the downloads.`,
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    querystring: ResultRowsQuery,
    response: { 200: envelope('bulk.results.rows', ResultRowsPageShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'RESULTS_NOT_READY'],
  },
  retryBulkJob: {
    operationId: 'retryBulkJob',
    summary: "Retry a finished job's failed rows as a new job (added in issue 28)",
    description:
      "Makes a new job of the rows that ended failed (their source unavailable or timing out after every attempt; also rows a broken chunk left failed), with their original row numbers, input cells and the job's webhook_url, and each failed row's duplicates riding on it again. It is held, billed, queued and limited as an upload (402 when the wallet cannot hold it, 429 at the account's quotas) and answers as POST /v1/bulk/jobs does, with retry_of. The two jobs are linked: the new one's retry_of, the old one's retried_by. A job's failed rows are retried once: a second retry is a 400 naming the retry job (retry that one's failed rows instead); an Idempotency-Key replays the first answer. 409 RUN_IN_PROGRESS (with Retry-After) while the job is still queued or running; 400 when it has no failed rows (not_found and invalid rows are answers, never retried); the new job is named '<name> (retry of failed rows)', then '<name> (retry 2 of failed rows)', and so on; 404 for a job that failed before it had results.",
    tags: ['Bulk jobs'],
    auth: 'customer',
    params: jobId,
    response: { 202: envelope('bulk.retry', JobCreatedShape.extend({ retry_of: z.string() })).describe('Accepted: the retry job is queued') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'RUN_IN_PROGRESS', 'WALLET_INSUFFICIENT_BALANCE'],
  },
  listBulkJobWebhookDeliveries: {
    operationId: 'listBulkJobWebhookDeliveries',
    summary: "Delivery attempts of the job's completion webhook",
    tags: ['Webhooks'],
    auth: 'customer',
    params: jobId,
    response: { 200: envelope('bulk.webhook_deliveries', WebhookDeliveriesShape.extend({ job_id: z.string() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  getWebhookSecret: {
    operationId: 'getWebhookSecret',
    summary: "The account's webhook signing secret",
    tags: ['Webhooks'],
    auth: 'customer',
    response: { 200: envelope('webhooks.secret', z.object({ secret: z.string() })) },
    errors: COMMON_ERRORS,
  },
  rotateWebhookSecret: {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the webhook signing secret (the old one stops signing at once)',
    tags: ['Webhooks'],
    auth: 'customer',
    response: { 200: envelope('webhooks.secret.rotate', z.object({ secret: z.string() })) },
    errors: COMMON_ERRORS,
  },
} satisfies Record<string, RouteDoc>;
