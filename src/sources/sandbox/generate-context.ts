/** Shared state and date helpers of the sandbox generators. */
import { dayNumber } from './calendar.js';
import type { Universe } from './model.js';
import type { UniverseBuilder } from './universe-builder.js';
import type { Rng } from './prng.js';

/** No generated date is later than this, so nothing is in the future from the API version date 2026-10-01 on. */
export const LAST_GENERATED_DAY = dayNumber('2026-09-30');

/** GST began on 1 July 2017; taxpayers registered before then migrated with this date. */
export const GST_START_DAY = dayNumber('2017-07-01');

export interface GenerateContext {
  rng: Rng;
  builder: UniverseBuilder;
  u: Universe;
  /** Persons before this index are scenario directors, never reused by generated boards. */
  firstGeneratedPerson: number;
}

/** A day between two days (inclusive); `power` < 1 leans late, > 1 leans early. */
export function dayBetween(rng: Rng, from: number, to: number, power = 1): number {
  if (to <= from) return from;
  const t = power === 1 ? rng.next() : rng.next() ** power;
  return from + Math.floor(t * (to - from + 1));
}

/** A day some days after another, never after the last generated day. */
export function daysAfterCapped(day: number, days: number): number {
  return Math.min(day + days, LAST_GENERATED_DAY);
}
