import { z } from 'zod';
import { webhookUrl } from './webhook-url.js';

/** A bulk job sent as JSON rows instead of a CSV; `operation` is checked by the intake, which names the allowed ones. */
export const JsonJobRequest = z.strictObject({
  operation: z.string(),
  rows: z.array(z.unknown(), { error: 'must be an array of row objects' }),
  name: z.string().trim().max(200).optional(),
  webhook_url: webhookUrl.optional(),
});
