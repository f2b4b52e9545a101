/**
 * Builds the live source chains from the sources file: one adapter instance (one connection
 * pool) per named source, each behind the shared limits, ordered per check as the file says.
 */
import type { Logger } from 'pino';
import { CHECK_NAMES, type CheckName } from '../domain/operations.js';
import { createGuardedSource, type GuardedSource } from './guarded-source.js';
import type { SourceLimits } from './limits.js';
import type { Source } from './port.js';
import type { SourcesPlan } from './sources-file.js';

export interface LiveSources {
  chains: Readonly<Record<CheckName, readonly Source[]>>;
  sources: readonly GuardedSource[];
  close(): Promise<void>;
}

export function buildLiveSources(plan: SourcesPlan | undefined, limits: SourceLimits, log: Logger): LiveSources {
  const sources = (plan?.sources ?? []).map((settings) => {
    const adapterSettings = {
      baseUrl: settings.baseUrl,
      timeoutMs: settings.timeoutMs,
      // The shared limit caps requests in flight; more connections than that would sit idle.
      connections: settings.maxInFlight,
      credentials: settings.credentials,
      log,
    };
    return createGuardedSource(settings.adapter, settings, adapterSettings, limits, log);
  });
  const byName = new Map(sources.map((source) => [source.name, source]));
  const chains = Object.fromEntries(
    CHECK_NAMES.map((check) => [check, (plan?.checks[check] ?? []).map((name) => byName.get(name)).filter((s) => s !== undefined)]),
  ) as unknown as Record<CheckName, readonly Source[]>;
  return {
    chains,
    sources,
    async close() {
      await Promise.allSettled(sources.map((source) => source.close()));
    },
  };
}
