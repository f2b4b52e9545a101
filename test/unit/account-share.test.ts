import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccountBusy, AccountShare } from '../../src/webhooks/account-share.js';
import { deliverWebhook } from '../../src/webhooks/deliver-webhook.js';
import type { WebhookStore } from '../../src/store/bulk-jobs/webhooks.js';

describe("an account's share of the webhook deliveries", () => {
  it('gives each account its slots, and the next after one is released', () => {
    const share = new AccountShare(2);
    expect([share.tryTake('a'), share.tryTake('a'), share.tryTake('a'), share.tryTake('b')]).toEqual([true, true, false, true]);
    share.release('a');
    expect(share.tryTake('a')).toBe(true);
  });

  it('makes a refused delivery wait longer the longer the share stays full, up to 5 s, and short again once a slot frees', () => {
    let now = 0;
    const share = new AccountShare(1, () => now);
    share.tryTake('a');
    expect(share.tryTake('a')).toBe(false);
    expect(share.waitMs('a')).toBeLessThanOrEqual(250 * 1.25);
    now = 4_000;
    expect(share.tryTake('a')).toBe(false);
    expect(share.waitMs('a')).toBeGreaterThanOrEqual(2_000 * 0.75);
    now = 60_000;
    expect(share.waitMs('a')).toBeLessThanOrEqual(5_000 * 1.25);
    expect(share.waitMs('a')).toBeGreaterThanOrEqual(5_000 * 0.75);
    share.release('a');
    expect(share.waitMs('a')).toBeLessThanOrEqual(250 * 1.25);
  });

  it('turns a delivery away before reading anything when its payload names an account whose share is full', async () => {
    const share = new AccountShare(1);
    share.tryTake('acct_busy');
    let resolved = 0;
    const deps = {
      webhooks: {} as WebhookStore,
      resolve: async () => {
        resolved++;
        return undefined;
      },
      log: pino({ level: 'silent' }),
      timeoutMs: 1_000,
      share,
    };
    await expect(deliverWebhook({ jobId: 'job_1', accountId: 'acct_busy' }, 1, deps)).rejects.toBeInstanceOf(AccountBusy);
    expect(resolved).toBe(0);
    // Another account's goes on (to its event, here none), and leaves no slot taken.
    await deliverWebhook({ jobId: 'job_2', accountId: 'acct_other' }, 1, deps);
    expect(resolved).toBe(1);
    expect(share.tryTake('acct_other')).toBe(true);
  });
});
