/** docker-compose.yml, parsed as Compose reads it, and what the tests ask of its services. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  user?: string;
  init?: boolean;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: unknown[];
  container_name?: string;
  restart?: string;
  stop_grace_period?: string;
  working_dir?: string;
  volumes?: (string | { type?: string; source?: string; target: string })[];
  secrets?: (string | { source: string; target?: string })[];
  configs?: (string | { source: string; target?: string })[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

export interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string; environment?: string }>;
  configs?: Record<string, { file?: string }>;
}

export const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
// Compose resolves `<<` merge keys (YAML 1.1); the yaml package does so only when asked.
export const compose = parse(composeText, { merge: true }) as ComposeFile;

export function commandOf(service: Service): string[] {
  return Array.isArray(service.command) ? service.command : service.command === undefined ? [] : service.command.split(/\s+/);
}

export function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0] ?? '', entry.slice(entry.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

export function dependsOn(service: Service): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition ?? 'service_started']));
}

/** `source:target` of each volume; short syntax `src:dst[:mode]` or the long syntax. */
export function mounts(service: Service): { source: string; target: string }[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') return { source: volume.source ?? '', target: volume.target };
    const [source = '', target = ''] = volume.split(':');
    return { source, target };
  });
}

/** Where the service sees each of its secrets (`/run/secrets/<name>` unless a target is given). */
export function secretPaths(service: Service): Map<string, string> {
  return new Map(
    (service.secrets ?? []).map((secret) => {
      const { source, target } = typeof secret === 'string' ? { source: secret, target: undefined } : secret;
      return [target?.startsWith('/') ? target : `/run/secrets/${target ?? source}`, source];
    }),
  );
}

/** Where the service sees each of its configs, and the file in this checkout it comes from. */
export function configPaths(service: Service): Map<string, string> {
  return new Map(
    (service.configs ?? []).map((config) => {
      const { source, target } = typeof config === 'string' ? { source: config, target: undefined } : config;
      const file = compose.configs?.[source]?.file;
      return [target ?? `/${source}`, file === undefined ? '' : path.join(repoRoot, file)];
    }),
  );
}

/** A shell script as it reaches the container: Compose turns `$$` into `$`. */
export function unescapeDollars(text: string): string {
  return text.replace(/\$\$/g, '$');
}

/** The services that run the image the Dockerfile builds. */
export function builtServices(): string[] {
  return Object.entries(compose.services)
    .filter(([, service]) => service.build !== undefined)
    .map(([name]) => name);
}
