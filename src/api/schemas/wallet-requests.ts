import { z } from 'zod';

/** A page of the ledger: newest first, continued with the previous page's next_cursor. */
export const LedgerQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be an integer from 1 to 100' })
    .int('must be an integer from 1 to 100')
    .min(1, 'must be an integer from 1 to 100')
    .max(100, 'must be an integer from 1 to 100')
    .default(20),
  cursor: z
    .string()
    .regex(/^\d+-\d+$/, 'must be a next_cursor from a previous page')
    .optional(),
});
