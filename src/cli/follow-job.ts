import { ApiError, NetworkError } from './exit-codes.js';
import { hasEnded, type JobStatus } from './job.js';
import type { ServiceClient } from './service-client.js';

export interface FollowOptions {
  intervalMs?: number;
  onUpdate(job: JobStatus): void;
  /** Consecutive transient failures (network, 429, 5xx) tolerated before giving up. */
  maxTransientFailures?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getJob(client: ServiceClient, jobId: string): Promise<JobStatus> {
  return (await client.call(client.key.GET('/v1/bulk/jobs/{id}', { params: { path: { id: jobId } } }))).data;
}

/**
 * Polls a job until it ends. The job runs in the service whatever happens here, so a
 * service restarting or a rate limit hit while waiting is waited out, not reported as the
 * job's failure.
 */
export async function followJob(client: ServiceClient, jobId: string, options: FollowOptions): Promise<JobStatus> {
  const intervalMs = options.intervalMs ?? 1000;
  const maxFailures = options.maxTransientFailures ?? 10;
  let failures = 0;
  for (;;) {
    let job: JobStatus;
    try {
      job = await getJob(client, jobId);
      failures = 0;
    } catch (error) {
      const transient = error instanceof NetworkError || (error instanceof ApiError && error.retryable);
      if (!transient || ++failures > maxFailures) throw error;
      await sleep(Math.min(30_000, intervalMs * 2 ** failures));
      continue;
    }
    options.onUpdate(job);
    if (hasEnded(job)) return job;
    await sleep(intervalMs);
  }
}
