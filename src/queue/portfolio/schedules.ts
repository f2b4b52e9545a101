/**
 * The one place portfolio schedules are written: a BullMQ job scheduler per portfolio, its id
 * derived from the portfolio's, so every process that upserts it (the API on create, each
 * scheduler process at start) writes the same single scheduler and none is ever doubled.
 */
import type { Queue } from 'bullmq';
import type { Portfolio, PortfolioStore } from '../../store/portfolios.js';
import type { PortfolioJob } from '../names.js';

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

/**
 * Makes the schedulers match the portfolios: one per live portfolio (upserted, so a changed
 * schedule is rewritten), none for a deleted one. Safe to run from several processes at once.
 */
export async function reconcilePortfolioSchedules(queue: Queue<PortfolioJob>, portfolios: PortfolioStore): Promise<{ upserted: number; removed: number }> {
  const ids = new Set(await portfolios.allIds());
  let upserted = 0;
  for (const id of ids) {
    const portfolio = await portfolios.get(id);
    if (portfolio === undefined || portfolio.deletedAt !== null) continue;
    await upsertPortfolioSchedule(queue, portfolio);
    upserted++;
  }
  let removed = 0;
  const PAGE = 500;
  for (let start = 0; ; start += PAGE) {
    const page = await queue.getJobSchedulers(start, start + PAGE - 1, true);
    for (const scheduler of page) {
      const id = scheduler.key.startsWith(SCHEDULER_PREFIX) ? scheduler.key.slice(SCHEDULER_PREFIX.length) : undefined;
      if (id !== undefined && !ids.has(id)) {
        await queue.removeJobScheduler(scheduler.key);
        removed++;
      }
    }
    if (page.length < PAGE) break;
  }
  return { upserted, removed };
}
