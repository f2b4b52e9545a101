/**
 * A portfolio's schedule (API.md "Portfolios"): `{every: daily|weekly|monthly}` or `{cron, tz}`,
 * turned into the cron pattern and time zone a BullMQ job scheduler takes. The named
 * schedules run at 06:00 India time, before a finance team's working day: daily, on Mondays,
 * and on the 1st of the month.
 */
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

/** Five fields (minute hour day-of-month month day-of-week), or six with seconds first. */
const CRON_FIELD = /^[0-9A-Za-z*/,?#LW-]+$/;

export type ScheduleProblem = { field: 'schedule.cron' | 'schedule.tz'; message: string };

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The schedule, or what is wrong with it (BullMQ checks the cron's values when it is upserted). */
export function parseSchedule(input: ScheduleInput): { ok: true; schedule: Schedule } | { ok: false; problem: ScheduleProblem } {
  if ('every' in input) return { ok: true, schedule: { every: input.every, cron: NAMED_SCHEDULES[input.every], tz: DEFAULT_TZ } };
  const tz = input.tz ?? DEFAULT_TZ;
  if (!isTimeZone(tz)) return { ok: false, problem: { field: 'schedule.tz', message: `must be an IANA time zone such as ${DEFAULT_TZ} (got ${JSON.stringify(tz)})` } };
  const fields = input.cron.trim().split(/\s+/);
  if ((fields.length !== 5 && fields.length !== 6) || !fields.every((field) => CRON_FIELD.test(field))) {
    return { ok: false, problem: { field: 'schedule.cron', message: 'must be a cron expression of 5 fields (minute hour day-of-month month day-of-week), e.g. "30 7 * * 1-5"' } };
  }
  return { ok: true, schedule: { every: null, cron: fields.join(' '), tz } };
}
