import { readableDate, readableMonth } from '../portfolio/change-description.js';
import type { FilingFrequency } from '../records.js';

export { readableDate, readableMonth };

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-06` → "Jun 2025" (monthly) or "the quarter Apr–Jun 2025" (quarterly: a quarter is its last month). */
export function periodLabel(period: string, frequency: FilingFrequency): string {
  if (frequency === 'monthly') return readableMonth(period);
  const last = Number(period.slice(5, 7));
  const first = MONTH_NAMES[last - 3];
  return first === undefined ? readableMonth(period) : `the quarter ${first}–${readableMonth(period)}`;
}
