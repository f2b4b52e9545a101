import { z } from 'zod';

const CURSOR_RULE = 'must be a next_cursor from a previous page';

/**
 * The query of a paged listing: `limit` (1 to `max`) and `cursor`, the previous page's
 * next_cursor, which `cursorPattern` recognises and `isCursor`, when given, checks further
 * (a shape a regular expression cannot bound, such as a number's range).
 */
export function pageQuery(options: { max: number; defaultLimit: number; cursorPattern: RegExp; isCursor?: (cursor: string) => boolean }) {
  const rule = `must be an integer from 1 to ${options.max}`;
  const isCursor = options.isCursor ?? (() => true);
  return z.strictObject({
    limit: z.coerce.number({ error: rule }).int(rule).min(1, rule).max(options.max, rule).default(options.defaultLimit),
    // A cursor sent twice arrives as an array: the same rule, not zod's "expected string".
    cursor: z
      .string({ error: `${CURSOR_RULE}, sent once` })
      .regex(options.cursorPattern, CURSOR_RULE)
      .refine(isCursor, CURSOR_RULE)
      .optional(),
  });
}
