/**
 * POST /v1/bulk/jobs/{id}/retry (an addition: docs/bulk.md "Retry what failed"): a new job of the rows
 * of a finished job that ended `failed` (their source down or slow past every attempt), held,
 * billed, queued and limited as any upload, and linked both ways (`retry_of`, `retried_by`).
 *
 * Its rows keep their row numbers and input cells, so its results say which line of the
 * original file each is; a failed row's duplicates come along and ride on it again.
 */
import { AppError, RetryLaterError, validationError } from '../errors.js';
import { INPUT_FILE, type InputLine } from './input-file.js';
import { RESULTS_JSONL_FILE } from './result-files.js';
import type { BulkJob } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import { commitBulkJob, discardStagedJob, stageBulkJob, type CreatedJob, type CreateJobDeps, type JobDetails } from './create-job.js';
import { intakeFailure } from './intake/intake-error.js';
import { refuseOverQuota } from './quota-refusal.js';
import type { BulkRequest, IntakeItem } from './intake/row-request.js';

/** What a retry's name ends with: ` (retry of failed rows)`, then ` (retry 2 of failed rows)`, ... */
const RETRY_SUFFIX = / \(retry(?: (\d+))? of failed rows\)$/;

/**
 * The name of the job retrying `name`'s failed rows: the original name and which retry this is,
 * counted from the previous one's suffix (taken off, so a retry of a retry does not read
 * `x (retry of failed rows) (retry of failed rows)`; names made so before are counted too).
 */
export function retryJobName(name: string): string {
  let base = name;
  let retries = 0;
  for (let match = RETRY_SUFFIX.exec(base); match !== null; match = RETRY_SUFFIX.exec(base)) {
    retries += match[1] === undefined ? 1 : Number(match[1]);
    base = base.slice(0, match.index);
  }
  const suffix = retries === 0 ? ' (retry of failed rows)' : ` (retry ${retries + 1} of failed rows)`;
  // Names are at most 200 characters: the suffix is kept, the original name shortened.
  return `${base.slice(0, 200 - suffix.length)}${suffix}`;
}

/** Why a job has nothing to retry: only rows that ended `failed` are retried. */
const nothingToRetry = (jobId: string) =>
  validationError([
    {
      field: 'id',
      message: `${jobId} has no failed rows to retry: only rows that ended failed (their source unavailable or timed out after every attempt) are retried; not_found and invalid rows are answers, and a retry would give the same`,
    },
  ]);

/** How soon to ask again when the job is still running: its events stream says when at once. */
const RUNNING_RETRY_AFTER_S = 5;
const FAILED = '"status":"failed"';

/** The rows of the job's results that ended failed, by row number (pass 1, over results.jsonl). */
async function failedRows(results: ResultStore, jobId: string): Promise<Set<number>> {
  const failed = new Set<number>();
  for await (const lines of results.readLineBatches(jobId, RESULTS_JSONL_FILE)) {
    for (const text of lines) {
      // Parsed only when it may be one: most rows did not fail.
      if (!text.includes(FAILED)) continue;
      const row = JSON.parse(text) as { row: number; status: string };
      if (row.status === 'failed') failed.add(row.row);
    }
  }
  return failed;
}

/** The failed rows as intake items (pass 2, over the job's input file), each with the request it was verified with. */
async function* failedRowItems(results: ResultStore, jobId: string, failed: ReadonlySet<number>, operation: BulkJob['operation']): AsyncGenerator<IntakeItem> {
  const requests = new Map<number, BulkRequest>();
  for await (const lines of results.readLineBatches(jobId, INPUT_FILE)) {
    for (const text of lines) {
      const line = JSON.parse(text) as InputLine;
      if ('header' in line) {
        yield { kind: 'header', header: line.header };
        continue;
      }
      if (!failed.has(line.row) || line.mark === 'invalid') continue;
      // An itc.check row carries its own invoice whether or not it is its supplier's first.
      const request = line.mark === 'first' || line.request !== undefined ? (line.request as BulkRequest) : requests.get(line.of);
      if (request === undefined) continue;
      if (line.mark === 'first' && operation !== 'itc.check') requests.set(line.row, request);
      // Validated at the first intake: its normalised request is the same for equal rows, so its JSON is a dedupe key
      // (an invoice's is its supplier: register-row-request.ts).
      const key = operation === 'itc.check' ? (request as { gstin: string }).gstin : JSON.stringify(request);
      const item: IntakeItem = { kind: 'row', row: line.row, columns: line.columns, result: { ok: true, request, key } };
      if (line.sent !== undefined) item.sent = line.sent;
      yield item;
    }
  }
}

export interface RetryCaller {
  accountId: string;
  environment: BulkJob['environment'];
  clockOffsetMs?: number | undefined;
}

/**
 * Refusals, each with what to do: still running (409 RUN_IN_PROGRESS, Retry-After), failed
 * before it had results (404, as its downloads), nothing failed or already retried (400 naming
 * the job, and the retry job). Then the account's quotas and wallet, as for an upload.
 */
export async function retryFailedRows(job: BulkJob, caller: RetryCaller, deps: CreateJobDeps): Promise<CreatedJob> {
  if (job.finishedAt === null) {
    const state = job.status === 'cancelled' ? 'being cancelled' : job.status;
    throw new RetryLaterError('RUN_IN_PROGRESS', `${job.jobId} is still ${state}: retry its failed rows once it has finished`, RUNNING_RETRY_AFTER_S);
  }
  if (job.status === 'failed') throw new AppError('NOT_FOUND', `${job.jobId} failed before it had results: upload its file again`);
  if (job.retriedBy !== null) {
    throw validationError([{ field: 'id', message: `${job.jobId}'s failed rows were already retried by ${job.retriedBy}: retry that job's failed rows instead` }]);
  }
  if (job.rows.failed === 0) throw nothingToRetry(job.jobId);
  await refuseOverQuota(deps.jobs.quotas, caller.accountId);
  const failed = await failedRows(deps.results, job.jobId);
  if (failed.size === 0) throw nothingToRetry(job.jobId);
  const staged = await stageBulkJob(job.operation, failedRowItems(deps.results, job.jobId, failed, job.operation), deps).catch(intakeFailure);
  // Claimed only now, with the new job's id: two retries sent at once stage two jobs, and one is dropped here.
  if (!(await deps.jobs.claimRetry(job.jobId, staged.jobId))) {
    await discardStagedJob(staged, deps);
    const winner = (await deps.jobs.get(job.jobId))?.retriedBy ?? 'another job';
    throw validationError([{ field: 'id', message: `${job.jobId}'s failed rows were already retried by ${winner}: retry that job's failed rows instead` }]);
  }
  const details: JobDetails = {
    accountId: caller.accountId,
    environment: caller.environment,
    clockOffsetMs: caller.clockOffsetMs ?? 0,
    name: retryJobName(job.name),
    webhookUrl: job.webhookUrl,
    retryOf: job.jobId,
  };
  try {
    return await commitBulkJob(staged, details, deps);
  } catch (error) {
    // Not held or not queued: the failed rows can be retried again.
    await deps.jobs.unclaimRetry(job.jobId, staged.jobId);
    throw error;
  }
}
