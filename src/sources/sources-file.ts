/**
 * The live sources file (BV_SOURCES, JSON or YAML): which upstreams exist and, for each check,
 * the order to try them in. Sources are named so that two checks served by one upstream
 * (gst.verify and gst.returns on one GSP) share its limits and its circuit.
 *
 * Parsed once at start-up; every problem names its place in the file and the rule that failed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../config.js';
import { CHECK_NAMES, type CheckName } from '../domain/operations.js';
import type { AdapterDefinition } from './adapter.js';

const SOURCE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A credential is read from a named env variable; `default` is for simulators and samples. */
const CredentialSchema = z.union([
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the name of an environment variable'),
  z.strictObject({
    env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the name of an environment variable'),
    default: z.string().optional(),
  }),
]);

const SourceSchema = z.strictObject({
  adapter: z.string().min(1),
  base_url: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((url) => {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '' && parsed.search === '' && parsed.hash === '';
    }, 'must have no user, password, query or fragment: credentials go in `credentials`, paths in the URL path'),
  credentials: z.record(z.string(), CredentialSchema).default({}),
  /** One upstream call's limit; undici's own default (300 s) would outlive any caller. */
  timeout_ms: z.number().int().min(50).max(60_000).default(5_000),
  /** Calls in flight across every process. */
  max_in_flight: z.number().int().min(1).max(1_000).default(8),
  /** Calls started per second across every process; 0 means no rate limit. */
  max_rate_per_second: z.number().int().min(0).max(10_000).default(0),
  /** Extra attempts after a 5xx-style failure, within the call's budget. */
  retries: z.number().int().min(0).max(3).default(1),
  /** Seconds an answer is reused from Redis; 0 (the default) turns the cache off. */
  cache_ttl_s: z.number().int().min(0).max(30 * 86_400).default(0),
  circuit: z
    .strictObject({
      /** Failures in a row (within `window_ms`) that mark the source down for every process. */
      failures: z.number().int().min(1).max(1_000).default(5),
      window_ms: z.number().int().min(100).max(600_000).default(30_000),
      cooloff_ms: z.number().int().min(100).max(3_600_000).default(15_000),
    })
    .default({ failures: 5, window_ms: 30_000, cooloff_ms: 15_000 }),
});

const FileSchema = z.strictObject({
  sources: z.record(z.string().regex(SOURCE_NAME, 'source names are lower-case letters, digits and "-"'), SourceSchema),
  checks: z.partialRecord(z.enum(CHECK_NAMES as [CheckName, ...CheckName[]]), z.array(z.string()).min(1)),
});

export interface LiveSourceSettings {
  name: string;
  adapter: AdapterDefinition;
  baseUrl: string;
  credentials: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxInFlight: number;
  maxRatePerSecond: number;
  retries: number;
  cacheTtlS: number;
  circuit: { failures: number; windowMs: number; cooloffMs: number };
}

export interface SourcesPlan {
  sources: readonly LiveSourceSettings[];
  /** Source names in the order to try them, per check. */
  checks: Readonly<Partial<Record<CheckName, readonly string[]>>>;
}

function fail(file: string, problems: string[]): never {
  throw new ConfigError(`invalid sources file ${file}: ${problems.join('; ')}`);
}

/** Validates a parsed sources document against the known adapters and the environment. */
export function planSources(
  document: unknown,
  adapters: readonly AdapterDefinition[],
  env: Readonly<Record<string, string | undefined>>,
  file = 'BV_SOURCES',
): SourcesPlan {
  const parsed = FileSchema.safeParse(document);
  if (!parsed.success) {
    fail(
      file,
      parsed.error.issues.map((issue) => {
        // A refused source name: zod's own text is "Invalid key in record"; the rule is inside.
        const message = issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message).join('; ') : issue.message;
        return `${issue.path.join('.') || '(top level)'}: ${message}`;
      }),
    );
  }
  const problems: string[] = [];
  const byName = new Map(adapters.map((adapter) => [adapter.name, adapter]));
  const sources: LiveSourceSettings[] = [];
  for (const [name, source] of Object.entries(parsed.data.sources)) {
    const adapter = byName.get(source.adapter);
    if (adapter === undefined) {
      problems.push(`sources.${name}.adapter: unknown adapter "${source.adapter}" (known: ${[...byName.keys()].join(', ')})`);
      continue;
    }
    const credentials: Record<string, string> = {};
    for (const credential of adapter.credentialNames) {
      const spec = source.credentials[credential];
      if (spec === undefined) {
        problems.push(`sources.${name}.credentials.${credential}: required by ${adapter.name}`);
        continue;
      }
      const variable = typeof spec === 'string' ? spec : spec.env;
      const value = env[variable] || (typeof spec === 'string' ? undefined : spec.default);
      if (value === undefined || value === '') {
        problems.push(`sources.${name}.credentials.${credential}: environment variable ${variable} is not set`);
        continue;
      }
      credentials[credential] = value;
    }
    for (const extra of Object.keys(source.credentials)) {
      if (!adapter.credentialNames.includes(extra)) {
        problems.push(`sources.${name}.credentials.${extra}: ${adapter.name} takes no such credential (it takes ${adapter.credentialNames.join(', ') || 'none'})`);
      }
    }
    sources.push({
      name,
      adapter,
      baseUrl: source.base_url.replace(/\/+$/, ''),
      credentials,
      timeoutMs: source.timeout_ms,
      maxInFlight: source.max_in_flight,
      maxRatePerSecond: source.max_rate_per_second,
      retries: source.retries,
      cacheTtlS: source.cache_ttl_s,
      circuit: { failures: source.circuit.failures, windowMs: source.circuit.window_ms, cooloffMs: source.circuit.cooloff_ms },
    });
  }
  const known = new Map(sources.map((source) => [source.name, source]));
  for (const [check, names] of Object.entries(parsed.data.checks) as [CheckName, string[]][]) {
    names.forEach((name, index) => {
      const source = known.get(name);
      if (source === undefined) {
        if (!(name in parsed.data.sources)) problems.push(`checks.${check}.${index}: no source named "${name}" in sources`);
        return;
      }
      if (!source.adapter.checks.includes(check)) {
        problems.push(`checks.${check}.${index}: source "${name}" (${source.adapter.name}) cannot answer ${check}; it answers ${source.adapter.checks.join(', ')}`);
      }
    });
    if (new Set(names).size !== names.length) problems.push(`checks.${check}: a source is listed twice`);
  }
  if (problems.length > 0) fail(file, problems);
  return { sources, checks: parsed.data.checks };
}

/** Reads BV_SOURCES: `.yaml`/`.yml` as YAML, anything else as JSON. */
export async function loadSourcesFile(
  file: string,
  adapters: readonly AdapterDefinition[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<SourcesPlan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`invalid configuration: BV_SOURCES: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let document: unknown;
  try {
    document = /\.ya?ml$/i.test(path.extname(file)) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    fail(file, [`not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`]);
  }
  return planSources(document, adapters, env, file);
}
