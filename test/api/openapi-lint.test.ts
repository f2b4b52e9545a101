import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = path.join(import.meta.dirname, '..', 'redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Redocly's lint of a document, as its JSON report (the CLI exits 1 on errors, 0 on warnings). */
async function lint(document: unknown): Promise<LintReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const child = await run(process.execPath, [REDOCLY, 'lint', file, '--config', CONFIG, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return JSON.parse(child.stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What a client generated from the document names each call. Renaming one breaks every such
 * client: change this list only on purpose, with a note to API users.
 */
const OPERATION_IDS: Record<string, string> = {
  'GET /healthz': 'checkLiveness',
  'GET /readyz': 'checkReadiness',
  'POST /v1/gst/verify': 'verifyGstin',
  'POST /v1/gst/returns': 'getGstReturns',
  'POST /v1/gst/by-pan': 'listGstinsByPan',
  'POST /v1/pan/verify': 'verifyPan',
  'POST /v1/mca/company': 'getCompany',
  'POST /v1/mca/search': 'searchCompanies',
  'POST /v1/mca/cin-to-pan': 'mapCinPan',
  'POST /v1/mca/directors': 'listDirectors',
  'POST /v1/mca/din': 'lookupDin',
  'POST /v1/business360': 'getBusiness360',
  'POST /v1/gst/itc-check': 'checkItc',
  'GET /v1/wallet': 'getWallet',
  'GET /v1/wallet/ledger': 'listLedgerEntries',
  'GET /v1/wallet/ledger.csv': 'downloadLedgerCsv',
  'POST /v1/wallet/sandbox-topup': 'topUpSandboxWallet',
  'POST /v1/bulk/jobs': 'createBulkJob',
  'GET /v1/bulk/jobs': 'listBulkJobs',
  'GET /v1/bulk/jobs/{id}': 'getBulkJob',
  'POST /v1/bulk/jobs/{id}/cancel': 'cancelBulkJob',
  'GET /v1/webhooks/secret': 'getWebhookSecret',
  'POST /v1/webhooks/secret/rotate': 'rotateWebhookSecret',
  'GET /v1/bulk/jobs/{id}/webhook-deliveries': 'listBulkJobWebhookDeliveries',
  'GET /v1/bulk/jobs/{id}/events': 'streamBulkJobEvents',
  'GET /v1/bulk/jobs/{id}/results': 'listBulkJobResults',
  'GET /v1/bulk/jobs/{id}/suppliers': 'listBulkJobSuppliers',
  'POST /v1/bulk/jobs/{id}/retry': 'retryBulkJob',
  'GET /v1/bulk/templates/{file}': 'downloadBulkTemplate',
  'GET /v1/bulk/jobs/{id}/results.csv': 'downloadBulkJobResultsCsv',
  'GET /v1/bulk/jobs/{id}/results.jsonl': 'downloadBulkJobResultsJsonl',
  'GET /v1/bulk/jobs/{id}/results.xlsx': 'downloadBulkJobResultsXlsx',
  'GET /v1/bulk/jobs/{id}/suppliers.csv': 'downloadBulkJobSuppliersCsv',
  'GET /v1/bulk/jobs/{id}/suppliers.xlsx': 'downloadBulkJobSuppliersXlsx',
  'POST /v1/portfolios': 'createPortfolio',
  'GET /v1/portfolios': 'listPortfolios',
  'GET /v1/portfolios/{id}': 'getPortfolio',
  'DELETE /v1/portfolios/{id}': 'deletePortfolio',
  'POST /v1/portfolios/{id}/rows': 'addPortfolioRows',
  'GET /v1/portfolios/{id}/rows': 'listPortfolioRows',
  'DELETE /v1/portfolios/{id}/rows/{identifier}': 'removePortfolioRow',
  'POST /v1/portfolios/{id}/run': 'runPortfolio',
  'GET /v1/portfolios/{id}/runs': 'listPortfolioRuns',
  'GET /v1/portfolios/{id}/runs/{run}/changes.json': 'getPortfolioRunChanges',
  'GET /v1/portfolios/{id}/runs/{run}/changes.csv': 'downloadPortfolioRunChangesCsv',
  'GET /v1/portfolios/{id}/runs/{run}/changes.xlsx': 'downloadPortfolioRunChangesXlsx',
  'GET /v1/portfolios/{id}/runs/{run}/webhook-deliveries': 'listPortfolioRunWebhookDeliveries',
  'POST /admin/v1/accounts': 'createAccount',
  'GET /admin/v1/accounts/{id}': 'getAccount',
  'PATCH /admin/v1/accounts/{id}': 'updateAccount',
  'GET /admin/v1/accounts/{id}/sandbox-clock': 'getSandboxClock',
  'POST /admin/v1/accounts/{id}/sandbox-clock': 'moveSandboxClock',
  'GET /admin/v1/accounts/{id}/reconcile': 'reconcileAccount',
  'GET /admin/v1/reconcile': 'reconcileAllAccounts',
  'POST /admin/v1/accounts/{id}/keys': 'issueApiKey',
  'GET /admin/v1/accounts/{id}/keys': 'listApiKeys',
  'DELETE /admin/v1/keys/{keyId}': 'revokeApiKey',
  'POST /admin/v1/accounts/{id}/credits': 'creditAccount',
  'GET /admin/v1/ledger/export': 'exportLedger',
  'GET /admin/v1/sources': 'listSources',
  'GET /metrics': 'getMetrics',
};

describe('GET /openapi.json for generated clients', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { operationId?: string }>> };

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it("passes redocly lint with the recommended rules: no error, no warning", { timeout: 60_000 }, async () => {
    const report = await lint(doc);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation with its stable operationId', () => {
    const named = Object.fromEntries(Object.entries(doc.paths).flatMap(([route, operations]) => Object.entries(operations).map(([method, op]) => [`${method.toUpperCase()} ${route}`, op.operationId])));
    expect(named).toEqual(OPERATION_IDS);
  });

  it('catches what it guards: a missing operationId and no servers fail the lint', { timeout: 60_000 }, async () => {
    const broken = structuredClone(doc) as typeof doc & { servers?: unknown };
    delete broken.servers;
    delete broken.paths['/v1/gst/verify']!.post!.operationId;
    const report = await lint(broken);
    expect(report.problems.map((p) => p.ruleId).sort()).toEqual(['no-empty-servers', 'operation-operationId']);
  });
});
