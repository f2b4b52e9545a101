import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createS3Client, S3ResultStore } from '../../src/store/results/s3-result-store.js';
import { deleteKeysUnder } from '../helpers/redis-process.js';
import { S3_SERVER_CREDENTIALS, startS3Server, type S3Server } from '../helpers/s3-server.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient } from '../helpers/service-client.js';
import { killWorker, startWorkerPool } from '../helpers/worker-process.js';

const ROWS = 10_000;
const ADMIN_TOKEN = 'results-s3-admin-token-0123456789';

/** A 10,000-row vendor list: known GSTINs, unknown, invalid, repeated and a source fault, as bulk-10k.test.ts has them. */
function vendorCsv(): string {
  const known = loadSandboxRegistry().identifiers('gstin');
  const gstins = Array.from({ length: ROWS }, (_, i) => {
    if (i % 97 === 5) return '27AAPFU0939F1ZX'; // bad checksum: invalid
    if (i % 89 === 7) return '27ZZZCZ0404Z1ZT'; // unknown: not_found
    if (i % 83 === 11) return '27ZZZCZ5030Z1ZL'; // source down: failed
    if (i % 10 === 9) return known[i - 3] as string; // a repeat of an earlier row
    return known[(i * 7) % known.length] as string;
  });
  return `gstin,row_ref\n${gstins.map((g, i) => `${g},R${i + 1}`).join('\n')}\n`;
}

/**
 * DESIGN.md §2: with the result files on an S3-compatible store, the API, the verify pool and
 * the finalize pool share only Redis and the store. Each runs here with a data folder of its
 * own, so a job can only complete if every file (input, chunks, results) goes through the
 * bucket; its result files must be those the same job gets on one machine with the local folder.
 */
describe('result files on an S3-compatible store, shared by processes with different data folders', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let s3: S3Server;
  const s3Prefix = 'multi/';
  const keyPrefixes = { s3: `bvtest:${randomBytes(6).toString('hex')}`, local: `bvtest:${randomBytes(6).toString('hex')}` };
  const dataDirs: Record<'api' | 'verify' | 'finalize' | 'local', string> = { api: '', verify: '', finalize: '', local: '' };
  let api: ServerProcess;
  let oneMachine: ServerProcess;

  beforeAll(async () => {
    for (const role of Object.keys(dataDirs) as (keyof typeof dataDirs)[]) {
      dataDirs[role] = await mkdtemp(path.join(os.tmpdir(), `bv-s3-${role}-`));
      cleanup.push(() => rm(dataDirs[role], { recursive: true, force: true }));
    }
    s3 = await startS3Server();
    cleanup.push(() => s3.stop());
    const common = { REDIS_URL: inject('redisUrl'), BV_BULK_ROW_BACKOFF_MS: '5', BV_BULK_ROW_ATTEMPTS: '2' };
    const shared = { ...common, ...s3.env, BV_RESULTS_S3_PREFIX: s3Prefix, BV_KEY_PREFIX: keyPrefixes.s3 };
    const [apiProcess, verify, finalize, local] = await Promise.all([
      startServerProcess({ ...shared, BV_DATA_DIR: dataDirs.api, BV_ADMIN_TOKEN: ADMIN_TOKEN, BV_RUN_WORKERS: 'false' }, 60_000),
      startWorkerPool('verify', { ...shared, BV_DATA_DIR: dataDirs.verify }, { timeoutMs: 60_000 }),
      startWorkerPool('finalize', { ...shared, BV_DATA_DIR: dataDirs.finalize }, { timeoutMs: 60_000 }),
      // The same service on one machine: API and pools in one process, files in its own folder.
      startServerProcess({ ...common, BV_DATA_DIR: dataDirs.local, BV_ADMIN_TOKEN: ADMIN_TOKEN, BV_KEY_PREFIX: keyPrefixes.local }, 60_000),
    ]);
    api = apiProcess;
    oneMachine = local;
    cleanup.push(
      () => api.stop(),
      () => killWorker(verify),
      () => killWorker(finalize),
      () => oneMachine.stop(),
      () => deleteKeysUnder(inject('redisUrl'), keyPrefixes.s3),
      () => deleteKeysUnder(inject('redisUrl'), keyPrefixes.local),
    );
  }, 120_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('completes a 10,000-row job with the same result files as one machine, each row billed once', { timeout: 240_000 }, async () => {
    const csv = vendorCsv();
    const runJob = async (server: ServerProcess) => {
      const client = serviceClient(() => server.baseUrl, ADMIN_TOKEN);
      const { accountId, sandboxKey } = await client.createAccount(10_000);
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'vendors.csv');
      const created = await fetch(`${server.baseUrl}/v1/bulk/jobs?operation=gst.verify`, { method: 'POST', headers: { authorization: `Bearer ${sandboxKey}` }, body: form });
      const createdText = await created.text();
      expect(created.status, createdText).toBe(202);
      const jobId = (JSON.parse(createdText) as { data: { job_id: string } }).data.job_id;
      const status = await client.waitForJob(sandboxKey, jobId, undefined, 200_000);
      expect(status.status, JSON.stringify(status)).toBe('completed');
      const download = async (url: string) => {
        const response = await client.get(url, sandboxKey);
        expect(response.status).toBe(200);
        const body = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(body.length);
        return body;
      };
      const [resultsCsv, resultsJsonl, resultsXlsx] = await Promise.all([download(status.results!.csv), download(status.results!.jsonl), download(status.results!.xlsx)]);
      const reconciled = (await (await client.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean };
      const ledger = await (await client.admin('GET', `/admin/v1/ledger/export?account=${accountId}`)).text();
      const commits = ledger
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; reference: string })
        .filter((entry) => entry.type === 'commit' && entry.reference.startsWith(`${jobId} row `));
      return { jobId, status, resultsCsv, resultsJsonl, resultsXlsx, reconciled, commits };
    };
    const [shared, single] = await Promise.all([runJob(api), runJob(oneMachine)]);

    // Byte for byte: nothing in the result files depends on where or when they were written.
    expect(shared.resultsJsonl.toString('utf8').trim().split('\n')).toHaveLength(ROWS);
    expect(shared.resultsCsv.equals(single.resultsCsv)).toBe(true);
    expect(shared.resultsJsonl.equals(single.resultsJsonl)).toBe(true);
    // The workbook too, byte for byte: written through the bucket as through the folder.
    expect(shared.resultsXlsx.equals(single.resultsXlsx)).toBe(true);
    expect(shared.status.rows).toEqual(single.status.rows);
    expect(shared.status.charged_inr).toBe(single.status.charged_inr);
    expect(shared.status.charged_inr).toBeGreaterThan(0);

    // The money: the ledger reconciles, and each billed row has exactly one commit.
    for (const run of [shared, single]) {
      expect(run.reconciled.ok).toBe(true);
      const references = run.commits.map((c) => c.reference);
      expect(new Set(references).size).toBe(references.length);
      const billedRows = (run.resultsJsonl.toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as { charged_inr: number })).filter((r) => r.charged_inr > 0);
      expect(references).toHaveLength(billedRows.length);
    }

    // Every file went through the bucket: none of the three processes wrote a result folder of its own.
    for (const role of ['api', 'verify', 'finalize'] as const) expect(existsSync(path.join(dataDirs[role], 'results')), role).toBe(false);
    expect(existsSync(path.join(dataDirs.local, 'results', single.jobId, 'results.csv'))).toBe(true);
    const bucket = new S3ResultStore(createS3Client({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: s3Prefix, credentials: S3_SERVER_CREDENTIALS }), { bucket: s3.bucket, prefix: s3Prefix });
    try {
      expect((await bucket.listing(shared.jobId))?.entries.map((e) => e.name).sort()).toEqual(['chunks', 'input.jsonl', 'results.csv', 'results.jsonl', 'results.xlsx']);
      expect(await bucket.storedBytes(shared.jobId)).toBeGreaterThan(shared.resultsCsv.length + shared.resultsJsonl.length);
    } finally {
      await bucket.close();
    }
  });
});
