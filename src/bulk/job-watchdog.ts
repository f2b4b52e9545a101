/**
 * Every bulk job ends (DESIGN.md §2). BullMQ retries a chunk or a finalize a bounded number of
 * times, then leaves it in its failed set, where nothing would ever pick it up: a disk full for
 * longer than the retries, a chunk that crashed its worker too often, a process lost between
 * recording a job and queueing its chunks. The watchdog walks the unfinished jobs and ends
 * what can no longer end by itself:
 * - a chunk whose tries ran out is settled from its results file when that was kept (its
 *   rows are billed with their results), else given up: its rows end failed, unbilled, why
 *   kept for their results;
 * - a chunk that has no queue job at all, once its job has been idle a while, likewise;
 * - every chunk counted but no finalize in the queue: the finalize is queued again;
 * - a finalize whose tries ran out (the result files could not be written): the job fails,
 *   what it charged is refunded, its hold released.
 * Each step is safe to repeat and to race a worker doing the same (a chunk counts once, a row
 * charges once), so any process may run a round; a lease keeps it to one at a time.
 */
import type { Logger } from 'pino';
import type { Job, Queue } from 'bullmq';
import type { BulkJob, BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import { chunkJobId, finalizeJobId, type ChunkPayload, type FinalizePayload } from '../queue/names.js';
import { failJob, type FinalizeDeps } from './finalize-job.js';
import { INPUT_FILE, type InputLine } from './input-file.js';
import { chunkFileName, settleChunk, type ChunkDeps } from './process-chunk.js';

export interface WatchdogDeps {
  jobs: BulkJobStore;
  results: ResultStore;
  verify: Pick<Queue<ChunkPayload>, 'getJob' | 'getJobState' | 'getFailed'>;
  finalize: Pick<Queue<FinalizePayload>, 'getJob' | 'getJobState'>;
  addFinalize(jobId: string): Promise<void>;
  settle: Pick<ChunkDeps, 'jobs' | 'wallet' | 'results' | 'log'>;
  fail: FinalizeDeps;
  log: Logger;
  /**
   * How long a job may go without a chunk counted before a chunk with no queue job is given
   * up on: longer than intake takes to queue a big upload's chunks.
   */
  idleMs: number;
}

export interface WatchdogRound {
  looked: number;
  settled: number;
  abandoned: number;
  finalizeQueued: number;
  failed: number;
}

const PAGE = 200;
/** Failed chunks read per round from the queue's failed set; more wait for the next round or an idle job's walk. */
const FAILED_PAGE = 1_000;

type FailedChunk = Job<ChunkPayload>;


/** One round over every unfinished job. A job whose look fails is logged and left for the next round. */
export async function watchJobs(deps: WatchdogDeps, nowMs = Date.now()): Promise<WatchdogRound> {
  const round: WatchdogRound = { looked: 0, settled: 0, abandoned: 0, finalizeQueued: 0, failed: 0 };
  // Jobs an older version left unfinished join the list once (one EXISTS a round after that).
  await deps.jobs.indexOpenJobsOnce();
  // The chunks whose tries ran out, read once for every job: a running job's chunks are not
  // each looked up every round (a million-row job has 10,000).
  const failed = new Map<string, FailedChunk[]>();
  for (const chunk of await deps.verify.getFailed(0, FAILED_PAGE - 1)) {
    if (chunk === undefined) continue;
    failed.set(chunk.data.jobId, [...(failed.get(chunk.data.jobId) ?? []), chunk]);
  }
  for (let offset = 0; ; offset += PAGE) {
    const page = await deps.jobs.openJobIds(PAGE, offset);
    let forgotten = 0;
    for (const jobId of page) {
      round.looked++;
      try {
        if (!(await watchJob(deps, jobId, failed.get(jobId) ?? [], round, nowMs))) forgotten++;
      } catch (error) {
        deps.log.error({ err: error, jobId }, 'the bulk watchdog could not look at a job');
      }
    }
    if (page.length < PAGE) return round;
    // Jobs taken off the list shift the rest down.
    offset -= forgotten;
  }
}

/** Looks at one job; false when it is finished or gone (and no longer listed). */
async function watchJob(deps: WatchdogDeps, jobId: string, failed: readonly FailedChunk[], round: WatchdogRound, nowMs: number): Promise<boolean> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined || job.finishedAt !== null) {
    await deps.jobs.forgetOpen(jobId);
    return false;
  }
  if (job.chunks.done < job.chunks.total) {
    await watchChunks(deps, job, failed, round, nowMs);
    return true;
  }
  const state = await deps.finalize.getJobState(finalizeJobId(jobId));
  if (state === 'failed') {
    const finalize = await deps.finalize.getJob(finalizeJobId(jobId));
    const reason = `its result files could not be written (${finalize?.failedReason ?? 'unknown error'}) after ${finalize?.attemptsMade ?? 'all its'} tries`;
    await failJob(jobId, reason, deps.fail);
    round.failed++;
  } else if (state === 'unknown' || state === 'completed') {
    // Lost (a process died between the last chunk's count and queueing it), or it ran without
    // finishing the job: queued again, under the same id so two rounds queue it once.
    if (state === 'completed') await (await deps.finalize.getJob(finalizeJobId(jobId)))?.remove().catch(() => undefined);
    if (nowMs - Date.parse(job.progressAt) >= Math.min(deps.idleMs, 10_000)) {
      await deps.addFinalize(jobId);
      round.finalizeQueued++;
    }
  }
  return true;
}

/**
 * A job's chunks that will not run again: those in the failed set, and, once the job has
 * counted nothing for a while, every chunk not counted is looked up (the failed ones past the
 * failed set's first page, and those in no queue at all).
 */
async function watchChunks(deps: WatchdogDeps, job: BulkJob, failed: readonly FailedChunk[], round: WatchdogRound, nowMs: number): Promise<void> {
  for (const queued of failed) await giveUpFailedChunk(deps, job, queued, round);
  if (nowMs - Date.parse(job.progressAt) < deps.idleMs) return;
  const counted = await deps.jobs.countedChunks(job.jobId);
  const missing = new Set<number>();
  for (let chunk = 0; chunk < job.chunks.total; chunk++) {
    if (counted.has(chunk)) continue;
    const state = await deps.verify.getJobState(chunkJobId(job.jobId, chunk));
    if (state === 'failed') {
      const queued = await deps.verify.getJob(chunkJobId(job.jobId, chunk));
      if (queued !== undefined) await giveUpFailedChunk(deps, job, queued, round);
    } else if (state === 'unknown') {
      missing.add(chunk);
    }
  }
  if (missing.size === 0) return;
  const rows = await chunkRowCounts(deps.results, job.jobId, missing);
  for (const chunk of missing) {
    const reason = 'its chunk of rows was lost from the queue (never queued, or removed)';
    if (await giveUpChunk(deps, job, chunk, reason, rows.get(chunk) ?? 0, round)) await queueFinalize(deps, job.jobId, round);
  }
}

async function giveUpFailedChunk(deps: WatchdogDeps, job: BulkJob, queued: FailedChunk, round: WatchdogRound): Promise<void> {
  const reason = `its chunk of rows failed after ${queued.attemptsMade} tries, the last with: ${queued.failedReason}`;
  const last = await giveUpChunk(deps, job, queued.data.chunk, reason, queued.data.rows.length, round);
  // Out of the failed set once settled: the next round does not look at it again.
  await queued.remove().catch(() => undefined);
  if (last) await queueFinalize(deps, job.jobId, round);
}

async function queueFinalize(deps: WatchdogDeps, jobId: string, round: WatchdogRound): Promise<void> {
  await deps.addFinalize(jobId);
  round.finalizeQueued++;
}

/**
 * Ends a chunk that will not run again; true when it was the job's last. A chunk whose file
 * was kept (its worker died after that, or Redis failed it between billing and counting) is
 * settled from the file: those rows have their results, so they are billed and delivered.
 */
async function giveUpChunk(deps: WatchdogDeps, job: BulkJob, chunk: number, reason: string, rows: number | undefined, round: WatchdogRound): Promise<boolean> {
  if (await deps.results.exists(job.jobId, chunkFileName(chunk))) {
    round.settled++;
    deps.log.warn({ jobId: job.jobId, chunk, reason }, 'settling a bulk chunk from its kept results file');
    return settleChunk(deps.settle, job.accountId, job.jobId, chunk);
  }
  const rowCount = rows ?? (await chunkRowCounts(deps.results, job.jobId, new Set([chunk]))).get(chunk) ?? 0;
  const counted = await deps.jobs.abandonChunk(job.jobId, chunk, rowCount, reason);
  if (counted.counted) {
    round.abandoned++;
    deps.log.error({ jobId: job.jobId, chunk, rows: rowCount, reason }, 'gave up on a bulk chunk: its rows end failed, unbilled');
    await deps.jobs.dropChunkResults(job.jobId, chunk);
  }
  return counted.chunksDone >= counted.chunksTotal;
}

/** How many rows each of `chunks` holds, from the job's input file. */
async function chunkRowCounts(results: ResultStore, jobId: string, chunks: ReadonlySet<number>): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for await (const lines of results.readLineBatches(jobId, INPUT_FILE)) {
    for (const text of lines) {
      // Only `first` rows have a chunk; the others need not be parsed.
      if (!text.includes('"mark":"first"')) continue;
      const line = JSON.parse(text) as InputLine;
      if ('chunk' in line && chunks.has(line.chunk)) counts.set(line.chunk, (counts.get(line.chunk) ?? 0) + 1);
    }
  }
  return counts;
}
