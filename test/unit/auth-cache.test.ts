import { describe, expect, it } from 'vitest';
import { AuthCache } from '../../src/store/accounts/auth-cache.js';

const auth = (keyId: string) => ({ accountId: 'acct_1', keyId, environment: 'sandbox' as const, rateLimitPerMinute: 600, sandboxClockOffsetMs: 0 });

describe('authentication cache', () => {
  it('forgets an entry after its time to live', () => {
    const cache = new AuthCache<ReturnType<typeof auth>>(1000);
    cache.set('k1', 'hash', auth('k1'), cache.generation, 0);
    expect(cache.get('k1', 999)?.auth.keyId).toBe('k1');
    expect(cache.get('k1', 1000)).toBeUndefined();
  });

  it('evicts named keys and can be cleared', () => {
    const cache = new AuthCache<ReturnType<typeof auth>>(1000);
    cache.set('k1', 'h1', auth('k1'), cache.generation, 0);
    cache.set('k2', 'h2', auth('k2'), cache.generation, 0);
    cache.evict(['k1']);
    expect(cache.get('k1', 1)).toBeUndefined();
    expect(cache.get('k2', 1)).toBeDefined();
    cache.clear();
    expect(cache.get('k2', 1)).toBeUndefined();
  });

  it('does not cache a lookup that an eviction overtook', () => {
    const cache = new AuthCache<ReturnType<typeof auth>>(1000);
    const started = cache.generation;
    cache.evict(['k1']); // the revocation arrives while the lookup is reading Redis
    cache.set('k1', 'h1', auth('k1'), started, 0);
    expect(cache.get('k1', 1)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new AuthCache<ReturnType<typeof auth>>(1000, 2);
    cache.set('k1', 'h1', auth('k1'), cache.generation, 0);
    cache.set('k2', 'h2', auth('k2'), cache.generation, 0);
    cache.set('k3', 'h3', auth('k3'), cache.generation, 0);
    expect(cache.get('k1', 1)).toBeUndefined();
    expect(cache.get('k3', 1)).toBeDefined();
  });
});
