/**
 * A finished portfolio run's change report: each identifier's row compared with its last
 * answer in earlier runs (a row that failed last time is compared with the run before), written
 * as changes.json and changes.csv beside the run's result files, summarised on the run, and
 * announced by a `portfolio.changes` webhook when anything changed. Safe to run twice: the
 * files are rewritten whole and the webhook job id is the run's.
 */
import type { Logger } from 'pino';
import { changesToCsv } from '../../domain/portfolio/changes-csv.js';
import { diffRuns, summarizeChanges, type PortfolioChange, type RunRow } from '../../domain/portfolio/changes.js';
import { rowIdentifier } from '../../domain/portfolio/operations.js';
import type { BulkJobStore } from '../../store/bulk-jobs.js';
import type { Portfolio, PortfolioStore, RunSummary } from '../../store/portfolios.js';
import type { ResultStore } from '../../store/result-store.js';

export const CHANGES_JSON = 'changes.json';
export const CHANGES_CSV = 'changes.csv';
const RESULTS_JSONL = 'results.jsonl';
/** How many earlier runs are searched for an identifier's last answer. */
const LOOK_BACK_RUNS = 5;

export interface ChangeReportDeps {
  portfolios: PortfolioStore;
  jobs: BulkJobStore;
  results: ResultStore;
  log: Logger;
  /** Queues the `portfolio.changes` webhook of the run. */
  announce: (runId: string) => Promise<void>;
}

interface ResultLine {
  input: Record<string, string>;
  status: string;
  data: unknown;
}

const ANSWERED = new Set(['ok', 'not_found']);

/** A run's rows by identifier (the first row of each: duplicates repeat it). */
async function runRows(portfolio: Portfolio, runId: string, results: ResultStore): Promise<Map<string, RunRow>> {
  const rows = new Map<string, RunRow>();
  if (!(await results.exists(runId, RESULTS_JSONL))) return rows;
  for await (const text of results.readLines(runId, RESULTS_JSONL)) {
    const line = JSON.parse(text) as ResultLine;
    const identifier = rowIdentifier(portfolio.operation, line.input);
    if (identifier !== undefined && !rows.has(identifier)) rows.set(identifier, { status: line.status, data: line.data });
  }
  return rows;
}

export async function writeChangeReport(portfolioId: string, runId: string, deps: ChangeReportDeps): Promise<RunSummary | undefined> {
  const portfolio = await deps.portfolios.get(portfolioId);
  const job = await deps.jobs.get(runId);
  if (portfolio === undefined || job === undefined || job.status !== 'completed') return undefined;
  const current = await runRows(portfolio, runId, deps.results);

  // Each identifier's last answer before this run, newest first.
  const previous = new Map<string, RunRow>();
  let previousRunId: string | null = null;
  for (const earlier of (await deps.portfolios.runsBefore(portfolioId, runId)).slice(0, LOOK_BACK_RUNS * 2)) {
    const earlierJob = await deps.jobs.get(earlier);
    if (earlierJob?.status !== 'completed') continue;
    previousRunId ??= earlier;
    for (const [identifier, row] of await runRows(portfolio, earlier, deps.results)) {
      if (!previous.has(identifier) && ANSWERED.has(row.status)) previous.set(identifier, row);
    }
    if ([...current.keys()].every((identifier) => previous.has(identifier))) break;
  }

  const detectedAt = job.finishedAt ?? new Date().toISOString();
  const changes: PortfolioChange[] = previousRunId === null ? [] : diffRuns(portfolio.operation, previous, current, detectedAt);
  await deps.results.writeText(runId, CHANGES_JSON, `${JSON.stringify(changes, null, 1)}\n`);
  await deps.results.writeText(runId, CHANGES_CSV, changesToCsv(changes));
  const summary: RunSummary = { ...summarizeChanges(changes, current.size), previous_run_id: previousRunId, detected_at: detectedAt };
  await deps.portfolios.saveRunSummary(portfolioId, runId, summary);
  deps.log.info({ portfolioId, runId, ...summary }, 'portfolio change report written');
  if (changes.length > 0 && portfolio.webhookUrl !== null && portfolio.deletedAt === null) await deps.announce(runId);
  return summary;
}
