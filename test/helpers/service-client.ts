import { setTimeout as sleep } from 'node:timers/promises';
import type { JobStatus } from './bulk-client.js';

/**
 * A small HTTP client for a service running in its own process (startServerProcess), for
 * tests that kill processes: every call goes over the network, as a customer's would.
 */
export interface ServiceClient {
  admin(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<Response>;
  /** POST JSON with a customer key and extra headers (an Idempotency-Key). */
  post(path: string, key: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, key: string): Promise<Response>;
  /** An account with `balanceInr` and a rate limit no test reaches. */
  createAccount(balanceInr: number): Promise<{ accountId: string; sandboxKey: string; liveKey: string }>;
  jobStatus(key: string, jobId: string): Promise<JobStatus>;
  /**
   * Polls a job until `done` holds (by default: it finished), for at most `timeoutMs`. A poll
   * that fails (the service cannot reach Redis, say) is tried again: the service is expected to
   * recover, and the deadline decides.
   */
  waitForJob(key: string, jobId: string, done?: (status: JobStatus) => boolean, timeoutMs?: number): Promise<JobStatus>;
}

export function serviceClient(baseUrl: () => string, adminToken: string): ServiceClient {
  const admin: ServiceClient['admin'] = (method, path, body) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const post: ServiceClient['post'] = (path, key, body, headers = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const get: ServiceClient['get'] = (path, key) => fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const jobStatus = async (key: string, jobId: string): Promise<JobStatus> => {
    const response = await get(`/v1/bulk/jobs/${jobId}`, key);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET /v1/bulk/jobs/${jobId}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: JobStatus }).data;
  };
  return {
    admin,
    post,
    get,
    async createAccount(balanceInr) {
      // Both wallets funded alike: a test's sandbox key spends the sandbox one, its live key the live one.
      const response = await admin('POST', '/admin/v1/accounts', { name: 'Fault test', balance_inr: balanceInr, sandbox_balance_inr: balanceInr, rate_limit_per_minute: 1_000_000 });
      const body = (await response.json()) as { account_id: string; sandbox_key: string; live_key: string };
      if (response.status !== 201) throw new Error(`creating an account: ${response.status} ${JSON.stringify(body)}`);
      return { accountId: body.account_id, sandboxKey: body.sandbox_key, liveKey: body.live_key };
    },
    jobStatus,
    async waitForJob(key, jobId, done = (s) => s.finished_at !== null || s.status === 'failed', timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      let last: JobStatus | undefined;
      let lastError: unknown;
      for (;;) {
        try {
          last = await jobStatus(key, jobId);
          if (done(last)) return last;
        } catch (error) {
          lastError = error;
        }
        if (Date.now() > deadline) {
          if (last !== undefined) return last;
          throw new Error(`job ${jobId} never answered: ${String(lastError)}`);
        }
        await sleep(100);
      }
    },
  };
}
