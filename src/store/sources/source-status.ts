/**
 * What /readyz and the admin sources view show of the sources: per environment, how many
 * checks have a chain; per live source, its shared state (up/down, in flight, recent errors).
 */
import { CHECK_NAMES } from '../../domain/operations.js';
import type { LiveSources } from '../../sources/live-sources.js';
import type { SourceChains } from '../../sources/verifier.js';
import type { SourceSnapshot, SourceStateStore } from './source-state.js';

export interface SourceStatus {
  sandbox: { checks_with_sources: number };
  live: {
    checks_with_sources: number;
    checks: Record<string, string[]>;
    sources: (SourceSnapshot & { adapter: string; max_in_flight: number; max_rate_per_second: number; timeout_ms: number })[];
  };
}

export async function sourceStatus(chains: SourceChains, live: LiveSources, state: SourceStateStore): Promise<SourceStatus> {
  const snapshots = await Promise.all(live.sources.map((source) => state.snapshot(source.name)));
  return {
    sandbox: { checks_with_sources: CHECK_NAMES.filter((check) => chains.sandbox[check].length > 0).length },
    live: {
      checks_with_sources: CHECK_NAMES.filter((check) => chains.live[check].length > 0).length,
      checks: Object.fromEntries(
        CHECK_NAMES.filter((check) => chains.live[check].length > 0).map((check) => [check, chains.live[check].map((s) => s.name)]),
      ),
      sources: live.sources.map((source, index) => ({
        ...(snapshots[index] as SourceSnapshot),
        adapter: source.settings.adapter.name,
        max_in_flight: source.settings.maxInFlight,
        max_rate_per_second: source.settings.maxRatePerSecond,
        timeout_ms: source.settings.timeoutMs,
      })),
    },
  };
}

/** What anyone may see (/readyz is unauthenticated): counts, not names, limits or error rates. */
export function publicSourceStatus(status: SourceStatus) {
  return {
    sandbox: status.sandbox,
    live: {
      checks_with_sources: status.live.checks_with_sources,
      sources_up: status.live.sources.filter((s) => s.state === 'up').length,
      sources_down: status.live.sources.filter((s) => s.state === 'down').length,
    },
  };
}
