/**
 * The one place portfolio schedules are written: a BullMQ job scheduler per portfolio, its id
 * derived from the portfolio's, so every process that upserts it (the API on create, each
 * scheduler process at start) writes the same single scheduler and none is ever doubled.
 */
import type { Queue } from 'bullmq';
import type { Portfolio, PortfolioRow, PortfolioStore } from '../store/portfolios/portfolios.js';
import type { PortfolioJob } from '../queue/names.js';

const SCHEDULER_PREFIX = 'portfolio:';

export const schedulerIdOf = (portfolioId: string): string => `${SCHEDULER_PREFIX}${portfolioId}`;

export async function upsertPortfolioSchedule(queue: Queue<PortfolioJob>, portfolio: Portfolio): Promise<void> {
  await queue.upsertJobScheduler(
    schedulerIdOf(portfolio.portfolioId),
    { pattern: portfolio.schedule.cron, tz: portfolio.schedule.tz },
    { name: 'run', data: { kind: 'run', portfolioId: portfolio.portfolioId }, opts: { removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } } },
  );
}

export async function removePortfolioSchedule(queue: Queue<PortfolioJob>, portfolioId: string): Promise<void> {
  await queue.removeJobScheduler(schedulerIdOf(portfolioId));
}

const isLive = (portfolio: Portfolio | undefined): portfolio is Portfolio => portfolio !== undefined && portfolio.deletedAt === null;

/** A new portfolio: its record first, so that a reconciling process that sees its scheduler also sees it live. */
export async function createPortfolio(queue: Queue<PortfolioJob>, portfolios: PortfolioStore, portfolio: Portfolio, rows: readonly PortfolioRow[]): Promise<void> {
  await portfolios.create(portfolio, rows);
  try {
    await upsertPortfolioSchedule(queue, portfolio);
  } catch (error) {
    // No scheduler, no portfolio: the caller gets the error and nothing half-made stays listed.
    await portfolios.markDeleted(portfolio, new Date().toISOString());
    throw error;
  }
}

/** Deleting: the record is marked first, so a reconciling process never brings its scheduler back for good. */
export async function deletePortfolio(queue: Queue<PortfolioJob>, portfolios: PortfolioStore, portfolio: Portfolio): Promise<void> {
  await portfolios.markDeleted(portfolio, new Date().toISOString());
  await removePortfolioSchedule(queue, portfolio.portfolioId);
}

/**
 * Makes the schedulers match the portfolios: one per live portfolio (upserted, so a changed
 * schedule is rewritten), none for a deleted one. Safe to run from several processes at once,
 * and alongside creates and deletes: a scheduler is removed only after its portfolio is read
 * again and found gone, and one upserted for a portfolio deleted meanwhile is removed again.
 */
export async function reconcilePortfolioSchedules(queue: Queue<PortfolioJob>, portfolios: PortfolioStore): Promise<{ upserted: number; removed: number }> {
  const ids = new Set(await portfolios.allIds());
  let upserted = 0;
  let removed = 0;
  for (const id of ids) {
    const portfolio = await portfolios.get(id);
    if (!isLive(portfolio)) continue;
    await upsertPortfolioSchedule(queue, portfolio);
    if (isLive(await portfolios.get(id))) {
      upserted++;
    } else {
      await removePortfolioSchedule(queue, id);
      removed++;
    }
  }
  const PAGE = 500;
  for (let start = 0; ; start += PAGE) {
    const page = await queue.getJobSchedulers(start, start + PAGE - 1, true);
    let removedHere = 0;
    for (const scheduler of page) {
      const id = scheduler.key.startsWith(SCHEDULER_PREFIX) ? scheduler.key.slice(SCHEDULER_PREFIX.length) : undefined;
      if (id === undefined || ids.has(id) || isLive(await portfolios.get(id))) continue;
      await queue.removeJobScheduler(scheduler.key);
      removedHere++;
    }
    removed += removedHere;
    if (page.length < PAGE) break;
    // Removals shift the rest of the list forward.
    start -= removedHere;
  }
  return { upserted, removed };
}
