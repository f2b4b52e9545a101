/**
 * One run of a portfolio: its rows go through the bulk intake as a new bulk job (same
 * validation, hold, billing, limits and result files as an upload), recorded as the
 * portfolio's run. The change report follows when the job finishes (change-report.ts).
 */
import { createBulkJob, type CreateJobDeps, type CreatedJob } from '../../api/bulk/create-job.js';
import { readJsonRows } from '../../api/bulk/json-intake.js';
import { AppError } from '../../errors.js';
import type { Portfolio, PortfolioStore } from '../../store/portfolios.js';

export interface StartRunDeps extends CreateJobDeps {
  portfolios: PortfolioStore;
  /** The account's sandbox clock offset: a scheduled run has no key to carry it. */
  sandboxClockOffsetMs: (accountId: string) => Promise<number>;
}

/** Starts a run now; a portfolio without rows cannot run (there is nothing to verify). */
export async function startPortfolioRun(portfolio: Portfolio, deps: StartRunDeps): Promise<CreatedJob> {
  const rows = await deps.portfolios.rows(portfolio.portfolioId);
  if (rows.length === 0) {
    throw new AppError('VALIDATION_FAILED', `Portfolio ${portfolio.portfolioId} has no rows to verify: add rows first`, [{ field: 'rows', message: 'the portfolio has no rows' }]);
  }
  const startedMs = Date.now();
  const created = await createBulkJob(
    {
      accountId: portfolio.accountId,
      environment: portfolio.environment,
      operation: portfolio.operation,
      name: `${portfolio.name} (portfolio run)`,
      // The portfolio's own webhook (portfolio.changes) follows the change report instead.
      webhookUrl: null,
      portfolioId: portfolio.portfolioId,
      clockOffsetMs: portfolio.environment === 'sandbox' ? await deps.sandboxClockOffsetMs(portfolio.accountId) : 0,
      items: readJsonRows(portfolio.operation, rows.map((row) => row.columns), Number.MAX_SAFE_INTEGER),
    },
    deps,
  );
  await deps.portfolios.addRun(portfolio.portfolioId, created.jobId, startedMs);
  return created;
}
