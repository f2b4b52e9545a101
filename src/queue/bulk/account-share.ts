/**
 * How many webhook deliveries of one account this process runs at once. The delivery pool is
 * shared by every account, and a receiver that hangs holds its slot until the request times
 * out: without a share, one account's slow endpoint and a few dozen jobs would hold every slot
 * and delay everyone else's webhooks by minutes.
 */
export class AccountShare {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perAccount: number) {}

  /** Takes one of the account's slots; false when it has them all in use. */
  tryTake(accountId: string): boolean {
    const used = this.inFlight.get(accountId) ?? 0;
    if (used >= this.perAccount) return false;
    this.inFlight.set(accountId, used + 1);
    return true;
  }

  release(accountId: string): void {
    const used = (this.inFlight.get(accountId) ?? 1) - 1;
    if (used <= 0) this.inFlight.delete(accountId);
    else this.inFlight.set(accountId, used);
  }
}

/** Thrown by a delivery whose account has its share in use: the job goes back to wait, no attempt spent. */
export class AccountBusy extends Error {
  constructor(readonly accountId: string) {
    super(`account ${accountId} has its share of webhook deliveries in flight`);
    this.name = 'AccountBusy';
  }
}
