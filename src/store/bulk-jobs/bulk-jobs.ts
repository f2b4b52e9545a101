/**
 * Bulk jobs' state in Redis: one hash per job (its definition, status, counts and money),
 * the set of chunks already counted, and each account's job list. Row inputs and results
 * live in the result store (files); Redis keeps only what every process must agree on.
 */
import type { Redis } from 'ioredis';
import type { JobWarning } from '../../domain/job-warnings.js';
import type { Environment, BulkOperationName } from '../../domain/operations.js';
import type { Breakdown } from '../../domain/result-breakdown.js';
import type { RedisKeys } from '../keys.js';
import { pageOfEnvironment } from '../redis/newest-first.js';
import { ABANDON_CHUNK, COUNT_CHUNK, FINISH, KEEP_ROWS, MARK_RUNNING } from './bulk-job-scripts.js';
import { JobQuotaStore, NO_QUOTA_CAPS, type QuotaCaps } from './job-quotas.js';
import { runScript } from '../redis/scripts.js';
import { addRowTotals } from '../service-totals.js';

export type BulkJobStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

export interface BulkJob {
  jobId: string;
  accountId: string;
  environment: Environment;
  /**
   * The wallet its hold is in: its environment's for a job made since sandbox wallets exist;
   * live for one made before (there was one wallet, now the live one), whatever its key.
   */
  wallet: Environment;
  name: string;
  operation: BulkOperationName;
  status: BulkJobStatus;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  webhookUrl: string | null;
  /** Set when the job is a portfolio's run. */
  portfolioId: string | null;
  rows: { total: number; valid: number; invalid: number; duplicates: number; done: number; ok: number; not_found: number; failed: number; cancelled: number };
  chunks: { total: number; done: number };
  reservedPaise: number;
  chargedPaise: number;
  releasedPaise: number;
  /** When a chunk was last counted (or the job created): the watchdog's measure of progress. */
  progressAt: string;
  /** Why a `failed` job failed; null otherwise. */
  failureReason: string | null;
  /** What a failed job's rows had been charged and was given back (its results could not be kept). */
  refundedPaise: number;
  /** What its intake read differently from the plain case (domain/job-warnings.ts); set at creation. */
  warnings: JobWarning[];
  /** Its rows by outcome and key field (domain/result-breakdown.ts), counted once at finalize; null before. */
  breakdown: Breakdown | null;
  /** The job whose failed rows this job retries, and the job that retried this one's. */
  retryOf: string | null;
  retriedBy: string | null;
}

export interface ChunkCounts {
  done: number;
  ok: number;
  not_found: number;
  failed: number;
  cancelled: number;
  chargedPaise: number;
}

/** A chunk given up on: its rows' status (failed, or cancelled in a job being cancelled) and why. */
export interface AbandonedChunk {
  status: 'failed' | 'cancelled';
  reason: string;
}

const num = (value: string | undefined): number => Number(value ?? 0);

/** A job recorded before sandbox wallets has no `wallet`: it was held in the one wallet, now the live one. */
const walletOfHash = (value: string | undefined): Environment => (value === 'sandbox' ? 'sandbox' : 'live');

export class BulkJobStore {
  /** The accounts' caps on unfinished jobs and stored bytes: jobs are admitted there, and leave it here. */
  readonly quotas: JobQuotaStore;

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    /** How long a finished job's record and files are kept (BV_RETENTION_DAYS). */
    private readonly retentionMs = 30 * 86_400_000,
    quotaCaps: QuotaCaps = NO_QUOTA_CAPS,
  ) {
    this.quotas = new JobQuotaStore(redis, keys, quotaCaps);
  }

  async create(job: Omit<BulkJob, 'status' | 'startedAt' | 'finishedAt' | 'chargedPaise' | 'releasedPaise' | 'rows' | 'chunks' | 'portfolioId' | 'progressAt' | 'failureReason' | 'refundedPaise' | 'breakdown' | 'retryOf' | 'retriedBy' | 'warnings' | 'wallet'> & {
    portfolioId?: string | null;
    warnings?: readonly JobWarning[];
    retryOf?: string | null;
    rows: { total: number; valid: number; invalid: number; duplicates: number };
    chunksTotal: number;
  }): Promise<void> {
    await this.redis
      .multi()
      .hset(this.keys.bulkJob(job.jobId), {
        account_id: job.accountId,
        environment: job.environment,
        // Held by create-job.ts in the wallet of the job's environment.
        wallet: job.environment,
        name: job.name,
        operation: job.operation,
        status: 'queued',
        created_at: job.createdAt,
        webhook_url: job.webhookUrl ?? '',
        portfolio_id: job.portfolioId ?? '',
        retry_of: job.retryOf ?? '',
        rows_total: job.rows.total,
        rows_valid: job.rows.valid,
        rows_invalid: job.rows.invalid,
        rows_duplicates: job.rows.duplicates,
        chunks_total: job.chunksTotal,
        chunks_done: 0,
        reserved_paise: job.reservedPaise,
        ...(job.warnings !== undefined && job.warnings.length > 0 ? { warnings: JSON.stringify(job.warnings) } : {}),
      })
      .zadd(this.keys.accountBulkJobs(job.accountId, job.environment), Date.parse(job.createdAt), job.jobId)
      .zadd(this.keys.bulkOpenJobs(), Date.parse(job.createdAt), job.jobId)
      .exec();
  }

  /** The wallet a job's hold is in (see BulkJob.wallet); undefined when the job is gone. */
  async walletOf(jobId: string): Promise<Environment | undefined> {
    const [accountId, wallet] = await this.redis.hmget(this.keys.bulkJob(jobId), 'account_id', 'wallet');
    return accountId === null ? undefined : walletOfHash(wallet ?? undefined);
  }

  async get(jobId: string): Promise<BulkJob | undefined> {
    const h = await this.redis.hgetall(this.keys.bulkJob(jobId));
    if (h.account_id === undefined) return undefined;
    return {
      jobId,
      accountId: h.account_id,
      environment: h.environment as Environment,
      wallet: walletOfHash(h.wallet),
      name: h.name ?? '',
      operation: h.operation as BulkOperationName,
      status: h.status as BulkJobStatus,
      createdAt: h.created_at ?? '',
      startedAt: h.started_at || null,
      finishedAt: h.finished_at || null,
      webhookUrl: h.webhook_url || null,
      portfolioId: h.portfolio_id || null,
      rows: {
        total: num(h.rows_total),
        valid: num(h.rows_valid),
        invalid: num(h.rows_invalid),
        duplicates: num(h.rows_duplicates),
        done: num(h.rows_done),
        ok: num(h.rows_ok),
        not_found: num(h.rows_not_found),
        failed: num(h.rows_failed),
        cancelled: num(h.rows_cancelled),
      },
      chunks: { total: num(h.chunks_total), done: num(h.chunks_done) },
      reservedPaise: num(h.reserved_paise),
      chargedPaise: num(h.charged_paise),
      releasedPaise: num(h.released_paise),
      progressAt: h.progress_at || h.created_at || '',
      failureReason: h.failure_reason || null,
      refundedPaise: num(h.refunded_paise),
      warnings: h.warnings ? (JSON.parse(h.warnings) as JobWarning[]) : [],
      breakdown: h.breakdown ? (JSON.parse(h.breakdown) as Breakdown) : null,
      retryOf: h.retry_of || null,
      retriedBy: h.retried_by || null,
    };
  }

  /** Keeps the job's breakdown with its record (finalize counts it; a finalize run again writes the same). */
  async keepBreakdown(jobId: string, breakdown: Breakdown): Promise<void> {
    await this.redis.hset(this.keys.bulkJob(jobId), 'breakdown', JSON.stringify(breakdown));
  }

  /**
   * Claims a finished job's failed rows for a retry job: true for the first claim only, so two
   * retries sent at once cannot both verify (and bill) the same rows. Undone by unclaimRetry
   * when the retry job is not created.
   */
  async claimRetry(jobId: string, retryJobId: string): Promise<boolean> {
    return (await this.redis.hsetnx(this.keys.bulkJob(jobId), 'retried_by', retryJobId)) === 1;
  }

  /** Gives a claim back, only if it is still `retryJobId`'s. */
  async unclaimRetry(jobId: string, retryJobId: string): Promise<void> {
    await this.redis.eval(
      `if redis.call('HGET', KEYS[1], 'retried_by') == ARGV[1] then redis.call('HDEL', KEYS[1], 'retried_by') end return 0`,
      1,
      this.keys.bulkJob(jobId),
      retryJobId,
    );
  }

  /**
   * A page of the account's jobs of one environment, newest first, after `cursor` (the previous
   * page's next); undefined when an older version's cursor names no job of the list any more.
   */
  async list(accountId: string, environment: Environment, limit: number, cursor?: string): Promise<{ jobs: BulkJob[]; next: string | undefined } | undefined> {
    const index = {
      keyOf: (env: Environment) => this.keys.accountBulkJobs(accountId, env),
      recordKey: (jobId: string) => this.keys.bulkJob(jobId),
      legacyKey: this.keys.legacyAccountBulkJobs(accountId),
    };
    const page = await pageOfEnvironment(this.redis, index, environment, { limit, cursor }, (jobId) => this.get(jobId));
    return page && { jobs: page.items, next: page.next };
  }

  async markRunning(jobId: string): Promise<void> {
    await runScript(this.redis, MARK_RUNNING, this.keys.bulkJob(jobId), new Date().toISOString());
  }

  async countChunk(jobId: string, chunk: number, counts: ChunkCounts): Promise<{ chunksDone: number; chunksTotal: number; counted: boolean }> {
    const [done, total, counted] = (await runScript(
      this.redis,
      COUNT_CHUNK,
      this.keys.bulkJob(jobId),
      this.keys.bulkJobChunksDone(jobId),
      chunk,
      counts.done,
      counts.ok,
      counts.not_found,
      counts.failed,
      counts.cancelled,
      counts.chargedPaise,
      new Date().toISOString(),
    )) as [number, number, number];
    // The service-wide totals are in another slot, so not in the script: added once, by the
    // run that counted the chunk.
    if (counted === 1) await addRowTotals(this.redis, this.keys, counts);
    return { chunksDone: Number(done), chunksTotal: Number(total), counted: counted === 1 };
  }

  /**
   * Asks a job to stop: queued rows end `cancelled`; the finalize step releases the money.
   * Refused (false) once every chunk has been counted: no row is left to stop, and the job is
   * only being finished.
   */
  async requestCancel(jobId: string): Promise<boolean> {
    const moved = await this.redis.eval(
      `local state = redis.call('HMGET', KEYS[1], 'status', 'chunks_done', 'chunks_total')
       if state[1] ~= 'queued' and state[1] ~= 'running' then return 0 end
       if (tonumber(state[2]) or 0) >= (tonumber(state[3]) or 0) then return 0 end
       redis.call('HSET', KEYS[1], 'status', 'cancelled')
       return 1`,
      1,
      this.keys.bulkJob(jobId),
    );
    return moved === 1;
  }

  async status(jobId: string): Promise<BulkJobStatus | undefined> {
    return ((await this.redis.hget(this.keys.bulkJob(jobId), 'status')) ?? undefined) as BulkJobStatus | undefined;
  }

  /**
   * Finishes a job once: `failed`, or `done` (then `completed`, or `cancelled` if a cancel
   * stopped some of its rows; see FINISH). Returns the final status, or undefined when the
   * job had already finished (or is gone).
   */
  async finish(
    jobId: string,
    outcome: 'done' | 'failed',
    releasedPaise: number,
    failure: { reason: string; refundedPaise: number } = { reason: '', refundedPaise: 0 },
  ): Promise<'completed' | 'cancelled' | 'failed' | undefined> {
    const finishedAt = new Date();
    const moved = (await runScript(this.redis, FINISH, this.keys.bulkJob(jobId), outcome, finishedAt.toISOString(), releasedPaise, failure.reason, failure.refundedPaise)) as
      | 'completed'
      | 'cancelled'
      | 'failed'
      | null;
    // Retention counts from the end; a crash between the two leaves a job kept, never one lost
    // early. A finished job leaves the watchdog's list (a crash before that only costs it a look).
    // It stops counting against its account's unfinished-jobs quota at the same time.
    if (moved !== null) {
      const accountId = await this.redis.hget(this.keys.bulkJob(jobId), 'account_id');
      const multi = this.redis.multi().zadd(this.keys.bulkRetention(), finishedAt.getTime() + this.retentionMs, jobId).zrem(this.keys.bulkOpenJobs(), jobId);
      if (accountId !== null) multi.zrem(this.keys.accountOpenBulkJobs(accountId), jobId);
      await multi.exec();
    }
    return moved ?? undefined;
  }

  /** Unfinished jobs, oldest first, `limit` of them from `offset` (a page of the watchdog's round). */
  async openJobIds(limit: number, offset = 0): Promise<string[]> {
    return this.redis.zrange(this.keys.bulkOpenJobs(), offset, offset + limit - 1);
  }

  /** Takes a job off the watchdog's list (it is finished or gone). */
  async forgetOpen(jobId: string): Promise<void> {
    await this.redis.zrem(this.keys.bulkOpenJobs(), jobId);
  }

  /** Puts a job on the watchdog's list (one an older version created without it). */
  async rememberOpen(jobId: string, createdAtMs: number): Promise<void> {
    await this.redis.zadd(this.keys.bulkOpenJobs(), 'NX', createdAtMs, jobId);
  }

  /**
   * Lists the unfinished jobs an older version created (before the watchdog's list existed),
   * once for the whole Redis: a walk of the key space, then a mark that it was done. Returns
   * how many it listed.
   */
  async indexOpenJobsOnce(): Promise<number> {
    if ((await this.redis.exists(this.keys.bulkOpenJobsIndexed())) === 1) return 0;
    let listed = 0;
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', this.keys.bulkJobPattern(), 'COUNT', 1_000);
      cursor = next;
      for (const key of found) {
        const jobId = /\{job:([^}]+)\}:meta$/.exec(key)?.[1];
        if (jobId === undefined) continue;
        const [status, finishedAt, createdAt] = await this.redis.hmget(key, 'status', 'finished_at', 'created_at');
        if (status === null || (finishedAt ?? '') !== '') continue;
        await this.rememberOpen(jobId, Date.parse(createdAt ?? '') || 0);
        listed++;
      }
    } while (cursor !== '0');
    await this.redis.set(this.keys.bulkOpenJobsIndexed(), new Date().toISOString());
    return listed;
  }

  /** True when this process may run the watchdog's round: no other took it in the last `ms`. */
  async takeWatchdogLease(ms: number): Promise<boolean> {
    return (await this.redis.set(this.keys.bulkWatchdogLease(), String(process.pid), 'PX', ms, 'NX')) === 'OK';
  }

  /** The chunk numbers counted so far. */
  async countedChunks(jobId: string): Promise<Set<number>> {
    return new Set((await this.redis.smembers(this.keys.bulkJobChunksDone(jobId))).map(Number));
  }

  /**
   * Counts a chunk given up on: its `rows` end failed (cancelled in a job being cancelled),
   * unbilled, with `reason` kept for its rows' results. Nothing when the chunk was counted.
   */
  async abandonChunk(jobId: string, chunk: number, rows: number, reason: string): Promise<{ chunksDone: number; chunksTotal: number; counted: boolean }> {
    const [done, total, counted, status] = (await runScript(
      this.redis,
      ABANDON_CHUNK,
      this.keys.bulkJob(jobId),
      this.keys.bulkJobChunksDone(jobId),
      this.keys.bulkJobAbandoned(jobId),
      chunk,
      rows,
      reason,
      new Date().toISOString(),
    )) as [number, number, number, string];
    if (counted === 1) {
      const zero = { ok: 0, not_found: 0, failed: 0, cancelled: 0 };
      await addRowTotals(this.redis, this.keys, { ...zero, [status === 'cancelled' ? 'cancelled' : 'failed']: rows });
    }
    return { chunksDone: Number(done), chunksTotal: Number(total), counted: counted === 1 };
  }

  /** Each given-up chunk's rows' status and why, by chunk. */
  async abandonedChunks(jobId: string): Promise<Map<number, AbandonedChunk>> {
    const all = await this.redis.hgetall(this.keys.bulkJobAbandoned(jobId));
    return new Map(
      Object.entries(all).map(([chunk, value]) => {
        const bar = value.indexOf('|');
        return [Number(chunk), { status: value.slice(0, bar) === 'cancelled' ? 'cancelled' : 'failed', reason: value.slice(bar + 1) }];
      }),
    );
  }

  /** Finished jobs whose retention ran out by `nowMs`, oldest first. */
  async dueForRemoval(nowMs: number, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.bulkRetention(), '-inf', nowMs, 'LIMIT', 0, limit);
  }

  /** Keeps a finished job for another retention period from `fromMs`. */
  async retainAgain(jobId: string, fromMs: number): Promise<void> {
    await this.redis.zadd(this.keys.bulkRetention(), fromMs + this.retentionMs, jobId);
  }

  /** Forgets a job: its record, its place in the account's list and in the retention index. */
  async remove(jobId: string, owner: { accountId: string; environment: Environment } | undefined): Promise<void> {
    const multi = this.redis
      .multi()
      .del(this.keys.bulkJob(jobId), this.keys.bulkJobChunksDone(jobId), this.keys.bulkJobAbandoned(jobId))
      .zrem(this.keys.bulkRetention(), jobId)
      .zrem(this.keys.bulkOpenJobs(), jobId);
    if (owner !== undefined) {
      multi.zrem(this.keys.accountBulkJobs(owner.accountId, owner.environment), jobId).zrem(this.keys.legacyAccountBulkJobs(owner.accountId), jobId);
    }
    await multi.exec();
    // Its files are gone too (removed before the record): they no longer count against the quota.
    if (owner !== undefined) await this.quotas.forget(owner.accountId, jobId);
  }

  async chunkResults(jobId: string, chunk: number): Promise<Map<number, string>> {
    const all = await this.redis.hgetall(this.keys.bulkChunkResults(jobId, chunk));
    return new Map(Object.entries(all).map(([row, json]) => [Number(row), json]));
  }

  /**
   * Keeps each row's first decided result, a chunk's rows in one round trip; returns the
   * results that stand (an earlier run's where there was one), by row.
   */
  async keepRowResults(jobId: string, chunk: number, results: ReadonlyMap<number, string>): Promise<Map<number, string>> {
    if (results.size === 0) return new Map();
    const args: (string | number)[] = [7 * 86_400_000];
    for (const [row, json] of results) args.push(row, json);
    const reply = (await runScript(this.redis, KEEP_ROWS, this.keys.bulkChunkResults(jobId, chunk), ...args)) as (number | string)[];
    const kept = new Map<number, string>();
    let index = 0;
    for (const [row, json] of results) {
      const stored = reply[index++];
      kept.set(row, typeof stored === 'string' ? stored : json);
    }
    return kept;
  }

  async dropChunkResults(jobId: string, chunk: number): Promise<void> {
    await this.redis.del(this.keys.bulkChunkResults(jobId, chunk));
  }
}
