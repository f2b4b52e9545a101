/**
 * The `data` of the routes beyond the ten operations (wallet, bulk jobs, portfolios), as
 * docs/bulk.md, docs/portfolios.md and docs/money.md show them. They feed the OpenAPI document; the routes build the same fields.
 */
import { z } from 'zod';
import { KEY_FIELDS, ROW_OUTCOMES } from '../../domain/result-breakdown.js';
import { PORTFOLIO_OPERATIONS } from '../../domain/portfolio/operations.js';
import { JOB_WARNING_CODES } from '../../domain/job-warnings.js';

const isoTime = z.string().describe('ISO 8601 time');
const inr = (what: string) => z.number().describe(`${what}, in INR (paise precision)`);

export const WalletShape = z
  .object({
    environment: z.enum(['sandbox', 'live']).describe("Added: which wallet this is, the key's: sandbox keys spend the sandbox wallet, live keys the live one"),
    balance_inr: inr('Balance, open holds included'),
    held_inr: inr('Held by calls and jobs still running'),
    available_inr: inr('What new calls can spend: balance minus held'),
  })
  .meta({ id: 'Wallet' });

export const SandboxTopupShape = z
  .object({
    environment: z.literal('sandbox'),
    topped_up_inr: inr('Added by this top-up'),
    balance_inr: inr('The sandbox balance after it, open holds included'),
    held_inr: inr('Held by sandbox calls and jobs still running'),
    available_inr: inr('What new sandbox calls can spend'),
  })
  .meta({ id: 'SandboxTopup' });

export const LedgerPageShape = z
  .object({
    entries: z.array(
      z.object({
        id: z.string(),
        type: z.string().describe('topup, hold, commit or release; job for a bulk job or portfolio run under group=job'),
        amount_inr: inr('The amount of this entry; on a job line what its rows were charged (null once the job is past its retention)').nullable(),
        balance_inr: inr('Running balance after this entry; null on a job line, which spans the whole run').nullable(),
        reference: z.string().describe("The call's request_id, or the job and row, or the top-up reference"),
        at: isoTime.describe('ISO 8601 with +05:30'),
        operation: z.string().nullable().optional().describe("Added: the sync call's operation (gst.verify, business360, ...); on a job line the job's; null on other entries"),
        identifier: z
          .string()
          .nullable()
          .optional()
          .describe("Added: the identifier the sync call checked (GSTIN, CIN, LLPIN, PAN or DIN); null for a company search (it takes a name) and on other entries. A PAN holder's name is never stored"),
        job: z
          .object({
            job_id: z.string(),
            kind: z.enum(['bulk', 'portfolio_run']).nullable(),
            portfolio_id: z.string().nullable(),
            name: z.string().nullable(),
            status: z.string().nullable(),
            rows: z.number().int().nullable().describe('Rows in the job'),
            rows_ok: z.number().int().nullable().describe('Rows verified (the ones billed)'),
            held_inr: inr('Held when the job started'),
            charged_inr: inr('Charged for its rows so far').nullable(),
            released_inr: inr('Given back when it ended').nullable(),
            refunded_inr: inr("A failed job's charges given back (a top-up line of its own)").nullable(),
          })
          .nullable()
          .optional()
          .describe('Added, under group=job only: the job of a job line (figures null once the job is past its retention), null on other lines'),
      }),
    ),
    next_cursor: z.string().nullable().describe('Send as cursor for the next (older) page; null on the last page'),
  })
  .meta({ id: 'LedgerPage' });

export const BulkJobShape = z
  .object({
    job_id: z.string().regex(/^job_[0-9a-f]{20}$/),
    name: z.string(),
    operation: z.string(),
    portfolio_id: z.string().nullable().describe('The portfolio this job is a run of; null for an upload'),
    status: z
      .enum(['queued', 'running', 'completed', 'cancelled', 'failed'])
      .describe('completed, cancelled and failed are final, and come with finished_at'),
    cancelling: z
      .boolean()
      .describe(
        'A cancel was accepted and is being carried out: rows already with a source finish, the rest end cancelled. The job then ends cancelled, or completed when the cancel stopped no row',
      ),
    created_at: isoTime,
    started_at: isoTime.nullable(),
    finished_at: isoTime.nullable(),
    rows: z
      .object({
        total: z.number().int(),
        valid: z.number().int(),
        invalid: z.number().int().describe('Reported in the results, never queued or billed'),
        duplicates: z.number().int().describe('Identical requests answered from their first occurrence, billed once'),
        done: z.number().int(),
        ok: z.number().int(),
        not_found: z.number().int(),
        failed: z.number().int(),
        cancelled: z.number().int().describe('Rows a cancel stopped before they were verified; done = ok + not_found + failed + cancelled'),
      })
      .describe('Progress counts'),
    reserved_inr: inr('Held at intake: the most the job can cost'),
    charged_inr: inr('Committed for rows that succeeded'),
    released_inr: inr('Returned to the wallet; charged + released = reserved once finished'),
    failure_reason: z
      .string()
      .nullable()
      .describe('Addition: why a failed job failed (for example its result files could not be written in the time allowed); null otherwise'),
    refunded_inr: inr('Addition: what a failed job\'s rows had been charged and was given back in one credit, because their results could not be kept; 0 otherwise'),
    eta_seconds: z.number().int().nullable().describe('Estimated seconds to finish; null until rows have been verified'),
    results: z
      .object({ csv: z.string(), jsonl: z.string(), xlsx: z.string(), suppliers_csv: z.string().optional(), suppliers_xlsx: z.string().optional() })
      .nullable()
      .describe('Result file paths, once finished (xlsx: the same rows as a workbook; suppliers_csv and suppliers_xlsx: an itc.check job\'s suppliers, added in issue 29)'),
    breakdown: z
      // Every outcome as a property (a record keyed by the enum documents `required` names without properties).
      .object({ outcome: z.strictObject(Object.fromEntries(ROW_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<(typeof ROW_OUTCOMES)[number], z.ZodNumber>) })
      .catchall(z.record(z.string(), z.number().int()))
      .nullable()
      .describe(
        `Addition (issue 28): the rows counted by outcome (${ROW_OUTCOMES.join(', ')}; a duplicate counts as duplicate, not under its first row's status, so the counts add up to rows.total) and, for ${keyFieldList()}, by that field's value, e.g. {"outcome": {"ok": 97, …}, "status": {"Active": 75, "Cancelled": 16, "Suspended": 6}}. Counted once when the results are written; null before (and for jobs finished before this version)`,
      ),
    retry_of: z.string().nullable().describe('Addition (issue 28): the job whose failed rows this job retries (POST /v1/bulk/jobs/{id}/retry); null otherwise'),
    retried_by: z.string().nullable().describe("Addition (issue 28): the job that retried this job's failed rows; null until one did"),
    warnings: z
      .array(z.object({ code: z.enum(JOB_WARNING_CODES), message: z.string() }))
      .describe(
        "Addition (issue 28): what the upload was read as, where it differs from a plain UTF-8 CSV with the API's column names: ENCODING_WINDOWS_1252 (the file was not UTF-8 and was read as Windows-1252: check names with accents), COLUMN_GUESSED (no header named an identifier column; the one holding them was used), HEADER_MISSING (the first line was data), COLUMN_AMBIGUOUS (two columns could be an optional column such as name; neither was used), IDENTIFIERS_SEVERAL (rows with more than one identifier filled, e.g. a GSTIN and a PAN in a business360 job, were verified and billed by the first in the order gstin, cin, pan). At most 10; [] when none",
      ),
  })
  .meta({ id: 'BulkJob' });

/** "status (gst.verify: data.status), …": the key fields the breakdown and the results filter use. */
function keyFieldList(): string {
  return Object.entries(KEY_FIELDS)
    .map(([operation, field]) => `${operation} its ${field!.name} (${field!.path})`)
    .join(', ');
}

/** A page of GET /v1/bulk/jobs/{id}/results. */
export const ResultRowsPageShape = z.object({
  job_id: z.string(),
  key_field: z
    .object({ name: z.string(), fine_value: z.string() })
    .nullable()
    .describe("The operation's key field (what field= filters and the breakdown counts) and its value that is no problem; null for an operation without one"),
  rows: z
    .array(
      z
        .object({
          row: z.number().int(),
          input: z.object({}).loose(),
          status: z.enum(['ok', 'not_found', 'failed', 'invalid', 'cancelled']),
          data: z.unknown(),
          error: z.object({ code: z.string(), message: z.string() }).nullable(),
          charged_inr: z.number(),
          duplicate_of: z.number().int().optional().describe('Addition: set on a row repeating an earlier row, which it rode on (verified and billed once, with that row)'),
        })
        .loose(),
    )
    .describe('Result rows in input order, each exactly as its line of results.jsonl'),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});

export const JobCreatedShape = z.object({
  job_id: z.string(),
  status: z.string(),
  rows: z
    .object({
      total: z.number().int().describe('Every data row: valid + invalid'),
      valid: z.number().int().describe('Rows whose request validated, duplicates included'),
      invalid: z.number().int(),
      duplicates: z.number().int().describe('Valid rows repeating an earlier row: verified and billed once, with it'),
    })
    .describe('Row counts found at intake'),
  reserved_inr: inr('Held for the job'),
}).loose();

export const WebhookDeliveriesShape = z
  .object({
    webhook_url: z.string().nullable(),
    attempts: z.array(z.object({}).loose()).describe('Each delivery attempt: time, HTTP status or error, next retry'),
  })
  .loose();

const ScheduleShape = z.object({
  every: z.enum(['daily', 'weekly', 'monthly']).nullable(),
  cron: z.string(),
  tz: z.string(),
});

export const PortfolioShape = z
  .object({
    portfolio_id: z.string().regex(/^pf_[0-9a-f]{20}$/),
    name: z.string(),
    operation: z.enum(PORTFOLIO_OPERATIONS),
    schedule: ScheduleShape,
    next_run_at: isoTime.nullable(),
    webhook_url: z.string().nullable(),
    rows: z.number().int().describe('Rows in the portfolio'),
    created_at: isoTime,
    last_run: z
      .object({ run_id: z.string(), status: z.string(), cancelling: z.boolean().describe("As the run's job says"), created_at: isoTime, finished_at: isoTime.nullable() })
      .nullable(),
    skipped_runs: z.array(z.object({ at: isoTime, code: z.string().describe('The error code that stopped it'), message: z.string() })).describe('Scheduled runs that could not start, newest first (at most 10)'),
  })
  .meta({ id: 'Portfolio' });

export const PortfolioRunShape = z
  .object({
    run_id: z.string(),
    status: z.string(),
    cancelling: z.boolean().describe("As the run's job says: a cancel is being carried out"),
    created_at: isoTime,
    finished_at: isoTime.nullable(),
    charged_inr: inr('Charged for the run'),
    job: BulkJobShape,
    changes: z
      .object({ rows: z.number().int(), changed: z.number().int(), new_high_severity: z.number().int(), previous_run_id: z.string().nullable() })
      .nullable()
      .describe('Change summary against the previous completed run; null until the report is written'),
    files: z.object({ json: z.string(), csv: z.string(), xlsx: z.string() }).nullable(),
  })
  .meta({ id: 'PortfolioRun' });

/** One line of a run's change report (changes.json is an array of these, not an envelope). */
export const PortfolioChangeShape = z
  .strictObject({
    identifier: z.string(),
    vendor_name: z
      .string()
      .nullable()
      .describe("Added: the supplier's name from the row's own columns (a header such as vendor_name, Vendor Name, Supplier Name, Party Name, name); null when the row has none"),
    vendor_code: z.string().nullable().describe("Added: the supplier's code from the row's own columns (vendor_code, Vendor Code, Supplier Code, Party Code); null when the row has none"),
    check: z.string().describe('The operation or check the change was found by'),
    field: z.string().describe('The field path, for programs: gst_status, periods.2026-10.gstr3b, directors.09900032.din_status, risk.level, ...'),
    description: z.string().describe('Added: the change as one plain sentence, dates as 30 Nov 2026 ("GSTR-3B for Oct 2026 not filed", "Director 09900032 disqualified")'),
    before: z.string().nullable(),
    after: z.string().nullable(),
    severity: z.enum(['low', 'medium', 'high']),
    detected_at: isoTime,
  })
  .meta({ id: 'PortfolioChange' });
