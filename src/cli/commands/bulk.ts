import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { breakdownText } from '../../console/public/js/format.js';
import type { OperationName } from '../../domain/operations.js';
import { KEY_FIELDS } from '../../domain/result-breakdown.js';
import type { paths } from '../api-types.js';
import type { Context, Session } from '../context.js';
import { CliError, EXIT, UsageError } from '../exit-codes.js';
import { followJob, getJob } from '../follow-job.js';
import { endedCleanly, rowsToVerify, type JobStatus } from '../job.js';
import { inr, keyValues, table, text, when, type Output } from '../output.js';
import { positiveInt } from '../parse.js';
import { ProgressReporter } from '../progress.js';
import { AS_FILE, type FileAnswer, type ServiceClient } from '../service-client.js';
import { fileSize, uploadFile } from '../upload-file.js';

type Format = 'csv' | 'jsonl' | 'xlsx';
type UploadForm = paths['/v1/bulk/jobs']['post']['requestBody']['content']['multipart/form-data'];
type ResultsQuery = NonNullable<paths['/v1/bulk/jobs/{id}/results']['get']['parameters']['query']>;


/** A result row's record, when it has one (the document leaves its shape to the operation). */
const recordOf = (data: unknown): Record<string, unknown> | null => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null);
const formatOption = () => new Option('--format <format>', 'result file format: csv, jsonl, or xlsx (Excel)').choices(['csv', 'jsonl', 'xlsx']).default('csv');
/** Files the API writes as CSV or Excel only (templates, an itc.check job's suppliers). */
const tableFormatOption = () => new Option('--format <format>', 'csv, or xlsx (Excel)').choices(['csv', 'xlsx']).default('csv');

/** `vendors.csv` or `tally.xlsx` → `vendors.results.csv` or `tally.results.csv`, beside it. */
export function resultsPathFor(input: string, format: Format): string {
  const parsed = path.parse(input);
  return path.join(parsed.dir, `${parsed.name}.results.${format}`);
}

/** Fails before anything is uploaded (and billed) if the results could not be written. */
async function checkWritable(file: string): Promise<void> {
  try {
    await access(path.dirname(path.resolve(file)), constants.W_OK);
  } catch {
    throw new UsageError(`Cannot write ${file}: its folder does not exist or is not writable`);
  }
}

/**
 * An itc.check job verifies each distinct supplier once and judges every valid invoice row against
 * it: its "duplicates" are a supplier's later invoices, judged all the same, and its progress
 * counts suppliers (docs/itc-check.md "Bulk").
 */
const isItc = (operation: string): boolean => operation === 'itc.check';

function itcRows(r: Pick<JobStatus['rows'], 'valid' | 'invalid' | 'duplicates'>): string {
  return `${r.valid} valid invoice(s) of ${Math.max(0, r.valid - r.duplicates)} supplier(s), ${r.invalid} invalid`;
}

function jobSummary(job: JobStatus): string {
  const r = job.rows;
  if (isItc(job.operation)) {
    const notJudged = r.invalid > 0 ? `; ${r.invalid} invalid row(s) not judged` : '';
    return `${r.ok} ok, ${r.not_found} not found, ${r.failed} failed of ${rowsToVerify(job)} supplier(s), for ${r.valid} invoice(s)${notJudged}`;
  }
  const skipped = r.invalid + r.duplicates > 0 ? `; ${r.invalid} invalid and ${r.duplicates} duplicate row(s) not verified` : '';
  const cancelled = (r.cancelled ?? 0) > 0 ? `, ${r.cancelled} cancelled` : '';
  return `${r.ok} ok, ${r.not_found} not found, ${r.failed} failed${cancelled} of ${rowsToVerify(job)}${skipped}`;
}

/** The operation's key field and the value that is fine (src/domain/result-breakdown.ts), for the breakdown's words. */
function keyFieldOf(operation: string): { name: string; fine_value: string } | null {
  const field = KEY_FIELDS[operation as OperationName];
  return field === undefined ? null : { name: field.name, fine_value: field.fine };
}

/**
 * The breakdown in the console's words (one shared function): "97 verified · 1 not found" and,
 * of the key field, what is not fine, "16 cancelled, 6 suspended". Empty before the results.
 */
function breakdownPairs(job: JobStatus): [string, string][] {
  if (!job.breakdown) return [];
  const keyField = keyFieldOf(job.operation);
  const words = breakdownText(job.breakdown, keyField);
  const keyName = keyField?.name ?? Object.keys(job.breakdown).find((name) => name !== 'outcome');
  const pairs: [string, string][] = [['outcomes', words.outcomes === '' ? '—' : words.outcomes]];
  if (words.key !== null) pairs.push([`by ${keyName ?? 'key field'}`, words.key]);
  return pairs;
}

/** What the intake read differently (a guessed column, a Windows-1252 file): each message, to check. */
const warningPairs = (job: JobStatus): [string, string][] => (job.warnings ?? []).map((w): [string, string] => ['warning', `${w.message} (${w.code})`]);

function retryPairs(job: JobStatus): [string, string][] {
  const pairs: [string, string][] = [];
  if (job.retry_of) pairs.push(['retry of', job.retry_of]);
  if (job.retried_by) pairs.push(['retried by', job.retried_by]);
  return pairs;
}

function statusPairs(job: JobStatus): [string, string][] {
  const r = job.rows;
  return [
    ['job', job.job_id],
    ['name', text(job.name)],
    ['operation', job.operation],
    ['status', job.cancelling === true ? `${job.status}, cancelling` : job.status],
    ['rows', isItc(job.operation) ? `${r.total} (${itcRows(r)})` : `${r.total} (${r.valid} valid, ${r.invalid} invalid, ${r.duplicates} duplicate)`],
    ['progress', `${r.done}/${rowsToVerify(job)} ${isItc(job.operation) ? 'suppliers ' : ''}done: ${r.ok} ok, ${r.not_found} not found, ${r.failed} failed`],
    ...breakdownPairs(job),
    ['money', `reserved ${inr(job.reserved_inr)}, charged ${inr(job.charged_inr)}, released ${inr(job.released_inr)}`],
    ['eta', job.status === 'running' ? (job.eta_seconds === null ? '—' : `${job.eta_seconds}s`) : '—'],
    ['created', when(job.created_at)],
    ['started', when(job.started_at)],
    ['finished', when(job.finished_at)],
    ['results', job.results ? Object.values(job.results).join(', ') : '—'],
    ...retryPairs(job),
    ...warningPairs(job),
  ];
}

/** Follows a job with progress on stderr (not with --json), stopping cleanly on Ctrl-C. */
export async function waitForJob(client: ServiceClient, out: Output, jobId: string): Promise<JobStatus> {
  const progress = out.jsonMode ? undefined : new ProgressReporter(out.io.stderr);
  const onInterrupt = () => {
    progress?.interrupt();
    out.error(`Stopped following ${jobId}; it keeps running. Follow it again with: bv bulk status ${jobId} --wait (then bv bulk download ${jobId})`);
    process.exit(EXIT.interrupted);
  };
  process.once('SIGINT', onInterrupt);
  try {
    const job = await followJob(client, jobId, { onUpdate: (status) => progress?.update(status) });
    progress?.finish(job);
    return job;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** A finished job that is not a full answer ends the command with exit code 4. */
export function exitForJob(job: JobStatus): void {
  if (!endedCleanly(job)) {
    throw new CliError(
      job.status === 'completed' ? `${job.rows.failed} row(s) of ${job.job_id} failed (see status and error_code in the results)` : `Job ${job.job_id} ended ${job.status}`,
      EXIT.jobIncomplete,
      'JOB_INCOMPLETE',
      true,
    );
  }
}

/** A job's results file (the links in job.results name these paths). */
const resultsFile = (client: ServiceClient, jobId: string, format: Format) =>
  client.key.GET(`/v1/bulk/jobs/{id}/results.${format}`, { params: { path: { id: jobId } }, ...AS_FILE });

async function download(ctx: Context, job: JobStatus, format: Format, dest: string): Promise<string | null> {
  if (job.results === null) return null;
  await ctx.client.download(resultsFile(ctx.client, job.job_id, format), dest);
  return dest;
}

/**
 * A file of the API to `dest`, or to stdout with `-`. Binary files (.xlsx) go to a terminal
 * only by mistake, and --json keeps stdout for JSON.
 */
async function save(ctx: Context, file: () => Promise<FileAnswer>, dest: string, binary: boolean): Promise<string | null> {
  const { out, client } = ctx;
  if (dest === '-') {
    if (out.jsonMode) throw new UsageError('--out - writes the file itself to stdout: leave out --json');
    if (binary && out.io.stdout.isTTY === true) throw new UsageError('An Excel file is not for a terminal: write it with --out <file>.xlsx, or redirect stdout');
    await client.download(file(), out.io.stdout);
    return null;
  }
  await checkWritable(dest);
  await client.download(file(), dest);
  return path.resolve(dest);
}

/** submit --wait and retry --wait: follow the job, download its results, say how it ended (exit 4 if not a full answer). */
async function followAndDownload(ctx: Context, jobId: string, format: Format, dest: string): Promise<void> {
  const { out, client } = ctx;
  const job = await waitForJob(client, out, jobId);
  const resultsPath = await download(ctx, job, format, dest);
  out.result({ job, results_path: resultsPath === null ? null : path.resolve(resultsPath) }, () => {
    out.line(`Job ${job.job_id} ${job.status}${job.retry_of ? ` (retry of ${job.retry_of})` : ''}: ${jobSummary(job)}.`);
    const [outcomes, byKey] = breakdownPairs(job);
    if (outcomes !== undefined) out.line(`Breakdown: ${outcomes[1]}${byKey === undefined ? '' : `; ${byKey[0]}: ${byKey[1]}`}.`);
    out.line(`Charged ${inr(job.charged_inr)}, released ${inr(job.released_inr)} of ${inr(job.reserved_inr)} held.`);
    for (const [, warning] of warningPairs(job)) out.line(`Warning: ${warning}`);
    out.line(resultsPath === null ? 'No results file: the job ended without one.' : `Results: ${resultsPath}`);
    if (resultsPath !== null && format !== 'xlsx' && job.results?.xlsx !== undefined) out.line(`As Excel: bv bulk download ${job.job_id} --format xlsx (${job.results.xlsx})`);
    if (job.results?.suppliers_csv !== undefined) out.line(`Suppliers ranked by tax at risk: bv bulk suppliers ${job.job_id} (${job.results.suppliers_csv})`);
  });
  exitForJob(job);
}

/** The intake's warnings, for a person who does not follow the job; none if the status cannot be read now. */
async function intakeWarnings(client: ServiceClient, jobId: string): Promise<[string, string][]> {
  try {
    return warningPairs(await getJob(client, jobId));
  } catch {
    return [];
  }
}

interface SubmitOptions {
  operation: string;
  name?: string;
  webhookUrl?: string;
  wait?: boolean;
  out?: string;
  format: Format;
  idempotencyKey?: string;
  columns?: string;
  sheet?: string;
}

async function submit(session: Session, file: string, options: SubmitOptions, command: Command): Promise<void> {
  const ctx = session.context(command);
  const { out, client } = ctx;
  const size = await fileSize(file);
  if (!options.wait && options.out !== undefined) throw new UsageError('--out is where --wait writes the results: add --wait, or download later with bv bulk download --out');
  const dest = options.out ?? resultsPathFor(file, options.format);
  if (options.wait) await checkWritable(dest);

  out.note(`Uploading ${file} (${size.toLocaleString('en-IN')} bytes) for ${options.operation}…`);
  const body = {
    // The operation as written: the API says which it does not know.
    operation: options.operation as UploadForm['operation'],
    name: options.name || undefined,
    webhook_url: options.webhookUrl || undefined,
    // Last: the API reads the fields before the file.
    file: await uploadFile(file),
  };
  const params = { query: { columns: options.columns, sheet: options.sheet }, header: { 'idempotency-key': options.idempotencyKey || undefined } };
  const created = (await client.call(client.key.POST('/v1/bulk/jobs', { params, body, ...client.multipart() }))).data;
  const r = created.rows;
  const counts = isItc(options.operation) ? `${r.total} rows: ${itcRows(r)}` : `${r.total} rows, ${r.valid} valid, ${r.invalid} invalid, ${r.duplicates} duplicate(s)`;
  const intake = `Job ${created.job_id} ${created.status}: ${counts}; ${inr(created.reserved_inr)} held.`;

  if (!options.wait) {
    const warnings = out.jsonMode ? [] : await intakeWarnings(client, created.job_id);
    out.result(created, () => {
      out.line(intake);
      for (const [, warning] of warnings) out.line(`Warning: ${warning}`);
      out.note(`Follow it: bv bulk status ${created.job_id} --wait`);
    });
    return;
  }
  out.note(intake);
  await followAndDownload(ctx, created.job_id, options.format, dest);
}

export function registerBulk(program: Command, session: Session): void {
  const bulk = program.command('bulk').description('bulk jobs: upload a CSV or .xlsx, follow it, download the results');

  bulk
    .command('submit <file>')
    .description('upload a CSV or an Excel workbook (.xlsx), streamed, as a bulk job; with --wait, follow it and download the results')
    .requiredOption('--operation <api>', 'the operation for every row: gst.verify, gst.returns, pan.verify, mca.company, business360, …')
    .option('--name <name>', 'a name for the job (default: the file name)')
    .option('--webhook-url <url>', 'POST the finished job to this URL (signed)')
    .option('--columns <mapping>', 'which header is which column, as ?columns= takes it: gstin:Vendor Tax ID (pairs separated by commas)')
    .option('--sheet <name>', 'the worksheet of an .xlsx to read (default: the first visible one with a header)')
    .option('--wait', 'follow progress until the job ends, then download its results')
    .option('-o, --out <path>', 'where --wait writes the results (default: beside the input, tally.xlsx → tally.results.csv)')
    .addOption(formatOption())
    .option('--idempotency-key <key>', 'a retried upload with the same key returns the same job and creates nothing')
    .action((file: string, options: SubmitOptions, command: Command) => submit(session, file, options, command));

  bulk
    .command('status <job>')
    .description('a job\'s status, counts, money and ETA')
    .option('--wait', 'follow progress until the job ends (exit 4 if it did not end cleanly)')
    .action(async (jobId: string, options: { wait?: boolean }, command: Command) => {
      const { out, client } = session.context(command);
      const job = options.wait ? await waitForJob(client, out, jobId) : await getJob(client, jobId);
      out.result(job, () => out.line(keyValues(statusPairs(job))));
      if (options.wait) exitForJob(job);
    });

  bulk
    .command('list')
    .description('the account\'s jobs, newest first')
    .option('--limit <n>', 'jobs per page (1-100, default 100)', positiveInt('--limit'))
    .option('--cursor <cursor>', 'the next page, from a previous page')
    .action(async (options: { limit?: number; cursor?: string }, command: Command) => {
      const { out, client } = session.context(command);
      const page = (await client.call(client.key.GET('/v1/bulk/jobs', { params: { query: { limit: options.limit, cursor: options.cursor } } }))).data;
      const { jobs } = page;
      // On stderr, so --json still prints the jobs alone.
      if (page.next_cursor) out.note(`More: bv bulk list${options.limit === undefined ? '' : ` --limit ${options.limit}`} --cursor ${page.next_cursor}`);
      out.result(jobs, () => {
        if (jobs.length === 0) return out.line('No bulk jobs yet.');
        out.line(
          table(
            ['JOB', 'STATUS', 'OPERATION', 'ROWS', 'DONE', 'OK', 'NOT FOUND', 'FAILED', 'CHARGED', 'CREATED', 'NAME'],
            jobs.map((job) => [
              job.job_id,
              job.status,
              job.operation,
              String(job.rows.total),
              `${job.rows.done}/${rowsToVerify(job)}`,
              String(job.rows.ok),
              String(job.rows.not_found),
              String(job.rows.failed),
              inr(job.charged_inr),
              when(job.created_at),
              text(job.name),
            ]),
          ),
        );
      });
    });

  bulk
    .command('cancel <job>')
    .description('cancel a job: queued rows end cancelled, unbilled; the rest of the hold is released')
    .action(async (jobId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const job = (await client.call(client.key.POST('/v1/bulk/jobs/{id}/cancel', { params: { path: { id: jobId } } }))).data;
      out.result(job, () =>
        out.line(
          job.cancelling === true
            ? `Cancelling ${job.job_id}: ${job.rows.done}/${rowsToVerify(job)} rows done; rows already with a source finish, the rest end cancelled.`
            : `Cancellation of ${job.job_id} requested: it is ${job.status}, ${job.rows.done}/${rowsToVerify(job)} rows done.`,
        ),
      );
    });

  bulk
    .command('results <job>')
    .description('a finished job\'s result rows, filtered, a page at a time (GET /v1/bulk/jobs/{id}/results)')
    .addOption(new Option('--outcome <outcome>', 'only rows with this outcome').choices(['ok', 'not_found', 'failed', 'invalid', 'cancelled', 'duplicate']))
    .option('--field <field>', 'the operation\'s key field to filter by (status, level or valid), with --value')
    .option('--value <value>', 'the key field\'s value, any case (e.g. cancelled)')
    .option('--problems', 'only rows that need a look: not ok, or a key field that is not fine')
    .option('--q <text>', 'search the input cells and the names')
    .option('--limit <n>', 'rows per page (1-100, default 50)', positiveInt('--limit'))
    .option('--cursor <cursor>', 'the next page, from a previous page')
    .action(async (jobId: string, options: { outcome?: string; field?: string; value?: string; problems?: boolean; q?: string; limit?: number; cursor?: string }, command: Command) => {
      const { out, client } = session.context(command);
      const query = {
        outcome: options.outcome as ResultsQuery['outcome'],
        field: options.field,
        value: options.value,
        problems: options.problems ? ('true' as const) : undefined,
        q: options.q,
        limit: options.limit,
        cursor: options.cursor,
      };
      const page = (await client.call(client.key.GET('/v1/bulk/jobs/{id}/results', { params: { path: { id: jobId }, query } }))).data;
      if (page.next_cursor) out.note(`More: bv bulk results ${jobId} … --cursor ${page.next_cursor}`);
      out.result(page.rows, () => {
        if (page.rows.length === 0) return out.line(page.next_cursor ? 'No matching rows on this page; there are more.' : 'No matching rows.');
        const key = page.key_field?.name;
        const keyOf = (data: Record<string, unknown> | null): string => {
          if (key === undefined || data === null) return '';
          const value = key === 'level' ? (data.summary as { risk?: { level?: string } } | undefined)?.risk?.level : data[key];
          return value === undefined || value === null ? '' : String(value);
        };
        const name = (data: Record<string, unknown> | null): string => String(data?.legal_name ?? data?.name ?? data?.registered_name ?? data?.company_name ?? data?.supplier_name ?? '');
        out.line(
          table(
            ['ROW', 'OUTCOME', ...(key === undefined ? [] : [key.toUpperCase()]), 'INPUT', 'NAME', 'ERROR'],
            page.rows.map((r) => [
              String(r.row),
              r.duplicate_of === undefined ? r.status : `duplicate of ${r.duplicate_of}`,
              ...(key === undefined ? [] : [keyOf(recordOf(r.data))]),
              text(Object.values(r.input).map(String).join(' ')),
              text(name(recordOf(r.data))),
              text(r.error?.message ?? ''),
            ]),
          ),
        );
      });
    });

  bulk
    .command('retry <job>')
    .description('a new job of a finished job\'s failed rows, held and billed as any job')
    .option('--idempotency-key <key>', 'send again with the same key to get the same job, not a second one')
    .option('--wait', 'follow the new job until it ends, then download its results (as submit --wait)')
    .option('-o, --out <path>', 'where --wait writes the results (default: <new job>.results.<format>)')
    .addOption(formatOption())
    .action(async (jobId: string, options: { idempotencyKey?: string; wait?: boolean; out?: string; format: Format }, command: Command) => {
      const ctx = session.context(command);
      const { out, client } = ctx;
      if (!options.wait && options.out !== undefined) throw new UsageError('--out is where --wait writes the results: add --wait, or download later with bv bulk download --out');
      // The folder is checked before the retry is held and billed (the new job's id is not known yet).
      if (options.wait) await checkWritable(options.out ?? `${jobId}.results.${options.format}`);
      const header = { 'idempotency-key': options.idempotencyKey || undefined };
      const created = (await client.call(client.key.POST('/v1/bulk/jobs/{id}/retry', { params: { path: { id: jobId }, header } }))).data;
      const line = `Job ${created.job_id} ${created.status}: retries ${created.rows.total} failed row(s) of ${created.retry_of}; ${inr(created.reserved_inr)} held.`;
      if (options.wait) {
        out.note(line);
        await followAndDownload(ctx, created.job_id, options.format, options.out ?? `${created.job_id}.results.${options.format}`);
        return;
      }
      out.result(created, () => {
        out.line(line);
        out.note(`Follow it: bv bulk status ${created.job_id} --wait`);
      });
    });

  bulk
    .command('templates <operation>')
    .description('an upload template: the header and one example row per identifier kind the operation takes (GET /v1/bulk/templates/{operation}.csv or .xlsx)')
    .addOption(tableFormatOption())
    .option('-o, --out <path>', 'file to write, or - for stdout (default: bulk-template-<operation>.<format>)')
    .action(async (operation: string, options: { format: 'csv' | 'xlsx'; out?: string }, command: Command) => {
      const ctx = session.context(command);
      const file = `${operation}.${options.format}`;
      const template = () => ctx.client.key.GET('/v1/bulk/templates/{file}', { params: { path: { file } }, ...AS_FILE });
      const written = await save(ctx, template, options.out ?? `bulk-template-${file}`, options.format === 'xlsx');
      if (written !== null) ctx.out.result({ operation, format: options.format, path: written }, () => ctx.out.line(`Template: ${options.out ?? `bulk-template-${file}`}`));
    });

  bulk
    .command('download <job>')
    .description('download a finished job\'s results')
    .addOption(formatOption())
    .option('-o, --out <path>', 'file to write, or - for stdout (default: <job>.results.<format>)')
    .action(async (jobId: string, options: { format: Format; out?: string }, command: Command) => {
      const ctx = session.context(command);
      const dest = options.out ?? `${jobId}.results.${options.format}`;
      const written = await save(ctx, () => resultsFile(ctx.client, jobId, options.format), dest, options.format === 'xlsx');
      if (written !== null) ctx.out.result({ job_id: jobId, format: options.format, path: written }, () => ctx.out.line(`Results: ${dest}`));
    });

  bulk
    .command('suppliers <job>')
    .description('download a finished itc.check job\'s suppliers, ranked by tax at risk, with their worst verdict and earliest deadline')
    .addOption(tableFormatOption())
    .option('-o, --out <path>', 'file to write, or - for stdout (default: <job>.suppliers.<format>)')
    .action(async (jobId: string, options: { format: 'csv' | 'xlsx'; out?: string }, command: Command) => {
      const ctx = session.context(command);
      const dest = options.out ?? `${jobId}.suppliers.${options.format}`;
      const suppliers = () => ctx.client.key.GET(`/v1/bulk/jobs/{id}/suppliers.${options.format}`, { params: { path: { id: jobId } }, ...AS_FILE });
      const written = await save(ctx, suppliers, dest, options.format === 'xlsx');
      if (written !== null) ctx.out.result({ job_id: jobId, format: options.format, path: written }, () => ctx.out.line(`Suppliers: ${dest}`));
    });
}
