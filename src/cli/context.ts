import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from './exit-codes.js';
import { Output, type Io } from './output.js';
import { ServiceClient } from './service-client.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

export interface GlobalOptions {
  baseUrl?: string;
  key?: string;
  adminToken?: string;
  adminTokenFile?: string;
  json?: boolean;
}

export interface Context {
  out: Output;
  client: ServiceClient;
}

/** The package's version, from src/cli (tsx) or dist/src/cli (built) alike. */
export function cliVersion(): string {
  for (const relative of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'business-verification-service' && pkg.version) return pkg.version;
    } catch {
      // not at this level
    }
  }
  return '0.0.0';
}

/**
 * The admin token, given itself or as a file (BV_ADMIN_TOKEN_FILE: $BV_DATA_DIR/admin-token, or a
 * compose secret), as the service reads it: trimmed, and never both.
 */
function adminTokenOf(options: GlobalOptions): string | undefined {
  if (options.adminTokenFile === undefined) return options.adminToken;
  if (options.adminToken !== undefined) throw new UsageError('Give the admin token or its file (--admin-token-file, BV_ADMIN_TOKEN_FILE), not both');
  let token: string;
  try {
    token = readFileSync(options.adminTokenFile, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`Cannot read the admin token file ${options.adminTokenFile} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (token === '') throw new UsageError(`The admin token file ${options.adminTokenFile} is empty`);
  return token;
}

/**
 * What every command works with: the output (JSON or human) and one API client, created on
 * first use from the global options (flags first, then BV_BASE_URL, BV_KEY, BV_ADMIN_TOKEN or
 * BV_ADMIN_TOKEN_FILE).
 */
export class Session {
  private client: ServiceClient | undefined;

  constructor(readonly io: Io) {}

  output(command: Command): Output {
    return new Output(this.io, (command.optsWithGlobals() as GlobalOptions).json === true);
  }

  context(command: Command): Context {
    const options = command.optsWithGlobals() as GlobalOptions;
    this.client ??= new ServiceClient({
      baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
      key: options.key,
      adminToken: adminTokenOf(options),
      userAgent: `bv-cli/${cliVersion()}`,
    });
    return { out: this.output(command), client: this.client };
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
