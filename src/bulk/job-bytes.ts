/**
 * What a job's stored files take, for its account's stored-bytes quota (store/bulk-jobs/job-quotas.ts):
 * measured when the job ends (its input, chunk and result files) and again after a portfolio
 * run's change report, then kept until the job is removed.
 */
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';

/**
 * Records what an ended job's files take now. A failed job's files are removed as it ends
 * (finalize-job.ts failJob), so it counts for nothing.
 */
export async function recordJobBytes(deps: { jobs: BulkJobStore; results: Pick<ResultStore, 'storedBytes'> }, jobId: string): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined) return;
  const bytes = job.status === 'failed' ? 0 : await deps.results.storedBytes(jobId);
  await deps.jobs.quotas.setJobBytes(job.accountId, jobId, bytes);
}
