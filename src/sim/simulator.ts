/** Starts the upstream simulator on a port (0 picks a free one): the programmatic API for tests. */
import type { AddressInfo } from 'node:net';
import { DEFAULT_SIM_HOST } from './cli-args.js';
import { buildSimulatorApp, type SimulatorOptions } from './sim-app.js';
import type { SimConfigInput } from './sim-config.js';
import type { SimStats } from './sim-stats.js';

export { buildSimulatorApp, type SimulatorApp, type SimulatorOptions } from './sim-app.js';
export type { SimConfig, SimConfigInput, FaultSettings } from './sim-config.js';
export type { RouteStats, SimStats } from './sim-stats.js';
export { ROUTES, UPSTREAMS, UPSTREAM_PREFIXES, type RouteName, type UpstreamName } from './routes-table.js';

export interface StartSimulatorOptions extends SimulatorOptions {
  port?: number;
  host?: string;
}

export interface RunningSimulator {
  /** Base URL without a trailing slash; an adapter's base URL adds the upstream's prefix (`/gsp`). */
  url: string;
  close(): Promise<void>;
  /** Merges (as PATCH /_sim/config): per upstream/route and per field, `null` clears a field. */
  configure(partial: SimConfigInput): void;
  /** Replaces everything (as PUT /_sim/config). */
  replaceConfig(config: SimConfigInput): void;
  stats(): SimStats;
  resetStats(): void;
}

export async function startSimulator(options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const sim = buildSimulatorApp(options);
  await sim.app.listen({ port: options.port ?? 0, host: options.host ?? DEFAULT_SIM_HOST });
  const address = sim.app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () => sim.app.close(),
    configure: sim.configure,
    replaceConfig: sim.replaceConfig,
    stats: sim.stats,
    resetStats: sim.resetStats,
  };
}
