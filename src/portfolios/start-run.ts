/**
 * One run of a portfolio: its rows go through the bulk intake as a new bulk job (same
 * validation, hold, billing, limits and result files as an upload), recorded as the
 * portfolio's run. The change report follows when the job finishes (change-report.ts).
 */
import { randomUUID } from 'node:crypto';
import { createBulkJob, type CreateJobDeps, type CreatedJob } from '../bulk/create-job.js';
import { intakeFailure } from '../bulk/intake/intake-error.js';
import { readJsonRows } from '../bulk/intake/json-intake.js';
import { normaliseHeaderName } from '../bulk/intake/row-request.js';
import { AppError } from '../errors.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { Portfolio, PortfolioStore } from '../store/portfolios/portfolios.js';

export interface StartRunDeps extends CreateJobDeps {
  portfolios: PortfolioStore;
  jobs: BulkJobStore;
  /** The account's sandbox clock offset: a scheduled run has no key to carry it. */
  sandboxClockOffsetMs: (accountId: string) => Promise<number>;
}

/** Takes the portfolio's run slot, or says which run holds it; a slot held by a finished (or vanished) run is taken over. */
async function claimSlot(portfolio: Portfolio, token: string, deps: StartRunDeps): Promise<void> {
  const ttlMs = deps.holdTtlMs;
  const holder = await deps.portfolios.claimRunSlot(portfolio.portfolioId, token, ttlMs);
  if (holder === true) return;
  let running = 'a run is starting';
  if (holder.startsWith('job_')) {
    const job = await deps.jobs.get(holder);
    // Finished, not merely cancelled: a cancelled run is still finishing (and may yet end completed, with a report).
    if ((job === undefined || job.finishedAt !== null) && (await deps.portfolios.claimRunSlot(portfolio.portfolioId, token, ttlMs, holder)) === true) return;
    // Its status already reads cancelled: say why it still holds the portfolio.
    running = job?.status === 'cancelled' ? `run ${holder} was cancelled and is still stopping` : `run ${holder} is still running`;
  }
  throw new AppError('RUN_IN_PROGRESS', `Portfolio ${portfolio.portfolioId} runs one run at a time and ${running}; try again when it has finished`);
}

/** Starts a run now; a portfolio without rows, or with a run in progress, cannot run. */
export async function startPortfolioRun(portfolio: Portfolio, deps: StartRunDeps): Promise<CreatedJob> {
  const rows = await deps.portfolios.rows(portfolio.portfolioId);
  if (rows.length === 0) {
    throw new AppError('VALIDATION_FAILED', `Portfolio ${portfolio.portfolioId} has no rows to verify: add rows first`, [{ field: 'rows', message: 'the portfolio has no rows' }]);
  }
  const token = `starting:${randomUUID()}`;
  await claimSlot(portfolio, token, deps);
  let created: CreatedJob;
  try {
    const startedMs = Date.now();
    created = await createBulkJob(
      {
        accountId: portfolio.accountId,
        environment: portfolio.environment,
        operation: portfolio.operation,
        name: `${portfolio.name} (portfolio run)`,
        // The portfolio's own webhook (portfolio.changes) follows the change report instead.
        webhookUrl: null,
        portfolioId: portfolio.portfolioId,
        clockOffsetMs: portfolio.environment === 'sandbox' ? await deps.sandboxClockOffsetMs(portfolio.accountId) : 0,
        items: readJsonRows(portfolio.operation, rows.map((row) => withoutBlankInclude(row.columns)), Number.MAX_SAFE_INTEGER),
      },
      deps,
    );
    await deps.portfolios.addRun(portfolio.portfolioId, created.jobId, startedMs);
  } catch (error) {
    await deps.portfolios.swapRunSlot(portfolio.portfolioId, token, '', deps.holdTtlMs);
    // Rows the intake refuses (a header made invalid) are the caller's 400, like an upload's.
    intakeFailure(error);
  }
  // From now on the job holds the slot; finishing it (finalize) frees it.
  await deps.portfolios.swapRunSlot(portfolio.portfolioId, token, created.jobId, deps.holdTtlMs);
  return created;
}

/** Frees the run slot a finished run held. */
export async function endPortfolioRun(portfolios: PortfolioStore, portfolioId: string, jobId: string, ttlMs: number): Promise<void> {
  await portfolios.swapRunSlot(portfolioId, jobId, '', ttlMs);
}

/**
 * A stored row's columns are cells, where a blank `include` (empty or spaces) means "not
 * given", as the upload read it: a CSV cell left empty, or a key another JSON row had and this one lacked. Read back as JSON it would say
 * "given, empty", and the row would be refused as "no module" on every run instead of getting
 * the full bundle, as it did when it was added. Other blank cells read the same either way,
 * and stay, so a carried column keeps its place in the results.
 */
function withoutBlankInclude(columns: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(columns).filter(([key, value]) => value.trim() !== '' || normaliseHeaderName(key) !== 'include'));
}
