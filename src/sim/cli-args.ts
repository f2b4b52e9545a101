/**
 * Command-line flags of `npm run sim` into listen options and a simulator configuration. Every
 * flag that takes `<target>` accepts an upstream (all its routes) or a route (`gstn-gsp.search`).
 */
import { parseArgs } from 'node:util';
import { ROUTES, UPSTREAMS, isRouteName, isUpstreamName } from './routes-table.js';
import { parseSimConfig, type FaultSettingsInput, type SimConfigInput } from './sim-config.js';

export const DEFAULT_SIM_PORT = 8090;
export const DEFAULT_SIM_HOST = '127.0.0.1';

export const SIM_USAGE = `usage: npm run sim -- [options]
  --port <n>                          listen port (default ${DEFAULT_SIM_PORT}; 0 picks a free one)
  --host <addr>                       listen address (default ${DEFAULT_SIM_HOST})
  --latency <target>=<ms>|<min>-<max> latency from arrival, fixed or uniform in a range
  --error-rate <target>=<0..1>        share of requests answered 503
  --timeout-rate <target>=<0..1>      share of requests never answered
  --rate-limit <target>=<n>           requests per second before 429
  --down <target>                     every request answers 503
  --flap <target>=<upMs>/<downMs>     alternate up and down windows
<target> is an upstream (${UPSTREAMS.join(', ')})
or a route (${ROUTES.join(', ')}). Every flag may be repeated.`;

export interface SimCliOptions {
  port: number;
  host: string;
  config: SimConfigInput;
  help: boolean;
}

export class SimArgsError extends Error {}

function settingsFor(config: SimConfigInput, target: string): FaultSettingsInput {
  if (isUpstreamName(target)) {
    config.upstreams ??= {};
    return (config.upstreams[target] ??= {});
  }
  if (isRouteName(target)) {
    config.routes ??= {};
    return (config.routes[target] ??= {});
  }
  throw new SimArgsError(`unknown upstream or route "${target}"`);
}

function splitAssignment(flag: string, value: string): [string, string] {
  const at = value.indexOf('=');
  if (at <= 0 || at === value.length - 1) throw new SimArgsError(`--${flag} expects <target>=<value>, got "${value}"`);
  return [value.slice(0, at), value.slice(at + 1)];
}

function numberArg(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new SimArgsError(`--${flag}: "${text}" is not a number`);
  return value;
}

export function parseSimArgs(argv: readonly string[]): SimCliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        latency: { type: 'string', multiple: true },
        'error-rate': { type: 'string', multiple: true },
        'timeout-rate': { type: 'string', multiple: true },
        'rate-limit': { type: 'string', multiple: true },
        down: { type: 'string', multiple: true },
        flap: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new SimArgsError((error as Error).message);
  }
  const v = parsed.values;
  const config: SimConfigInput = {};
  for (const item of v.latency ?? []) {
    const [target, text] = splitAssignment('latency', item);
    const range = /^(\d+)-(\d+)$/.exec(text);
    settingsFor(config, target).latencyMs = range ? { minMs: Number(range[1]), maxMs: Number(range[2]) } : numberArg('latency', text);
  }
  for (const [flag, field] of [['error-rate', 'errorRate'], ['timeout-rate', 'timeoutRate'], ['rate-limit', 'rateLimitPerSecond']] as const) {
    for (const item of v[flag] ?? []) {
      const [target, text] = splitAssignment(flag, item);
      settingsFor(config, target)[field] = numberArg(flag, text);
    }
  }
  for (const target of v.down ?? []) settingsFor(config, target).down = true;
  for (const item of v.flap ?? []) {
    const [target, text] = splitAssignment('flap', item);
    const match = /^(\d+)\/(\d+)$/.exec(text);
    if (!match) throw new SimArgsError(`--flap expects <target>=<upMs>/<downMs>, got "${item}"`);
    settingsFor(config, target).flap = { upMs: Number(match[1]), downMs: Number(match[2]) };
  }
  const checked = parseSimConfig(config);
  if (!checked.ok) throw new SimArgsError(checked.message);

  const port = v.port === undefined ? DEFAULT_SIM_PORT : numberArg('port', v.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new SimArgsError(`--port must be 0..65535, got ${v.port}`);
  return { port, host: v.host ?? DEFAULT_SIM_HOST, config: checked.value, help: v.help === true };
}
