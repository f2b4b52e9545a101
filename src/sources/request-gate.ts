/**
 * The gate every upstream HTTP request of a live source passes: an in-process semaphore,
 * then a lease from the counting semaphore in Redis (max in flight across every process, and
 * the per-second start rate). One wait, bounded by the source's time-out, covers both: a
 * source that stays full that long is as good as unavailable, and the chain moves on.
 *
 * A finished request hands its lease straight to the next request waiting in this process
 * rather than releasing it and acquiring a new one: the upstream slot never stands empty
 * between two requests, and a row of a bulk job costs two round trips fewer. Not for a source
 * with a per-second rate, where every start must be counted, nor once the source is known to
 * be down. A lease handed on is renewed in Redis on the way (without waiting for the answer)
 * once half its margin has passed since it was last taken or renewed: until then it still
 * outlives any next request by half the margin, and a bulk job's short requests skip a script
 * call each. A renewal that fails is tried again at the next hand-on; a lease found expired
 * (an event loop stalled past its margin) is not handed on again: the next request acquires.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestGate } from './adapter.js';
import type { SourceLimits } from './limits.js';
import { LocalSemaphore } from './local-semaphore.js';
import type { LiveSourceSettings } from './sources-file.js';

/** Upper bound of one pause between two tries at a busy slot. */
const SLOT_POLL_MS = 25;
/** A lease outlives the request it covers (bounded by the time-out) by this much, at least half. */
export const LEASE_MARGIN_MS = 1_000;
/** A handed-on lease last taken or renewed longer ago than this is renewed on the way. */
export const RENEW_AFTER_MS = LEASE_MARGIN_MS / 2;

/** A Redis lease held by this process. */
interface Lease {
  id: string;
  /**
   * performance.now() when its last successful acquire or renewal was sent: Redis applied it
   * no earlier, so the lease lasts at least until this + the lease time.
   */
  extendedAt: number;
  /** A renewal is on its way: one at a time, so a burst of hand-ons sends one. */
  renewing: boolean;
  /** A renewal found it expired: its slot may be another process's now. */
  lost: boolean;
}

export function createRequestGate(settings: LiveSourceSettings, limits: SourceLimits): RequestGate {
  // Waiting in-process first keeps the Redis polling to at most max_in_flight callers per process.
  const local = new LocalSemaphore<Lease>(settings.maxInFlight);
  const leaseMs = settings.timeoutMs + LEASE_MARGIN_MS;
  const handOnLeases = settings.maxRatePerSecond === 0;
  const { name } = settings;

  return {
    async admit(signal) {
      const deadline = Date.now() + settings.timeoutMs;
      const permit = await local.acquire(settings.timeoutMs, signal);
      if (!permit.granted) {
        return signal.aborted
          ? { admitted: false, outcome: 'timeout', message: `the budget ran out waiting for a ${name} slot` }
          : { admitted: false, outcome: 'rate_limited', message: `${name} had no free slot in this process for ${settings.timeoutMs} ms` };
      }
      const lease: Lease = permit.handedOn ?? { id: randomUUID(), extendedAt: 0, renewing: false, lost: false };
      const leaseId = lease.id;
      try {
        while (permit.handedOn === undefined) {
          const sentAt = performance.now();
          const result = await limits.acquire(name, leaseId, leaseMs, settings.maxInFlight, settings.maxRatePerSecond);
          if (result.acquired) {
            lease.extendedAt = sentAt;
            break;
          }
          if (result.reason === 'down') {
            local.release();
            return { admitted: false, outcome: 'unavailable', message: `${name} was marked down for ${result.waitMs} ms` };
          }
          if (signal.aborted) {
            local.release();
            return { admitted: false, outcome: 'timeout', message: `the budget ran out waiting for a ${name} slot` };
          }
          if (Date.now() >= deadline) {
            local.release();
            return { admitted: false, outcome: 'rate_limited', message: `${name} had no free slot (${result.reason}) for ${settings.timeoutMs} ms` };
          }
          const waitMs = Math.min(result.waitMs, SLOT_POLL_MS, Math.max(deadline - Date.now(), 1));
          await sleep(waitMs / 2 + Math.random() * (waitMs / 2), undefined, { signal }).catch(() => undefined);
        }
      } catch (error) {
        local.release();
        throw error;
      }
      let released = false;
      return {
        admitted: true,
        release: () => {
          if (released) return;
          released = true;
          if (handOnLeases && !lease.lost && limits.knownDownForMs(name) === 0 && local.waiting > 0) {
            // The next request ends within the time-out, so a lease taken or renewed less than
            // RENEW_AFTER_MS ago still covers it; an older one is renewed now.
            const sentAt = performance.now();
            if (!lease.renewing && sentAt - lease.extendedAt >= RENEW_AFTER_MS) {
              lease.renewing = true;
              limits.refresh(name, leaseId, leaseMs).then(
                (held) => {
                  lease.renewing = false;
                  if (held) lease.extendedAt = sentAt;
                  else lease.lost = true;
                },
                () => (lease.renewing = false),
              );
            }
            if (local.release(lease)) return;
          } else {
            local.release();
          }
          // The lease expires by itself if this is lost: capacity for a moment, never money.
          limits.release(name, leaseId).catch(() => undefined);
        },
      };
    },
  };
}
