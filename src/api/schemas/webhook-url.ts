import { z } from 'zod';
import { describeClass, nonPublicHost } from '../../domain/network-address.js';
import { AppError } from '../../errors.js';

/**
 * Where webhooks go (bulk jobs, portfolios): http(s) only; the destination is checked by
 * `checkWebhookDestination`. Credentials in the URL are refused: deliveries never send them
 * (a receiver needing them would fail for a day), and the URL is stored and shown in clear.
 */
export const webhookUrl = z
  .string({ error: 'must be an http:// or https:// URL' })
  .max(2048, 'must be at most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }))
  .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), 'must not carry a user name or password: deliveries are signed with the webhook secret instead (BV-Signature)');

/**
 * Why the service will not send webhooks to this (well-formed) URL, or undefined: unless the
 * operator allows private destinations (BV_WEBHOOK_ALLOW_PRIVATE, for local development),
 * a host that is a loopback, private, link-local, unspecified, multicast or reserved address,
 * or `localhost`, is refused. A name is judged again by what it resolves to at delivery.
 */
export function webhookDestinationProblem(url: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return 'must be an http:// or https:// URL';
  }
  const kind = nonPublicHost(hostname);
  if (kind === undefined) return undefined;
  return `must be a public address: ${hostname} is ${describeClass(kind)} (the operator can allow private destinations with BV_WEBHOOK_ALLOW_PRIVATE=true)`;
}

/** A 400 naming the field when `url` is not a destination webhooks may go to. */
export function checkWebhookDestination(url: string | null | undefined, allowPrivate: boolean, field = 'webhook_url'): void {
  if (url === null || url === undefined) return;
  const problem = webhookDestinationProblem(url, allowPrivate);
  if (problem !== undefined) throw new AppError('VALIDATION_FAILED', `The request is invalid: ${field}: ${problem}`, [{ field, message: problem }]);
}
