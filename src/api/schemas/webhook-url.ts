import { z } from 'zod';

/** Where webhooks go (bulk jobs, portfolios): http(s) only. */
export const webhookUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).max(2048);
