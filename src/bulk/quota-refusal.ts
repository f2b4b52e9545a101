import { RetryLaterError } from '../errors.js';
import type { JobQuotaStore, QuotaVerdict } from '../store/bulk-jobs/job-quotas.js';

/**
 * Retry-After of a refusal for unfinished jobs: a job takes from seconds to hours, and its
 * events stream says when it ends.
 */
const OPEN_JOBS_RETRY_AFTER_S = 30;
/** Retry-After of a refusal for stored bytes: space comes back only as retention removes jobs. */
const STORED_BYTES_RETRY_AFTER_S = 3_600;

/** "1.5 GB (1,500,000,000 bytes)": readable, and exact for whoever compares it with the setting. */
export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1_000_000) return exact;
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'GB'] : [bytes / 1e6, 'MB'];
  return `${value.toFixed(1)} ${unit} (${exact})`;
}

/**
 * A job refused by its account's quota: 429 RATE_LIMITED, the contract's code for "too much
 * from this caller, retry later" (as for the account's progress streams), with Retry-After.
 * The message names the quota, the use, the cap, its setting and what frees it.
 */
export function quotaRefusal(verdict: Exclude<QuotaVerdict, { ok: true }>): RetryLaterError {
  if (verdict.quota === 'open_jobs') {
    return new RetryLaterError(
      'RATE_LIMITED',
      `${verdict.cap} unfinished bulk jobs is this account's cap (BV_MAX_OPEN_JOBS_PER_ACCOUNT), and it has ${verdict.openJobs} (uploads and portfolio runs, queued or running): wait for one to finish or cancel one (POST /v1/bulk/jobs/{id}/cancel), then send this again`,
      OPEN_JOBS_RETRY_AFTER_S,
    );
  }
  return new RetryLaterError(
    'RATE_LIMITED',
    `This account's bulk job files take ${formatBytes(verdict.storedBytes)}, at or over its cap of ${formatBytes(verdict.cap)} (BV_MAX_RESULT_BYTES_PER_ACCOUNT): space comes back as finished jobs pass their retention (BV_RETENTION_DAYS) and are removed; or ask the operator to raise the cap`,
    STORED_BYTES_RETRY_AFTER_S,
  );
}

/**
 * A look before an upload is read: an account at a cap is refused before it streams its file
 * in. The job is admitted, or refused, for good when it is committed (JobQuotaStore.admit).
 */
export async function refuseOverQuota(quotas: Pick<JobQuotaStore, 'check'>, accountId: string): Promise<void> {
  const verdict = await quotas.check(accountId);
  if (!verdict.ok) throw quotaRefusal(verdict);
}
