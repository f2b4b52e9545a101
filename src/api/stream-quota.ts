/**
 * How many progress streams (GET /v1/bulk/jobs/{id}/events) one account may hold open in one
 * API process. Only a stream's opening request counts against the rate limit, yet each open
 * stream reads Redis twice a second for as long as its job runs: without a cap, one key could
 * open thousands and load the Redis every account shares.
 */
export const EVENT_STREAMS_PER_ACCOUNT = 50;

export class StreamQuota {
  private readonly open = new Map<string, number>();

  constructor(private readonly perAccount = EVENT_STREAMS_PER_ACCOUNT) {}

  /** Takes a place for a stream: a function that gives it back (once), or undefined when none is left. */
  take(accountId: string): (() => void) | undefined {
    const count = this.open.get(accountId) ?? 0;
    if (count >= this.perAccount) return undefined;
    this.open.set(accountId, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(accountId) ?? 1) - 1;
      if (left === 0) this.open.delete(accountId);
      else this.open.set(accountId, left);
    };
  }
}
