/**
 * A finished portfolio run's change report: each identifier's row compared with its last
 * answer in earlier runs (a row that failed last time is compared with the run before, and a
 * Business360 module that failed with that module's last answer), written
 * as changes.json, changes.csv and changes.xlsx beside the run's result files, summarised on the run, and
 * announced by a `portfolio.changes` webhook when anything changed. Safe to run twice: the
 * files are rewritten whole and the webhook job id is the run's.
 */
import type { Logger } from 'pino';
import { business360Baseline } from '../domain/portfolio/business360-baseline.js';
import { CHANGES_CSV_FILE, changesToCsv } from '../domain/portfolio/changes-csv.js';
import { diffRuns, summarizeChanges, type PortfolioChange, type RunRow } from '../domain/portfolio/changes.js';
import { rowIdentifier } from '../domain/portfolio/operations.js';
import { writeChangesXlsx } from './changes-xlsx.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { Portfolio, PortfolioStore, RunSummary } from '../store/portfolios/portfolios.js';
import type { ResultStore } from '../store/results/result-store.js';
import { istTimestamp, wireTime } from '../domain/dates.js';

export const CHANGES_JSON = 'changes.json';
/** The first changes and their count, for the webhook. */
export const CHANGES_HEAD_JSON = 'changes-head.json';
/** A webhook body stays small: the full report is one download away. */
export const CHANGES_IN_WEBHOOK = 100;
const RESULTS_JSONL = 'results.jsonl';
/** How many earlier completed runs are searched for an identifier's last answer. */
const LOOK_BACK_RUNS = 5;

export interface ChangeReportDeps {
  portfolios: PortfolioStore;
  jobs: BulkJobStore;
  results: ResultStore;
  log: Logger;
  /** Queues the `portfolio.changes` webhook of the run. */
  announce: (runId: string, accountId: string) => Promise<void>;
}

interface ResultLine {
  input: Record<string, string>;
  status: string;
  data: unknown;
}

const ANSWERED = new Set(['ok', 'not_found']);

/**
 * A run's rows in file order, one per identifier. Every run is written from the portfolio's
 * rows sorted by identifier (PortfolioStore.rows), so runs can be merged as streams: memory
 * stays one row per run however long the list.
 */
async function* runRows(portfolio: Portfolio, runId: string, results: ResultStore): AsyncGenerator<[string, RunRow]> {
  if (!(await results.exists(runId, RESULTS_JSONL))) return;
  let last = '';
  for await (const text of results.readLines(runId, RESULTS_JSONL)) {
    const line = JSON.parse(text) as ResultLine;
    const identifier = rowIdentifier(portfolio.operation, line.input);
    if (identifier === undefined || identifier === last) continue;
    if (identifier < last) throw new Error(`run ${runId} is not in identifier order at ${identifier}: its change report cannot be merged`);
    last = identifier;
    yield [identifier, { status: line.status, data: line.data, columns: line.input }];
  }
}

/** An earlier run read alongside the current one, up to a given identifier at a time. */
class EarlierRun {
  private head: IteratorResult<[string, RunRow]> | undefined;

  constructor(private readonly rows: AsyncGenerator<[string, RunRow]>) {}

  /** Its row for `identifier`, if it has one (identifiers are asked in increasing order). */
  async rowFor(identifier: string): Promise<RunRow | undefined> {
    this.head ??= await this.rows.next();
    while (!this.head.done && this.head.value[0] < identifier) this.head = await this.rows.next();
    return !this.head.done && this.head.value[0] === identifier ? this.head.value[1] : undefined;
  }
}

export async function writeChangeReport(portfolioId: string, runId: string, deps: ChangeReportDeps): Promise<RunSummary | undefined> {
  const portfolio = await deps.portfolios.get(portfolioId);
  const job = await deps.jobs.get(runId);
  if (portfolio === undefined || job === undefined || job.status !== 'completed') return undefined;

  // The completed runs before this one, newest first: each identifier is compared with its
  // last answer among them (so a row that failed last time is compared with the run before).
  const earlierIds: string[] = [];
  for (const earlier of await deps.portfolios.runsBefore(portfolioId, runId)) {
    if ((await deps.jobs.get(earlier))?.status === 'completed') earlierIds.push(earlier);
    if (earlierIds.length === LOOK_BACK_RUNS) break;
  }
  const previousRunId = earlierIds[0] ?? null;
  const earlier = earlierIds.map((id) => new EarlierRun(runRows(portfolio, id, deps.results)));

  // Written into the report files as the API shows every time: with +05:30.
  const detectedAt = wireTime(job.finishedAt) ?? istTimestamp(new Date());
  const changes: PortfolioChange[] = [];
  let rows = 0;
  for await (const [identifier, row] of runRows(portfolio, runId, deps.results)) {
    rows++;
    const candidates: RunRow[] = [];
    for (const run of earlier) {
      const candidate = await run.rowFor(identifier);
      if (candidate !== undefined) candidates.push(candidate);
    }
    const answered = candidates.findIndex((candidate) => ANSWERED.has(candidate.status));
    let previous = candidates[answered];
    // A Business360 module that failed there is compared with its own last answer instead.
    if (previous !== undefined && portfolio.operation === 'business360') previous = business360Baseline(previous, candidates.slice(answered + 1));
    if (previous !== undefined) changes.push(...diffRuns(portfolio.operation, new Map([[identifier, previous]]), new Map([[identifier, row]]), detectedAt));
  }
  await deps.results.writeText(runId, CHANGES_JSON, `${JSON.stringify(changes, null, 1)}\n`);
  await deps.results.writeText(runId, CHANGES_CSV_FILE, changesToCsv(changes));
  await writeChangesXlsx(deps.results, runId, changes);
  // What the webhook carries, so a delivery never reads the whole report.
  await deps.results.writeText(runId, CHANGES_HEAD_JSON, JSON.stringify({ total: changes.length, first: changes.slice(0, CHANGES_IN_WEBHOOK) }));
  const summary: RunSummary = { ...summarizeChanges(changes, rows), previous_run_id: previousRunId, detected_at: detectedAt };
  await deps.portfolios.saveRunSummary(portfolioId, runId, summary);
  deps.log.info({ portfolioId, runId, ...summary }, 'portfolio change report written');
  if (changes.length > 0 && portfolio.webhookUrl !== null && portfolio.deletedAt === null) await deps.announce(runId, portfolio.accountId);
  return summary;
}
