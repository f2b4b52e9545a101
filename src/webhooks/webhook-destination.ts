/**
 * The delivery-time half of the webhook destination rule (the intake's half is
 * src/api/schemas/webhook-url.ts): unless private destinations are allowed, a webhook is sent
 * only to public addresses. A name is checked on the addresses it resolves to when the socket
 * connects, in the connection's own DNS lookup, so a name that passed the intake cannot
 * resolve to 127.0.0.1 or 169.254.169.254 later (DNS rebinding), nor between a check and the
 * connect.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { classifyAddress, describeClass, nonPublicHost, type AddressClass } from '../domain/network-address.js';

/** A destination webhooks may not go to; never worth retrying. */
export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

const refusal = (host: string, address: string | undefined, kind: Exclude<AddressClass, 'public'>) =>
  new DestinationRefused(
    `destination refused: ${host}${address === undefined || address === host ? '' : ` resolves to ${address}, which`} is ${describeClass(kind)}, not a public address (BV_WEBHOOK_ALLOW_PRIVATE allows it)`,
  );

/** Throws DestinationRefused when the URL's host is an address (or `localhost`) that is not public. */
export function checkHostLiteral(url: string): void {
  const hostname = new URL(url).hostname;
  const kind = nonPublicHost(hostname);
  if (kind !== undefined) throw refusal(hostname, undefined, kind);
}

/** A lookup for net/tls.connect that fails when any address the name resolves to is not public. */
export function publicOnlyLookup(resolve: LookupFunction = dns.lookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((entry) => entry.address);
      for (const candidate of addresses) {
        const kind = classifyAddress(candidate) ?? 'reserved';
        if (kind !== 'public') return callback(Object.assign(refusal(hostname, candidate, kind), { code: 'EDESTINATIONREFUSED' }), address, family);
      }
      callback(null, address, family);
    });
  };
}

/** An undici dispatcher whose connections reach public addresses only; close it after use. */
export function publicOnlyAgent(resolve?: LookupFunction): Agent {
  return new Agent({ connect: { lookup: publicOnlyLookup(resolve) } });
}
