import { z } from 'zod';

/**
 * The query of a paged listing: `limit` (1 to `max`) and `cursor`, the previous page's
 * next_cursor, which `cursorPattern` recognises.
 */
export function pageQuery(options: { max: number; defaultLimit: number; cursorPattern: RegExp }) {
  const rule = `must be an integer from 1 to ${options.max}`;
  return z.strictObject({
    limit: z.coerce.number({ error: rule }).int(rule).min(1, rule).max(options.max, rule).default(options.defaultLimit),
    cursor: z.string().regex(options.cursorPattern, 'must be a next_cursor from a previous page').optional(),
  });
}
