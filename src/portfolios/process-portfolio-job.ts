/**
 * The portfolios queue's processor: a scheduled (or requested) run starts a bulk job; a
 * finished run gets its change report. A run of a deleted portfolio does nothing.
 */
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { recordJobBytes } from '../bulk/job-bytes.js';
import type { PortfolioJob } from '../queue/names.js';
import { writeChangeReport, type ChangeReportDeps } from './change-report.js';
import { startPortfolioRun, type StartRunDeps } from './start-run.js';

export interface PortfolioJobDeps extends StartRunDeps, Omit<ChangeReportDeps, 'log'> {
  log: Logger;
}

export async function processPortfolioJob(job: PortfolioJob, deps: PortfolioJobDeps): Promise<void> {
  if (job.kind === 'changes') {
    await writeChangeReport(job.portfolioId, job.runId, deps);
    // The report lives in the run's folder: it counts against the account's stored-bytes quota too.
    await recordJobBytes(deps, job.runId);
    return;
  }
  const portfolio = await deps.portfolios.get(job.portfolioId);
  if (portfolio === undefined || portfolio.deletedAt !== null) return;
  try {
    const created = await startPortfolioRun(portfolio, deps);
    deps.log.info({ runId: created.jobId, rows: created.rows }, 'scheduled portfolio run started');
  } catch (error) {
    // No rows, a wallet that cannot hold the run, a run still going: retrying in seconds would
    // not help, and the next scheduled run tries again. The customer sees why on the portfolio.
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ code: error.code, reason: error.message }, 'a scheduled portfolio run could not start');
    await deps.portfolios.recordSkippedRun(portfolio.portfolioId, { at: new Date().toISOString(), code: error.code, message: error.message });
  }
}
