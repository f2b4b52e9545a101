/**
 * Injected misbehaviour, per upstream and per route. A route setting overrides the same
 * setting of its upstream, field by field. Control input (HTTP and flags) is validated here.
 */
import { z } from 'zod';
import { ROUTES, UPSTREAMS, upstreamOf, type RouteName, type UpstreamName } from './routes-table.js';

/** Held requests and injected delays never outlast this: a client that never gives up still gets an answer. */
export const MAX_HOLD_MS = 60_000;

const latencySchema = z.union([
  z.number().int().min(0).max(MAX_HOLD_MS),
  z
    .object({ minMs: z.number().int().min(0).max(MAX_HOLD_MS), maxMs: z.number().int().min(0).max(MAX_HOLD_MS) })
    .strict()
    .refine((range) => range.minMs <= range.maxMs, { message: 'minMs must not exceed maxMs' }),
]);

const rateSchema = z.number().min(0).max(1);

/** `null` clears a setting when merging (PATCH, configure); in a replacement it is the same as leaving it out. */
const faultSettingsSchema = z
  .object({
    latencyMs: latencySchema.nullable().optional(),
    errorRate: rateSchema.nullable().optional(),
    timeoutRate: rateSchema.nullable().optional(),
    down: z.boolean().nullable().optional(),
    flap: z
      .object({ upMs: z.number().int().min(1), downMs: z.number().int().min(1) })
      .strict()
      .nullable()
      .optional(),
    rateLimitPerSecond: z.number().int().min(1).nullable().optional(),
  })
  .strict();

export const simConfigSchema = z
  .object({
    upstreams: z.partialRecord(z.enum(UPSTREAMS), faultSettingsSchema).optional(),
    routes: z.partialRecord(z.enum(ROUTES), faultSettingsSchema).optional(),
  })
  .strict();

export type SimConfigInput = z.input<typeof simConfigSchema>;
export type FaultSettingsInput = z.input<typeof faultSettingsSchema>;

export type LatencySetting = number | { minMs: number; maxMs: number };

export interface FaultSettings {
  latencyMs?: LatencySetting;
  errorRate?: number;
  timeoutRate?: number;
  down?: boolean;
  flap?: { upMs: number; downMs: number };
  rateLimitPerSecond?: number;
}

export interface SimConfig {
  upstreams?: Partial<Record<UpstreamName, FaultSettings>>;
  routes?: Partial<Record<RouteName, FaultSettings>>;
}

/** The settings that apply to one request, with where the flap cycle and the rate limit live. */
export interface EffectiveSettings extends FaultSettings {
  /** When the flap cycle in force started (ms since epoch). */
  flapSinceMs?: number;
  /** Requests sharing a rate-limit window: the route's own, else its upstream's (all its routes together). */
  rateLimitScope?: string;
}

/** A readable one-line reason for a zod failure, naming the field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

export function parseSimConfig(input: unknown): { ok: true; value: SimConfigInput } | { ok: false; message: string } {
  const parsed = simConfigSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeIssues(parsed.error) };
}

type Patch = FaultSettingsInput | undefined;

function applySettings(base: FaultSettings | undefined, patch: Patch): FaultSettings | undefined {
  if (patch === undefined) return base;
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return Object.keys(next).length === 0 ? undefined : (next as FaultSettings);
}

/** The live configuration; remembers when each flap setting was applied, as its cycle starts then. */
export class ConfigStore {
  private upstreams = new Map<UpstreamName, FaultSettings>();
  private routes = new Map<RouteName, FaultSettings>();
  private flapSince = new Map<string, number>();

  constructor(private readonly clockMs: () => number = Date.now) {}

  /** Replaces everything (PUT): what the input leaves out is cleared. */
  replace(input: SimConfigInput): void {
    this.upstreams.clear();
    this.routes.clear();
    this.flapSince.clear();
    this.merge(input);
  }

  /** Merges per upstream/route and per field (PATCH, configure): `null` clears a field. */
  merge(input: SimConfigInput): void {
    for (const [name, patch] of Object.entries(input.upstreams ?? {}) as [UpstreamName, Patch][]) {
      this.set(this.upstreams, name, `upstream:${name}`, patch);
    }
    for (const [name, patch] of Object.entries(input.routes ?? {}) as [RouteName, Patch][]) {
      this.set(this.routes, name, `route:${name}`, patch);
    }
  }

  private set<K extends string>(map: Map<K, FaultSettings>, name: K, flapKey: string, patch: Patch): void {
    const next = applySettings(map.get(name), patch);
    if (next === undefined) map.delete(name);
    else map.set(name, next);
    if (patch?.flap !== undefined) this.flapSince.set(flapKey, this.clockMs());
    if (next?.flap === undefined) this.flapSince.delete(flapKey);
  }

  snapshot(): SimConfig {
    const config: SimConfig = {};
    if (this.upstreams.size > 0) config.upstreams = Object.fromEntries(this.upstreams);
    if (this.routes.size > 0) config.routes = Object.fromEntries(this.routes);
    return structuredClone(config);
  }

  effective(route: RouteName): EffectiveSettings {
    const upstream = upstreamOf(route);
    const fromUpstream = this.upstreams.get(upstream) ?? {};
    const fromRoute = this.routes.get(route) ?? {};
    const settings: EffectiveSettings = { ...fromUpstream, ...fromRoute };
    if (fromRoute.flap !== undefined) settings.flapSinceMs = this.flapSince.get(`route:${route}`);
    else if (fromUpstream.flap !== undefined) settings.flapSinceMs = this.flapSince.get(`upstream:${upstream}`);
    if (fromRoute.rateLimitPerSecond !== undefined) settings.rateLimitScope = `route:${route}`;
    else if (fromUpstream.rateLimitPerSecond !== undefined) settings.rateLimitScope = `upstream:${upstream}`;
    return settings;
  }
}
