/**
 * A portfolio's schedule (docs/portfolios.md "Schedules"): `{every: daily|weekly|monthly}` or `{cron, tz}`,
 * turned into the cron pattern and time zone a BullMQ job scheduler takes. The named
 * schedules run at 06:00 India time, before a finance team's working day: daily, on Mondays,
 * and on the 1st of the month.
 */
import { CronExpressionParser } from 'cron-parser';

export const DEFAULT_TZ = 'Asia/Kolkata';

export const NAMED_SCHEDULES = {
  daily: '0 6 * * *',
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
} as const;

export type ScheduleInput = { every: keyof typeof NAMED_SCHEDULES } | { cron: string; tz?: string | undefined };

export interface Schedule {
  /** As the customer gave it, echoed back in the portfolio. */
  every: keyof typeof NAMED_SCHEDULES | null;
  cron: string;
  tz: string;
}

/** Runs closer together than this would re-verify (and bill) a whole list for nothing new. */
export const MIN_INTERVAL_MS = 3_600_000;
/** Occurrences checked for the minimum interval: enough to cover a day of a dense pattern. */
const OCCURRENCES_CHECKED = 48;

export type ScheduleProblem = { field: 'schedule.cron' | 'schedule.tz'; message: string };

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const CRON_SHAPE = 'must be a cron expression of 5 fields (minute hour day-of-month month day-of-week), e.g. "30 7 * * 1-5"';

/**
 * The schedule, or what is wrong with it. The cron is read by cron-parser, the parser BullMQ's
 * job schedulers use, so what passes here is what the scheduler will run; it must fire at least
 * once and never more often than hourly.
 */
export function parseSchedule(input: ScheduleInput, now = new Date()): { ok: true; schedule: Schedule } | { ok: false; problem: ScheduleProblem } {
  if ('every' in input) return { ok: true, schedule: { every: input.every, cron: NAMED_SCHEDULES[input.every], tz: DEFAULT_TZ } };
  const tz = input.tz ?? DEFAULT_TZ;
  if (!isTimeZone(tz)) return { ok: false, problem: { field: 'schedule.tz', message: `must be an IANA time zone such as ${DEFAULT_TZ} (got ${JSON.stringify(tz)})` } };
  const fields = input.cron.trim().split(/\s+/);
  // Six fields would add seconds: a run every second is never what a finance team means.
  if (fields.length !== 5) return { ok: false, problem: { field: 'schedule.cron', message: CRON_SHAPE } };
  const cron = fields.join(' ');
  let times: number[];
  try {
    times = CronExpressionParser.parse(cron, { tz, currentDate: now })
      .take(OCCURRENCES_CHECKED)
      .map((date) => date.getTime());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: { field: 'schedule.cron', message: `is not a cron expression BullMQ can run (${reason}); expected 5 fields (minute hour day-of-month month day-of-week), e.g. "30 7 * * 1-5"` } };
  }
  if (times.length === 0) return { ok: false, problem: { field: 'schedule.cron', message: 'never fires: choose a date that exists' } };
  for (let i = 1; i < times.length; i++) {
    if ((times[i] as number) - (times[i - 1] as number) < MIN_INTERVAL_MS) {
      return { ok: false, problem: { field: 'schedule.cron', message: 'fires more often than hourly: a portfolio runs at most once an hour' } };
    }
  }
  return { ok: true, schedule: { every: null, cron, tz } };
}
