/**
 * Per-account quotas on bulk jobs (docs/bulk.md "Quotas"): how many may be unfinished at
 * once, and how many bytes their stored files (input, chunk files, results, change reports)
 * may take. A job is admitted, or refused, by one script on the account's keys at its
 * creation, so concurrent uploads cannot pass the cap together. Each cap is 0 for none.
 *
 * The counts are kept beside the jobs rather than derived from them on every upload: a job
 * leaves the open set when it finishes and its bytes when it is removed. A crash between two
 * of those steps could leave an entry behind, so a refusal first drops entries whose job has
 * finished or is gone, and asks again: a stale entry never refuses anyone.
 */
import type { Redis } from 'ioredis';
import { ADMIT_JOB, FORGET_JOB_QUOTA, SET_JOB_BYTES } from './bulk-job-scripts.js';
import type { RedisKeys } from '../keys.js';
import { runScript } from '../redis/scripts.js';

export interface QuotaCaps {
  /** Unfinished bulk jobs an account may have (BV_MAX_OPEN_JOBS_PER_ACCOUNT); 0: no cap. */
  maxOpenJobs: number;
  /** Bytes an account's bulk job files may take before a new job is refused (BV_MAX_RESULT_BYTES_PER_ACCOUNT); 0: no cap. */
  maxStoredBytes: number;
}

export const NO_QUOTA_CAPS: QuotaCaps = Object.freeze({ maxOpenJobs: 0, maxStoredBytes: 0 });

export type QuotaVerdict =
  | { ok: true }
  | { ok: false; quota: 'open_jobs'; openJobs: number; cap: number }
  | { ok: false; quota: 'stored_bytes'; storedBytes: number; cap: number };

/**
 * An admitted job whose record never came (a process lost between the two) is dropped from the
 * open set after this long; admission and the record are a few round trips apart.
 */
const UNRECORDED_GRACE_MS = 5 * 60_000;

export class JobQuotaStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    readonly caps: QuotaCaps = NO_QUOTA_CAPS,
  ) {}

  private quotaKeys(accountId: string): [string, string, string] {
    return [this.keys.accountOpenBulkJobs(accountId), this.keys.accountJobBytes(accountId), this.keys.accountStoredBytes(accountId)];
  }

  /** The account's unfinished jobs and stored bytes as counted now. */
  async usage(accountId: string): Promise<{ openJobs: number; storedBytes: number }> {
    const [openJobs, storedBytes] = await Promise.all([this.redis.zcard(this.keys.accountOpenBulkJobs(accountId)), this.redis.get(this.keys.accountStoredBytes(accountId))]);
    return { openJobs, storedBytes: Number(storedBytes ?? 0) };
  }

  private verdictOf(openJobs: number, storedBytes: number): QuotaVerdict {
    const { maxOpenJobs, maxStoredBytes } = this.caps;
    if (maxOpenJobs > 0 && openJobs >= maxOpenJobs) return { ok: false, quota: 'open_jobs', openJobs, cap: maxOpenJobs };
    if (maxStoredBytes > 0 && storedBytes >= maxStoredBytes) return { ok: false, quota: 'stored_bytes', storedBytes, cap: maxStoredBytes };
    return { ok: true };
  }

  /**
   * Whether the account may start a job now: a look before an upload is read, so one that would
   * be refused is not streamed in first. admit() decides.
   */
  async check(accountId: string): Promise<QuotaVerdict> {
    if (this.caps.maxOpenJobs === 0 && this.caps.maxStoredBytes === 0) return { ok: true };
    const usage = await this.usage(accountId);
    const verdict = this.verdictOf(usage.openJobs, usage.storedBytes);
    if (verdict.ok || !(await this.prune(accountId, verdict.quota))) return verdict;
    const again = await this.usage(accountId);
    return this.verdictOf(again.openJobs, again.storedBytes);
  }

  /**
   * Counts a new job against its account's quotas, or refuses it (nothing counted). The job's
   * input file counts from now; all its files once it has ended (setJobBytes). A job is admitted
   * while the account is below each cap, so the upload that crosses the bytes cap is taken
   * (its size is known only once it has been read) and the next is refused.
   */
  async admit(accountId: string, jobId: string, inputBytes: number): Promise<QuotaVerdict> {
    const attempt = async (): Promise<QuotaVerdict> => {
      const [verdict, openJobs, storedBytes] = (await runScript(
        this.redis,
        ADMIT_JOB,
        ...this.quotaKeys(accountId),
        jobId,
        Date.now(),
        this.caps.maxOpenJobs,
        this.caps.maxStoredBytes,
        Math.max(0, Math.round(inputBytes)),
      )) as [string, number, number];
      return verdict === 'ok' ? { ok: true } : this.verdictOf(Number(openJobs), Number(storedBytes));
    };
    const verdict = await attempt();
    if (verdict.ok || !(await this.prune(accountId, verdict.quota))) return verdict;
    return attempt();
  }

  /** The job has ended: it no longer counts as unfinished (its files still count). */
  async closed(accountId: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.keys.accountOpenBulkJobs(accountId), jobId);
  }

  /** Sets what the job's files take now (measured when it ends); nothing for a job not counted. */
  async setJobBytes(accountId: string, jobId: string, bytes: number): Promise<void> {
    await runScript(this.redis, SET_JOB_BYTES, this.keys.accountJobBytes(accountId), this.keys.accountStoredBytes(accountId), jobId, Math.max(0, Math.round(bytes)));
  }

  /** The job is gone (refused after admission, or removed): it counts for nothing any more. */
  async forget(accountId: string, jobId: string): Promise<void> {
    await runScript(this.redis, FORGET_JOB_QUOTA, ...this.quotaKeys(accountId), jobId);
  }

  /**
   * Drops what a crash left counted: for the open-jobs quota, jobs that have finished, and
   * admitted jobs with no record after the grace; for the bytes quota, jobs with no record
   * that are not open. Only on a refusal's path. Returns whether it dropped anything.
   */
  private async prune(accountId: string, quota: 'open_jobs' | 'stored_bytes'): Promise<boolean> {
    const openIds = await this.redis.zrange(this.keys.accountOpenBulkJobs(accountId), 0, -1, 'WITHSCORES');
    const open = new Map<string, number>();
    for (let i = 0; i < openIds.length; i += 2) open.set(openIds[i]!, Number(openIds[i + 1]));
    const ids = quota === 'open_jobs' ? [...open.keys()] : (await this.redis.hkeys(this.keys.accountJobBytes(accountId))).filter((id) => !open.has(id));
    if (ids.length === 0) return false;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hmget(this.keys.bulkJob(id), 'account_id', 'finished_at');
    const states = (await pipeline.exec()) ?? [];
    const nowMs = Date.now();
    let dropped = false;
    for (const [index, id] of ids.entries()) {
      const [error, fields] = states[index] ?? [null, null];
      if (error) throw error;
      const [owner, finishedAt] = (fields ?? [null, null]) as [string | null, string | null];
      if (owner === null) {
        if (quota === 'open_jobs' && nowMs - (open.get(id) ?? 0) < UNRECORDED_GRACE_MS) continue;
        await this.forget(accountId, id);
        dropped = true;
      } else if (quota === 'open_jobs' && (finishedAt ?? '') !== '') {
        await this.closed(accountId, id);
        dropped = true;
      }
    }
    return dropped;
  }
}
