/** Decisions about injected misbehaviour for one request, from the settings in force. */
import type { EffectiveSettings, LatencySetting } from './sim-config.js';

const WINDOW_MS = 1_000;

/** Down for good, or in the down half of a flap cycle (the cycle starts up, when it is configured). */
export function isDown(settings: EffectiveSettings, nowMs: number): boolean {
  if (settings.down === true) return true;
  const flap = settings.flap;
  if (flap === undefined || settings.flapSinceMs === undefined) return false;
  const phaseMs = (nowMs - settings.flapSinceMs) % (flap.upMs + flap.downMs);
  return phaseMs >= flap.upMs;
}

export function latencyOf(setting: LatencySetting | undefined, random: () => number): number {
  if (setting === undefined) return 0;
  if (typeof setting === 'number') return setting;
  return setting.minMs + Math.floor(random() * (setting.maxMs - setting.minMs + 1));
}

/** True with the given probability; 0 never rolls, 1 always does. */
export function rolls(rate: number | undefined, random: () => number): boolean {
  return rate !== undefined && rate > 0 && random() < rate;
}

/**
 * A sliding one-second window per scope (a route, or a whole upstream): exact at the edges,
 * unlike fixed windows, so a test sending N+1 requests in a burst sees exactly one 429.
 */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  /** Admits the request (and counts it) or answers how many seconds to wait. */
  take(settings: EffectiveSettings, nowMs: number): { admitted: true } | { admitted: false; retryAfterS: number } {
    const limit = settings.rateLimitPerSecond;
    const scope = settings.rateLimitScope;
    if (limit === undefined || scope === undefined) return { admitted: true };
    const window = (this.windows.get(scope) ?? []).filter((t) => t > nowMs - WINDOW_MS);
    this.windows.set(scope, window);
    if (window.length >= limit) {
      const oldest = window[0] ?? nowMs;
      return { admitted: false, retryAfterS: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1_000)) };
    }
    window.push(nowMs);
    return { admitted: true };
  }

  clear(): void {
    this.windows.clear();
  }
}
