/**
 * How many webhook deliveries of one account this process runs at once. The delivery pool is
 * shared by every account, and a receiver that hangs holds its slot until the request times
 * out: without a share, one account's slow endpoint and a few dozen jobs would hold every slot
 * and delay everyone else's webhooks by minutes.
 */
export class AccountShare {
  private readonly inFlight = new Map<string, number>();
  /** When each account last found its share full, while it stays full. */
  private readonly fullSince = new Map<string, number>();

  constructor(
    private readonly perAccount: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one of the account's slots; false when it has them all in use. */
  tryTake(accountId: string): boolean {
    const used = this.inFlight.get(accountId) ?? 0;
    if (used >= this.perAccount) {
      if (!this.fullSince.has(accountId)) this.fullSince.set(accountId, this.now());
      return false;
    }
    this.inFlight.set(accountId, used + 1);
    return true;
  }

  release(accountId: string): void {
    const used = (this.inFlight.get(accountId) ?? 1) - 1;
    this.fullSince.delete(accountId);
    if (used <= 0) this.inFlight.delete(accountId);
    else this.inFlight.set(accountId, used);
  }

  /**
   * How long a delivery refused a slot waits before it is tried again: a quarter of a second
   * at first, then half as long as the share has been full, up to 5 s, with jitter. A receiver
   * that hangs keeps the share full for its 10 s time-outs, and a backlog of thousands of its
   * deliveries would otherwise cycle through the queue several times a second.
   */
  waitMs(accountId: string): number {
    const since = this.fullSince.get(accountId);
    const base = Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, since === undefined ? 0 : (this.now() - since) / 2));
    return Math.round(base * (0.75 + Math.random() * 0.5));
  }
}

const MIN_WAIT_MS = 250;
const MAX_WAIT_MS = 5_000;

/** Thrown by a delivery whose account has its share in use: the job goes back to wait, no attempt spent. */
export class AccountBusy extends Error {
  constructor(
    readonly accountId: string,
    readonly waitMs: number,
  ) {
    super(`account ${accountId} has its share of webhook deliveries in flight`);
    this.name = 'AccountBusy';
  }
}
