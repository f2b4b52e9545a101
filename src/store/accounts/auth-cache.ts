interface Entry<Auth> {
  hash: string;
  auth: Auth;
  expiresAtMs: number;
}

/**
 * Recently authenticated keys, by key id, so a busy key costs no Redis round trip per call.
 * An entry holds the key's hash (the secret is checked against it as against Redis) and
 * lives `ttlMs` at most; revocations and limit changes evict entries in every process at
 * once through Redis pub/sub, and the whole cache is dropped whenever that subscription
 * has been interrupted. `Auth` is what a key authenticates as (accounts.ts's AuthenticatedKey),
 * a parameter so that this file needs nothing of the store that uses it.
 */
export class AuthCache<Auth> {
  private readonly entries = new Map<string, Entry<Auth>>();
  /**
   * Bumped by every eviction: a lookup that started before an eviction must not cache what
   * it read, since the eviction may have been for the very record it read.
   */
  private generationCount = 0;

  get generation(): number {
    return this.generationCount;
  }

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(keyId: string, nowMs = Date.now()): { hash: string; auth: Auth } | undefined {
    const entry = this.entries.get(keyId);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(keyId);
      return undefined;
    }
    return entry;
  }

  /** Caches a lookup that started at `generation`, unless an eviction happened since. */
  set(keyId: string, hash: string, auth: Auth, generation: number, nowMs = Date.now()): void {
    if (generation !== this.generationCount) return;
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(keyId, { hash, auth, expiresAtMs: nowMs + this.ttlMs });
  }

  evict(keyIds: Iterable<string>): void {
    this.generationCount++;
    for (const keyId of keyIds) this.entries.delete(keyId);
  }

  clear(): void {
    this.generationCount++;
    this.entries.clear();
  }
}
