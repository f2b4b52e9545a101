import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../src/cli/job.js';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { runBv } from '../helpers/run-bv.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { sheetXml, workbookEntries, zip } from '../helpers/xlsx-files.js';

const CANCELLED = scenario('cancelled-gstin').identifiers.gstin!;

/** `bv bulk` for spreadsheets (issue 28): results, retry, Excel in and out, templates; against the real app, as child processes. */
describe('bv bulk results, retry and spreadsheets', { timeout: 60_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let jobId: string;
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bv-cli-sheets-'));
    t = await createTestApp({ env: { BV_BULK_ROW_ATTEMPTS: '2', BV_BULK_ROW_BACKOFF_MS: '10' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    t.deps.startWorkers();
    const created = await t.post('/v1/bulk/jobs', {
      operation: 'gst.verify',
      rows: [{ gstin: '27AAPFU0939F1ZV', vendor: 'Clean Co' }, { gstin: FAULT_TRIGGERS.unavailable.gstin, vendor: 'Flaky Ltd' }, { gstin: 'nonsense', vendor: 'Typo' }, { gstin: CANCELLED, vendor: 'Gone Ltd' }],
    });
    jobId = created.json().data.job_id as string;
    await waitForJob(t.app, t.sandboxKey, jobId);
  });
  afterAll(async () => {
    await t.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const bv = (args: string[]) => runBv(args, { BV_BASE_URL: baseUrl, BV_KEY: t.sandboxKey });
  /** A file of the API as it serves it, to compare a download with byte for byte. */
  const apiBytes = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } })).rawPayload;

  it('prints the failed rows of a job, and its rows as JSON with --json', async () => {
    const failed = await bv(['bulk', 'results', jobId, '--outcome', 'failed']);
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stdout).toMatch(/ROW\s+OUTCOME\s+STATUS\s+INPUT/);
    expect(failed.stdout).toContain('Flaky Ltd');
    expect(failed.stdout).not.toContain('Clean Co');
    const problems = await bv(['--json', 'bulk', 'results', jobId, '--problems']);
    expect((JSON.parse(problems.stdout) as { row: number }[]).map((r) => r.row)).toEqual([2, 3, 4]);
  });

  it('bulk status says the breakdown in words, as the console does, and links results.xlsx', async () => {
    const ran = await bv(['bulk', 'status', jobId]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^outcomes\s+2 verified · 1 failed · 1 invalid$/m);
    expect(ran.stdout).toMatch(/^by status\s+1 cancelled$/m);
    expect(ran.stdout).toMatch(new RegExp(`^results\\s+.*/v1/bulk/jobs/${jobId}/results\\.xlsx$`, 'm'));
  });

  it('bulk download --format xlsx writes results.xlsx byte for byte', async () => {
    const dest = path.join(tmp, 'results.xlsx');
    const ran = await bv(['bulk', 'download', jobId, '--format', 'xlsx', '-o', dest]);
    expect(ran.code, ran.stderr).toBe(0);
    expect((await readFile(dest)).equals(await apiBytes(`/v1/bulk/jobs/${jobId}/results.xlsx`))).toBe(true);
  });

  it('bulk templates writes an operation\'s template, .csv or .xlsx', async () => {
    const csv = await bv(['bulk', 'templates', 'gst.verify', '-o', '-']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe((await apiBytes('/v1/bulk/templates/gst.verify.csv')).toString('utf8'));
    const dest = path.join(tmp, 'template.xlsx');
    const xlsx = await bv(['bulk', 'templates', 'pan.verify', '--format', 'xlsx', '--out', dest]);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    expect((await readFile(dest)).equals(await apiBytes('/v1/bulk/templates/pan.verify.xlsx'))).toBe(true);
  });

  describe('an .xlsx upload', () => {
    // The first sheet has one row under a GSTIN header; the one asked for has two under a header no alias knows.
    const workbook = zip(
      workbookEntries([
        { name: 'Main', xml: sheetXml([['GSTIN', 'Party'], ['27AAPFU0939F1ZV', 'Clean Co']]) },
        { name: 'Q3', xml: sheetXml([['Vendor Tax ID', 'Buyer'], ['27AAPFU0939F1ZV', 'Clean Co'], [CANCELLED, 'Gone Ltd']]) },
      ]),
    );

    it('submit --sheet --columns --wait reads that sheet by that column and writes tally.results.csv beside it', async () => {
      const input = path.join(tmp, 'tally.xlsx');
      await writeFile(input, workbook);
      const ran = await bv(['--json', 'bulk', 'submit', input, '--operation', 'gst.verify', '--sheet', 'Q3', '--columns', 'gstin:Vendor Tax ID', '--wait']);
      expect(ran.code, ran.stderr).toBe(0);
      const out = JSON.parse(ran.stdout) as { job: JobStatus; results_path: string };
      // No COLUMN_GUESSED: the column was named.
      expect(out.job).toMatchObject({ status: 'completed', rows: { total: 2, ok: 2 }, warnings: [] });
      expect(out.results_path).toBe(path.join(tmp, 'tally.results.csv'));
      expect(await readFile(out.results_path, 'utf8')).toContain(CANCELLED);
    });

    it('submit --wait and bulk status print the intake\'s warnings and the breakdown', async () => {
      const input = path.join(tmp, 'guessed.xlsx');
      await writeFile(input, workbook);
      const ran = await bv(['bulk', 'submit', input, '--operation', 'gst.verify', '--sheet', 'Q3', '--wait']);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^Warning: .*Vendor Tax ID.* \(COLUMN_GUESSED\)$/m);
      expect(ran.stdout).toContain('Breakdown: 2 verified; by status: 1 cancelled.');
      const id = /^Job (job_[0-9a-f]{20}) completed/m.exec(ran.stdout)![1]!;
      expect(ran.stdout).toContain(`As Excel: bv bulk download ${id} --format xlsx`);
      const status = await bv(['bulk', 'status', id]);
      expect(status.stdout).toMatch(/^warning\s+.*Vendor Tax ID.* \(COLUMN_GUESSED\)$/m);
    });

    it('a refusal that names ?columns= says which bv option that is', async () => {
      const input = path.join(tmp, 'no-ids.csv');
      await writeFile(input, 'Vendor,City\nClean Co,Pune\n');
      const ran = await bv(['bulk', 'submit', input, '--operation', 'gst.verify']);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain('?columns=');
      expect(ran.stderr).toMatch(/^ {2}with bv: \?columns= is --columns "column:Header"/m);
    });

    it('portfolio rows from a workbook: --sheet and --columns are sent, the upload\'s warnings printed', async () => {
      const input = path.join(tmp, 'suppliers.xlsx');
      await writeFile(input, workbook);
      const created = await bv(['portfolios', 'create', '--name', 'Q3 suppliers', '--operation', 'gst.verify', '--every', 'weekly', '--file', input, '--sheet', 'Q3']);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^Rows: 2 added, 0 replaced, 0 invalid; 2 in the portfolio\.$/m);
      expect(created.stdout).toMatch(/^Warning: .*Vendor Tax ID.* \(COLUMN_GUESSED\)$/m);
      const portfolioId = /^Portfolio (\S+) created\.$/m.exec(created.stdout)![1]!;
      const added = await bv(['--json', 'portfolios', 'add-rows', portfolioId, input, '--sheet', 'Q3', '--columns', 'gstin:Vendor Tax ID']);
      expect(added.code, added.stderr).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ added: 0, replaced: 2, warnings: [] });
    });
  });

  it('retries the failed rows as a new job', async () => {
    const ran = await bv(['bulk', 'retry', jobId]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`Job job_[0-9a-f]{20} queued: retries 1 failed row\\(s\\) of ${jobId}; ₹0\\.75 held\\.`));
    const again = await bv(['bulk', 'retry', jobId]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already retried');
  });

  it('retry --wait follows the new job and downloads its results; status shows the links both ways', async () => {
    const first = (await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.retried_by as string;
    await waitForJob(t.app, t.sandboxKey, first);
    const dest = path.join(tmp, 'retry.csv');
    const ran = await bv(['bulk', 'retry', first, '--wait', '--out', dest]);
    // The row's source is still down: the job completes with it failed again (exit 4), results downloaded.
    expect(ran.code, ran.stderr).toBe(4);
    const second = new RegExp(`^Job (job_[0-9a-f]{20}) completed \\(retry of ${first}\\): 0 ok, 0 not found, 1 failed of 1\\.$`, 'm').exec(ran.stdout)?.[1];
    expect(second, ran.stdout).toBeDefined();
    expect(await readFile(dest, 'utf8')).toContain('PROVIDER_UNAVAILABLE');
    const status = await bv(['bulk', 'status', first]);
    expect(status.stdout).toMatch(new RegExp(`^retry of\\s+${jobId}$`, 'm'));
    expect(status.stdout).toMatch(new RegExp(`^retried by\\s+${second}$`, 'm'));
  });
});
