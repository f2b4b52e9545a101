import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../src/cli/job.js';
import { ProgressReporter } from '../../src/cli/progress.js';
import { runBv, type Ran } from '../helpers/run-bv.js';
import { driftPhase } from '../../src/sources/sandbox/drift.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const GSTIN = '27AAPFU0939F1ZV';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `bv` against the real app listening on a port, with real BullMQ workers, as a child process
 * from the TypeScript source. Spawned asynchronously: the server answers from this process.
 */
// Each bv run is a fresh Node process with tsx (about a second): tests that run several need time.
describe('the bv command line', { timeout: 60_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let tmp: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bv-cli-'));
    t = await createTestApp({ env: { BV_DATA_DIR: tmp, BV_BULK_ROW_ATTEMPTS: '2', BV_BULK_ROW_BACKOFF_MS: '10' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    t.deps.startWorkers();
    secrets.push(t.sandboxKey, ADMIN_TOKEN);
  });
  afterAll(async () => {
    await t.close();
    await rm(tmp, { recursive: true, force: true });
  });

  /** Runs bv with only the given environment (none of this machine's BV_* variables). */
  async function bv(args: string[], env: Record<string, string> = {}): Promise<Ran> {
    const ran = await runBv(args, { BV_BASE_URL: baseUrl, BV_KEY: t.sandboxKey, ...env });
    // Whatever happened, no key or token is ever printed.
    for (const secret of secrets) expect(ran.stdout + ran.stderr).not.toContain(secret);
    return ran;
  }

  describe('bv verify', () => {
    it('prints the record as aligned text with what the call was charged', async () => {
      const ran = await bv(['verify', 'gst', GSTIN]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^gstin\s+27AAPFU0939F1ZV$/m);
      expect(ran.stdout).toMatch(/^status\s+Active$/m);
      expect(ran.stdout).toMatch(/gst\.verify · charged ₹0\.75 · sandbox · .* · req_[0-9a-f]{24}/);
      expect(ran.stderr).toBe('');
    });

    it('prints only the API envelope as JSON on stdout with --json', async () => {
      const ran = await bv(['--json', 'verify', 'pan', 'ABCPV1234D', '--name', 'Rahul Kumar Verma']);
      expect(ran.code, ran.stderr).toBe(0);
      const body = JSON.parse(ran.stdout) as { success: boolean; api: string; data: { pan: string; name_match: { result: string } }; meta: { charged: boolean } };
      expect(body).toMatchObject({ success: true, api: 'pan.verify', data: { pan: 'ABCPV1234D', name_match: { result: 'match' } }, meta: { charged: true } });
      expect(ran.stderr).toBe('');
    });

    it('exits 1 with the API error code, message and each field rule when the API refuses the call', async () => {
      const ran = await bv(['verify', 'gst', '27AAPFU0939F1ZW']);
      expect(ran.code).toBe(1);
      expect(ran.stdout).toBe('');
      expect(ran.stderr).toContain('VALIDATION_FAILED (HTTP 400)');
      expect(ran.stderr).toContain("gstin: checksum: check character 'W' is wrong: expected 'V'");
    });

    it('exits 5 when the key is refused, without printing the key', async () => {
      const badKey = 'bv_test_abcdefghijkl_NotARealSecretNotARealSecret1234';
      secrets.push(badKey);
      const ran = await bv(['verify', 'gst', GSTIN], { BV_KEY: badKey });
      expect(ran.code).toBe(5);
      expect(ran.stderr).toContain('AUTH_INVALID_KEY');
      const json = await bv(['--json', 'verify', 'gst', GSTIN, '--key', badKey]);
      expect(json.code).toBe(5);
      expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'AUTH_INVALID_KEY', http_status: 401 } });
    });

    it('exits 3 when the service cannot be reached, with a JSON error under --json', async () => {
      const url = `http://127.0.0.1:${await closedPort()}`;
      const ran = await bv(['verify', 'gst', GSTIN, '--base-url', url]);
      expect(ran.code).toBe(3);
      expect(ran.stderr).toContain(`Cannot reach the service at ${url}: connection refused`);
      const json = await bv(['--json', 'verify', 'gst', GSTIN], { BV_BASE_URL: url });
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'SERVICE_UNREACHABLE' } });
    });

    it('exits 2 on usage errors: a missing argument, an unknown command, a bad value, no key', async () => {
      const missing = await bv(['verify', 'gst']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("missing required argument 'GSTIN'");
      expect((await bv(['frobnicate'])).code).toBe(2);
      expect((await bv(['wallet', 'ledger', '--limit', 'zero'])).code).toBe(2);
      expect((await bv(['verify', '360', 'NOT-AN-ID'])).code).toBe(2);
      const noKey = await bv(['verify', 'gst', GSTIN], { BV_KEY: '' });
      expect(noKey.code).toBe(2);
      expect(noKey.stderr).toContain('No API key');
    });

    it('documents the exit codes in --help', async () => {
      const ran = await bv(['--help']);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/Exit codes:[\s\S]*3\s+cannot reach the service[\s\S]*4\s+a bulk job[\s\S]*5\s+the API key or admin token was refused/);
    });
  });

  describe('bv bulk', () => {
    it('submit --wait --json uploads the CSV, follows the job and prints one JSON with its status and the results path', async () => {
      const input = path.join(tmp, 'vendors-100.csv');
      await copyFile(path.join(root, 'samples/vendors-100.csv'), input);
      const ran = await bv(['bulk', 'submit', input, '--operation', 'gst.verify', '--wait', '--json']);
      expect(ran.code, ran.stderr).toBe(0);
      const out = JSON.parse(ran.stdout) as { job: JobStatus; results_path: string };
      expect(out.job).toMatchObject({ status: 'completed', operation: 'gst.verify', rows: { total: 100, invalid: 1, duplicates: 1, done: 98, failed: 0 } });
      expect(out.results_path).toBe(path.join(tmp, 'vendors-100.results.csv'));
      const csv = await readFile(out.results_path, 'utf8');
      expect(csv.trimEnd().split(/\r?\n/)).toHaveLength(101);
      expect(csv).toMatch(/^\uFEFF?row,gstin,vendor_code,vendor_name_in_erp,status/);
      // No progress with --json.
      expect(ran.stderr).toBe('');

      const status = await bv(['--json', 'bulk', 'status', out.job.job_id]);
      expect(JSON.parse(status.stdout)).toMatchObject({ job_id: out.job.job_id, status: 'completed' });
      const list = await bv(['bulk', 'list']);
      expect(list.stdout).toMatch(new RegExp(`^${out.job.job_id}\\s+completed\\s+gst\\.verify\\s+100\\s+98/98`, 'm'));
    });

    it('submit --wait in human mode writes progress lines to stderr when it is not a terminal, and the results where --out says', async () => {
      const out = path.join(tmp, 'human-results.jsonl');
      const ran = await bv(['bulk', 'submit', 'samples/vendors-100.csv', '--operation', 'gst.verify', '--wait', '--format', 'jsonl', '--out', out]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stderr).toMatch(/^Job job_[0-9a-f]{20} queued: 100 rows, 99 valid, 1 invalid, 1 duplicate\(s\); ₹73\.50 held\.$/m);
      expect(ran.stderr).toMatch(/^job_[0-9a-f]{20} completed: 98\/98 \(100%\), ok 97 · not found 1 · failed 0$/m);
      expect(ran.stderr).not.toContain('\r');
      expect(ran.stdout).toContain('completed: 97 ok, 1 not found, 0 failed of 98');
      expect(ran.stdout).toContain(`Results: ${out}`);
      expect((await readFile(out, 'utf8')).trimEnd().split('\n')).toHaveLength(100);
      // Paged: one job, and the command for the next page on stderr; that page starts after it.
      const first = await bv(['bulk', 'list', '--limit', '1']);
      expect(first.stdout.trim().split('\n')).toHaveLength(2);
      const next = /^More: bv bulk list --limit 1 --cursor (job_\w+\.\d+)$/m.exec(first.stderr);
      expect(next, first.stderr).not.toBeNull();
      const second = await bv(['--json', 'bulk', 'list', '--limit', '1', '--cursor', next![1]!]);
      const jobs = JSON.parse(second.stdout) as { job_id: string }[];
      expect(jobs).toHaveLength(1);
      expect(first.stdout).not.toContain(jobs[0]!.job_id);
    });

    it('exits 4 when rows of the job failed, and still downloads the results', async () => {
      const input = path.join(tmp, 'fault.csv');
      await writeFile(input, `gstin,ref\n27ZZZCZ5030Z1ZL,down\n${GSTIN},fine\n`);
      const ran = await bv(['bulk', 'submit', input, '--operation', 'gst.verify', '--wait', '--json']);
      expect(ran.code).toBe(4);
      const out = JSON.parse(ran.stdout) as { job: JobStatus; results_path: string };
      expect(out.job.rows).toMatchObject({ ok: 1, failed: 1 });
      expect(await readFile(out.results_path, 'utf8')).toContain('PROVIDER_UNAVAILABLE');
      expect(ran.stderr).toContain('1 row(s) of');
    });
  });

  describe('bv wallet', () => {
    it('shows which wallet (the key\'s environment), its balance, held and available amounts', async () => {
      const ran = await bv(['wallet']);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^wallet\s+sandbox \(the key's environment; live credit is apart\)\nbalance\s+₹[\d,]+\.\d\d\nheld\s+₹[\d,]+\.\d\d\navailable\s+₹[\d,]+\.\d\d\n$/);
      const json = JSON.parse((await bv(['--json', 'wallet'])).stdout) as { balance_inr: number; held_inr: number; available_inr: number };
      expect(json.available_inr).toBeCloseTo(json.balance_inr - json.held_inr, 2);
      const ledger = JSON.parse((await bv(['--json', 'wallet', 'ledger', '--limit', '2'])).stdout) as { entries: unknown[] };
      expect(ledger.entries).toHaveLength(2);
    });

    it('lists the ledger with each bulk job as one line by default, every entry with --group entry, and writes it as CSV', async () => {
      // The bulk tests above ran jobs on this account.
      const grouped = await bv(['wallet', 'ledger', '--limit', '100']);
      expect(grouped.code, grouped.stderr).toBe(0);
      expect(grouped.stdout).toMatch(/^AT\s+TYPE\s+FOR\s+AMOUNT\s+BALANCE\s+REFERENCE/);
      expect(grouped.stdout).toMatch(/\bjob\s+bulk job .*\(gst\.verify, \d+ rows?, (completed|failed|cancelled)\)/);
      // A job's charges take from the wallet (-), a top-up adds (+): signed as the console shows them.
      expect(grouped.stdout).toMatch(/\bjob\s+bulk job .*\)\s+-₹[\d,]+\.\d\d\s/);
      expect(grouped.stdout).toMatch(/\btopup\b.*\s\+₹[\d,]+\.\d\d\s/);
      expect(grouped.stdout).not.toMatch(/job_[0-9a-f]{20} row \d+/);
      const every = await bv(['wallet', 'ledger', '--limit', '100', '--group', 'entry']);
      expect(every.stdout).toMatch(/job_[0-9a-f]{20} row \d+/);
      expect((await bv(['wallet', 'ledger', '--group', 'jobs'])).code).toBe(2);

      const csv = path.join(tmp, 'ledger.csv');
      const written = await bv(['wallet', 'csv', '--out', csv, '--group', 'job']);
      expect(written.code, written.stderr).toBe(0);
      const lines = (await readFile(csv, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('at,type,operation,identifier,job_id,job_kind,job_status,rows,amount_inr,balance_inr,reference,id,balance_change_inr,job_name,row,balance_at');
      expect(lines.some((line) => /,job,gst\.verify,,job_[0-9a-f]{20},bulk,/.test(line))).toBe(true);
    });

    it("refills the sandbox wallet with a sandbox key, and says a live key cannot", async () => {
      const before = JSON.parse((await bv(['--json', 'wallet'])).stdout) as { balance_inr: number };
      const topped = await bv(['wallet', 'sandbox-topup', '--amount-inr', '250.50']);
      expect(topped.code, topped.stderr).toBe(0);
      expect(topped.stdout).toMatch(/^topped up\s+₹250\.50\nwallet\s+sandbox\nbalance\s+₹[\d,]+\.\d\d\navailable\s+₹[\d,]+\.\d\d\n$/);
      const after = JSON.parse((await bv(['--json', 'wallet'])).stdout) as { balance_inr: number };
      expect(Math.round((after.balance_inr - before.balance_inr) * 100)).toBe(25_050);
      expect((await bv(['wallet', 'sandbox-topup', '--amount-inr', 'lots'])).code).toBe(2);
      const live = await bv(['wallet', 'sandbox-topup'], { BV_KEY: t.liveKey });
      expect(live.code).not.toBe(0);
      expect(live.stderr).toContain('Only a sandbox key tops up its sandbox wallet');
    });
  });

  describe('bv portfolios', () => {
    it('creates a portfolio with rows from a CSV, runs it, and lists the run', async () => {
      const rows = path.join(tmp, 'suppliers.csv');
      await writeFile(rows, 'gstin,Party Name\n24AHRPM2741D1ZG,Sharma Traders\n27AAGFS6183P1ZD,b\n24AAJCR5538M1ZW,c\nNOT-A-GSTIN,d\n');
      const created = await bv(['--json', 'portfolios', 'create', '--name', 'Key suppliers', '--operation', 'gst.verify', '--every', 'weekly', '--file', rows]);
      expect(created.code, created.stderr).toBe(0);
      const { portfolio, upload } = JSON.parse(created.stdout) as { portfolio: { portfolio_id: string; rows: number }; upload: { added: number; invalid: number } };
      expect(portfolio.rows).toBe(3);
      expect(upload).toMatchObject({ added: 3, invalid: 1 });

      const run = await bv(['--json', 'portfolios', 'run', portfolio.portfolio_id, '--wait']);
      expect(run.code, run.stderr).toBe(0);
      const { run_id, job } = JSON.parse(run.stdout) as { run_id: string; job: JobStatus };
      expect(job).toMatchObject({ job_id: run_id, status: 'completed', rows: { ok: 3 } });

      const runs = await bv(['portfolios', 'runs', portfolio.portfolio_id]);
      expect(runs.code, runs.stderr).toBe(0);
      expect(runs.stdout).toMatch(new RegExp(`^${run_id}\\s+completed\\s`, 'm'));
      const changes = await bv(['--json', 'portfolios', 'changes', portfolio.portfolio_id, run_id]);
      expect(changes.code, changes.stderr).toBe(0);
      expect(JSON.parse(changes.stdout)).toEqual([]);

      const csv = await bv(['portfolios', 'changes', portfolio.portfolio_id, run_id, '--out', '-']);
      expect(csv.code, csv.stderr).toBe(0);
      expect(csv.stdout).toMatch(/^\uFEFF?identifier,vendor_name,vendor_code,check,field,description,before,after,severity,detected_at/);

      // A sandbox week on (two across a week 53) the drifting GSTIN has changed: the table names
      // the supplier by its own name and says what changed in words.
      const phaseOf = async () => driftPhase(new Date((await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json().sandbox_now as string));
      const phaseBefore = await phaseOf();
      await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { offset_days: 7 });
      if ((await phaseOf()) === phaseBefore) await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { offset_days: 14 });
      try {
        const again = await bv(['--json', 'portfolios', 'run', portfolio.portfolio_id, '--wait']);
        expect(again.code, again.stderr).toBe(0);
        const second = (JSON.parse(again.stdout) as { run_id: string }).run_id;
        let report = await bv(['portfolios', 'changes', portfolio.portfolio_id, second]);
        // The report is written just after the run ends.
        for (let i = 0; i < 100 && report.code !== 0; i++) report = await bv(['portfolios', 'changes', portfolio.portfolio_id, second]);
        expect(report.code, report.stderr).toBe(0);
        expect(report.stdout).toMatch(/^SEVERITY\s+SUPPLIER\s+IDENTIFIER\s+WHAT CHANGED\s+FIELD/m);
        expect(report.stdout).toMatch(/Sharma Traders\s+24AHRPM2741D1ZG\s+GST registration (cancelled|active again)/);
        // changes.xlsx, written byte for byte as the API serves it.
        const xlsx = path.join(tmp, 'changes.xlsx');
        const saved = await bv(['portfolios', 'changes', portfolio.portfolio_id, second, '--format', 'xlsx', '-o', xlsx]);
        expect(saved.code, saved.stderr).toBe(0);
        const served = await t.app.inject({ method: 'GET', url: `/v1/portfolios/${portfolio.portfolio_id}/runs/${second}/changes.xlsx`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
        expect((await readFile(xlsx)).equals(served.rawPayload)).toBe(true);
      } finally {
        await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { offset_days: 0 });
      }

      expect((await bv(['portfolios', 'create', '--name', 'x', '--operation', 'gst.verify'])).code).toBe(2);
      // A file that cannot be read is a usage error before anything is created.
      const before = (await t.app.inject({ method: 'GET', url: '/v1/portfolios', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.portfolios.length;
      const unreadable = await bv(['portfolios', 'create', '--name', 'y', '--operation', 'gst.verify', '--every', 'daily', '--file', path.join(tmp, 'missing.csv')]);
      expect(unreadable.code).toBe(2);
      expect(unreadable.stderr).toMatch(/Cannot read .*missing\.csv: ENOENT/);
      expect((await t.app.inject({ method: 'GET', url: '/v1/portfolios', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.portfolios).toHaveLength(before);
    });

    it('shows the scheduled runs that could not start', async () => {
      const created = await bv(['--json', 'portfolios', 'create', '--name', 'Empty', '--operation', 'gst.verify', '--every', 'daily']);
      const { portfolio } = JSON.parse(created.stdout) as { portfolio: { portfolio_id: string } };
      await t.deps.portfolios.recordSkippedRun(portfolio.portfolio_id, { at: '2026-11-20T00:30:00.000Z', code: 'WALLET_INSUFFICIENT_BALANCE', message: 'the wallet is short' });
      const shown = await bv(['portfolios', 'show', portfolio.portfolio_id]);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/skipped run\s+.*WALLET_INSUFFICIENT_BALANCE: the wallet is short/);
    });
  });

  describe('bv admin', () => {
    it('reconciles the books with the admin token, and refuses without a valid one', async () => {
      const all = await bv(['admin', 'reconcile'], { BV_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(all.code, all.stderr).toBe(0);
      expect(all.stdout).toMatch(/^All \d+ account\(s\) reconcile\.$/m);
      const one = await bv(['--json', 'admin', 'reconcile', t.accountId, '--admin-token', ADMIN_TOKEN]);
      expect(JSON.parse(one.stdout)).toMatchObject({ account_id: t.accountId, ok: true, difference_inr: 0 });
      expect((await bv(['admin', 'reconcile'], { BV_ADMIN_TOKEN: 'not-the-token' })).code).toBe(5);
      expect((await bv(['admin', 'reconcile'])).code).toBe(2);
    });

    it('reads the admin token from a file (BV_ADMIN_TOKEN_FILE, --admin-token-file), as the service does', async () => {
      const file = path.join(tmp, 'admin-token');
      await writeFile(file, `${ADMIN_TOKEN}\n`, { mode: 0o600 });
      const fromEnv = await bv(['admin', 'reconcile'], { BV_ADMIN_TOKEN_FILE: file });
      expect(fromEnv.code, fromEnv.stderr).toBe(0);
      expect((await bv(['admin', 'reconcile', '--admin-token-file', file])).code).toBe(0);
      const missing = await bv(['admin', 'reconcile'], { BV_ADMIN_TOKEN_FILE: path.join(tmp, 'no-such-token') });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('Cannot read the admin token file');
      expect((await bv(['admin', 'reconcile', '--admin-token-file', file], { BV_ADMIN_TOKEN: ADMIN_TOKEN })).stderr).toContain('not both');
    });

    it('creates an account, credits it once per reference and revokes a key', async () => {
      const created = await bv(['--json', 'admin', 'accounts', 'create', '--name', 'Acme', '--balance-inr', '10', '--sandbox-balance-inr', '20'], { BV_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(created.code, created.stderr).toBe(0);
      const account = JSON.parse(created.stdout) as { account_id: string; sandbox_key: string };
      const credit = ['--json', 'admin', 'credits', 'add', account.account_id, '--amount-inr', '5.5', '--reference', 'inv-1'];
      expect(JSON.parse((await bv(credit, { BV_ADMIN_TOKEN: ADMIN_TOKEN })).stdout)).toEqual({ balance_inr: 15.5, environment: 'live' });
      expect(JSON.parse((await bv(credit, { BV_ADMIN_TOKEN: ADMIN_TOKEN })).stdout)).toEqual({ balance_inr: 15.5, environment: 'live', duplicate: true });
      // The sandbox wallet has references of its own: the same one credits it once too.
      const sandboxCredit = [...credit, '--environment', 'sandbox'];
      expect(JSON.parse((await bv(sandboxCredit, { BV_ADMIN_TOKEN: ADMIN_TOKEN })).stdout)).toEqual({ balance_inr: 25.5, environment: 'sandbox' });
      expect((await bv([...credit, '--environment', 'test'], { BV_ADMIN_TOKEN: ADMIN_TOKEN })).code).toBe(2);
      const shown = await bv(['admin', 'accounts', 'show', account.account_id], { BV_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(shown.stdout).toMatch(/^balance\s+₹15\.50$/m);
      expect(shown.stdout).toMatch(/^sandbox balance\s+₹25\.50$/m);

      const keyId = `key_${account.sandbox_key.split('_')[2]}`;
      const listed = await bv(['admin', 'keys', 'list', account.account_id], { BV_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(listed.stdout).toContain(keyId);
      expect(listed.stdout).not.toContain(account.sandbox_key);
      expect((await bv(['admin', 'keys', 'revoke', keyId], { BV_ADMIN_TOKEN: ADMIN_TOKEN })).code).toBe(0);
      expect((await bv(['wallet'], { BV_KEY: account.sandbox_key })).code).toBe(5);
      // The leaked live key itself: the CLI finds its id and sends only that.
      const live = (JSON.parse(created.stdout) as { live_key: string }).live_key;
      const revoked = await bv(['--json', 'admin', 'keys', 'revoke', live], { BV_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).not.toContain(live);
      expect((await bv(['wallet'], { BV_KEY: live })).code).toBe(5);
    });
  });
});

describe('bulk progress on stderr', () => {
  const job = (done: number, status: JobStatus['status'] = 'running'): JobStatus => ({
    job_id: 'job_00000000000000000001',
    name: 'x',
    operation: 'gst.verify',
    status,
    created_at: '',
    started_at: null,
    finished_at: null,
    rows: { total: 102, valid: 101, invalid: 1, duplicates: 1, done, ok: done, not_found: 0, failed: 0 },
    reserved_inr: 0,
    charged_inr: 0,
    released_inr: 0,
    eta_seconds: 5,
    results: null,
  });
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString());
          callback();
        },
      }),
      { isTTY, columns: 100 },
    );
    return { stream, chunks };
  };

  it('redraws one bar in place on a terminal, with done/total, the counts and the ETA', () => {
    const { stream, chunks } = sink(true);
    const progress = new ProgressReporter(stream);
    progress.update(job(50));
    progress.finish(job(100, 'completed'));
    expect(chunks[0]?.startsWith('\r\u001b[2K')).toBe(true);
    expect(chunks[0]?.slice(5)).toMatch(/^\[█+░+\]\s+50% 50\/100 {2}ok 50 · not found 0 · failed 0 {2}ETA 5s {2}running$/);
    expect(chunks.at(-1)).toBe('\n');
  });

  it('writes one line per tenth of the rows when stderr is not a terminal', () => {
    const { stream, chunks } = sink(false);
    const progress = new ProgressReporter(stream);
    for (let done = 0; done <= 100; done++) progress.update(job(done));
    expect(chunks).toHaveLength(11);
    expect(chunks[5]).toBe('job_00000000000000000001 running: 50/100 (50%), ok 50 · not found 0 · failed 0, ETA 5s\n');
  });
});
