/**
 * Turns an upload into a bulk job: streams its rows into the job's input file (validated and
 * de-duplicated on the way, never held whole), holds the job's maximum cost (402 and nothing
 * queued when short), then queues the rows in chunks. A refused upload leaves nothing behind.
 * The two steps are apart (stage, then commit) for a multipart upload's parts after its file.
 */
import { randomBytes } from 'node:crypto';
import { maxHoldPaise } from '../domain/business360/pricing.js';
import { ITC_CHECK } from '../domain/itc/pricing.js';
import { MODULES, type ModuleName } from '../domain/business360/profile.js';
import { keptWarnings, type JobWarning } from '../domain/job-warnings.js';
import { OPERATIONS, type Environment, type BulkOperationName } from '../domain/operations.js';
import { AppError } from '../errors.js';
import { INPUT_FILE, type InputLine, type RowLine } from './input-file.js';
import type { ChunkPayload } from '../queue/names.js';
import type { BulkQueues } from '../queue/queues.js';
import { holdOrUndo, releaseSurely, walletShort } from '../store/wallet/billing.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import type { WalletStore } from '../store/wallet/wallet.js';
import { RowDeduper, type RowCounts } from './dedupe.js';
import { quotaRefusal } from './quota-refusal.js';
import { identifierColumnsFor, type IntakeItem } from './intake/row-request.js';

export interface CreateJobDeps {
  jobs: BulkJobStore;
  wallet: WalletStore;
  results: ResultStore;
  queues: BulkQueues;
  chunkRows: number;
  holdTtlMs: number;
}

export interface CreateJobInput {
  accountId: string;
  environment: Environment;
  operation: BulkOperationName;
  name: string;
  webhookUrl: string | null;
  /** Set when the job is a portfolio's run. */
  portfolioId?: string;
  /** Set when the job retries another's failed rows. */
  retryOf?: string;
  /** The sandbox clock offset its rows are answered at (see domain/sandbox-clock.ts). */
  clockOffsetMs?: number;
  items: AsyncIterable<IntakeItem> | Iterable<IntakeItem>;
}

export interface CreatedJob {
  jobId: string;
  status: 'queued' | 'completed';
  rows: { total: number; valid: number; invalid: number; duplicates: number };
  reservedPaise: number;
}

export const newJobId = (): string => `job_${randomBytes(10).toString('hex')}`;

/** The most one row can cost: its operation's price, or its Business360 modules' capped list price. */
function rowMaxPaise(operation: BulkOperationName, request: Record<string, unknown>): number {
  // An itc.check `first` row is a supplier's first invoice: the supplier's two checks, once.
  if (operation === 'itc.check') return ITC_CHECK.pricePaise;
  if (operation !== 'business360') return OPERATIONS[operation].pricePaise;
  return maxHoldPaise((request.include as ModuleName[] | undefined) ?? [...MODULES]);
}

/**
 * An upload read into its job's input file, not yet held, recorded or queued: a multipart
 * upload is staged when its file part has been read and committed once every part after it
 * has been read too, so a part that fails after the file leaves nothing queued or held.
 */
export interface StagedJob {
  jobId: string;
  operation: BulkOperationName;
  rows: RowCounts;
  /** Rows to verify: neither invalid nor a duplicate. */
  firstRows: number;
  maxPaise: number;
  /** The input file's size: what the job counts against its account's stored-bytes quota until it ends. */
  inputBytes: number;
  /** What the intake read differently (a Windows-1252 file, a guessed column): the job shows them. */
  warnings: JobWarning[];
  /** itc.check: each supplier's earliest invoice month (YYYY-MM), how far back its GST Returns are fetched. */
  supplierSince?: ReadonlyMap<string, string>;
}

/** What a job is besides its rows; may arrive after them (form fields after the file part). */
export type JobDetails = Omit<CreateJobInput, 'items' | 'operation'>;

/** Reads the rows into the job's input file: validated and de-duplicated, never held whole. */
export async function stageBulkJob(
  operation: BulkOperationName,
  items: CreateJobInput['items'],
  deps: Pick<CreateJobDeps, 'results' | 'chunkRows'>,
): Promise<StagedJob> {
  const jobId = newJobId();
  let rows: RowCounts = { total: 0, valid: 0, invalid: 0, duplicates: 0 };
  let firstRows = 0;
  let maxPaise = 0;
  let sawHeader = false;
  let inputBytes = 0;
  const warnings: JobWarning[] = [];
  /** Rows that had several identifiers filled (verified by the first), and the first of them. */
  let several = 0;
  let firstSeveral = 0;

  const supplierSince = new Map<string, string>();
  async function* lines(): AsyncGenerator<string> {
    // Local to the intake pass, so its table is garbage once the file is written.
    const deduper = new RowDeduper();
    for await (const item of items) {
      if (item.kind === 'warning') {
        warnings.push(item.warning);
        continue;
      }
      if (item.kind === 'header') {
        sawHeader = true;
        const text = JSON.stringify({ header: item.header } satisfies InputLine);
        inputBytes += Buffer.byteLength(text) + 1;
        yield text;
        continue;
      }
      if (item.result.ok && item.result.ignored !== undefined && several++ === 0) firstSeveral = item.row;
      const mark = deduper.add(item.row, item.result);
      let line: RowLine;
      if (mark.status === 'invalid' || !item.result.ok) {
        line = { row: item.row, columns: item.columns, mark: 'invalid', problems: item.result.ok ? [] : item.result.problems, sent: item.sent };
      } else if (mark.status === 'duplicate') {
        line = { row: item.row, columns: item.columns, mark: 'duplicate', of: mark.of, sent: item.sent };
        // An invoice of a supplier seen before: its own invoice is judged with that supplier's checks.
        if (operation === 'itc.check') line.request = item.result.request as Record<string, unknown>;
      } else {
        const request = item.result.request as Record<string, unknown>;
        line = { row: item.row, columns: item.columns, mark: 'first', chunk: Math.floor(firstRows / deps.chunkRows), request, sent: item.sent };
        firstRows++;
        maxPaise += rowMaxPaise(operation, request);
      }
      if (operation === 'itc.check' && line.mark !== 'invalid') {
        const { gstin, date } = line.request as { gstin: string; date: string };
        const earliest = supplierSince.get(gstin);
        if (earliest === undefined || date.slice(0, 7) < earliest) supplierSince.set(gstin, date.slice(0, 7));
      }
      const text = JSON.stringify(line);
      // With its newline, as writeLines writes it.
      inputBytes += Buffer.byteLength(text) + 1;
      yield text;
    }
    rows = deduper.counts();
  }

  try {
    await deps.results.writeLines(jobId, INPUT_FILE, lines());
  } catch (error) {
    await deps.results.remove(jobId);
    throw error;
  }
  if (!sawHeader || rows.total === 0) {
    await deps.results.remove(jobId);
    throw new AppError('VALIDATION_FAILED', 'The upload has no data rows: expected a header row and at least one row', [
      { field: 'file', message: 'no data rows' },
    ]);
  }
  if (several > 0) {
    const order = identifierColumnsFor(operation).join(', ');
    warnings.unshift({
      code: 'IDENTIFIERS_SEVERAL',
      message: `${several} row(s) had more than one of ${order} filled (the first: row ${firstSeveral}); each was verified, and billed, by the first it had in that order, the others carried through unverified`,
    });
  }
  return { jobId, operation, rows, firstRows, maxPaise, inputBytes, warnings: keptWarnings(warnings), ...(operation === 'itc.check' ? { supplierSince } : {}) };
}

/** Leaves nothing of a staged job that will not be committed. */
export async function discardStagedJob(staged: StagedJob, deps: Pick<CreateJobDeps, 'results'>): Promise<void> {
  await deps.results.remove(staged.jobId);
}

/**
 * Admits a staged job under its account's quotas (429 and nothing held or queued when over),
 * holds its maximum cost (402 and nothing queued when short), records it and queues its rows.
 * A scheduled portfolio run is refused like an upload (its run is skipped and says why, as a
 * wallet too short does): runs waiting for a place would be a queue of their own, and the cap
 * is there to bound what one account has in flight.
 */
export async function commitBulkJob(staged: StagedJob, details: JobDetails, deps: CreateJobDeps): Promise<CreatedJob> {
  const { jobId, operation, rows, firstRows, maxPaise } = staged;
  const admitted = await deps.jobs.quotas.admit(details.accountId, jobId, staged.inputBytes);
  if (!admitted.ok) {
    await discardStagedJob(staged, deps);
    throw quotaRefusal(admitted);
  }
  // The wallet of the job's environment (sandbox keys spend sandbox money); jobs.create records it.
  const wallet = deps.wallet.of(details.environment);
  const held = maxPaise === 0 ? { ok: true as const } : await holdOrUndo(wallet, details.accountId, jobId, maxPaise, `bulk ${jobId}`, deps.holdTtlMs);
  if (!held.ok) {
    await deps.jobs.quotas.forget(details.accountId, jobId);
    await discardStagedJob(staged, deps);
    const available = held.reason === 'insufficient' ? held.availablePaise : 0;
    throw walletShort(available, maxPaise, `cannot hold this job's maximum cost (${firstRows} ${operation === 'itc.check' ? 'suppliers' : 'rows'} to verify) of`);
  }
  const chunksTotal = Math.ceil(firstRows / deps.chunkRows);
  try {
    await deps.jobs.create({
      jobId,
      accountId: details.accountId,
      environment: details.environment,
      name: details.name,
      operation,
      createdAt: new Date().toISOString(),
      webhookUrl: details.webhookUrl,
      portfolioId: details.portfolioId ?? null,
      rows,
      chunksTotal,
      retryOf: details.retryOf ?? null,
      reservedPaise: maxPaise,
      warnings: staged.warnings,
    });
  } catch (error) {
    // Without a record, the hold would keep the account's money until it expires (days, for a bulk hold).
    if (maxPaise > 0) await releaseSurely(wallet, details.accountId, jobId);
    await deps.jobs.quotas.forget(details.accountId, jobId).catch(() => undefined);
    await discardStagedJob(staged, deps);
    throw error;
  }

  try {
    if (chunksTotal === 0) {
      await deps.queues.addFinalize(jobId);
    } else {
      await enqueueChunks(jobId, { ...details, operation }, deps, staged.supplierSince);
    }
  } catch (error) {
    // Not queued, not billed: the money goes back and the job says it failed.
    await releaseSurely(wallet, details.accountId, jobId);
    await deps.jobs.finish(jobId, 'failed', maxPaise);
    throw error;
  }
  return { jobId, status: 'queued', rows, reservedPaise: maxPaise };
}

export async function createBulkJob(input: CreateJobInput, deps: CreateJobDeps): Promise<CreatedJob> {
  return commitBulkJob(await stageBulkJob(input.operation, input.items, deps), input, deps);
}

/** Re-reads the input file and queues its `first` rows, a batch of chunks at a time. */
async function enqueueChunks(jobId: string, input: JobDetails & { operation: BulkOperationName }, deps: CreateJobDeps, supplierSince?: ReadonlyMap<string, string>): Promise<void> {
  const BATCH_CHUNKS = 50;
  let batch: ChunkPayload[] = [];
  let current: ChunkPayload | undefined;
  for await (const text of deps.results.readLines(jobId, INPUT_FILE)) {
    const line = JSON.parse(text) as InputLine;
    if ('header' in line || line.mark !== 'first') continue;
    if (current === undefined || current.chunk !== line.chunk) {
      current = { jobId, accountId: input.accountId, environment: input.environment, operation: input.operation, clockOffsetMs: input.clockOffsetMs ?? 0, chunk: line.chunk, rows: [] };
      batch.push(current);
      if (batch.length > BATCH_CHUNKS) {
        const full = batch.slice(0, -1);
        batch = batch.slice(-1);
        await deps.queues.addChunks(full);
      }
    }
    current.rows.push({ row: line.row, request: supplierSince === undefined ? line.request : supplierRequest(line.request, supplierSince) });
  }
  if (batch.length > 0) await deps.queues.addChunks(batch);
}

/** An itc.check chunk row: the supplier, checked once for all its invoices, its filings back to its earliest invoice's month. */
function supplierRequest(request: Record<string, unknown>, supplierSince: ReadonlyMap<string, string>): Record<string, unknown> {
  const gstin = request.gstin as string;
  return { gstin, since: supplierSince.get(gstin) ?? (request.date as string).slice(0, 7) };
}
