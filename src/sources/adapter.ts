/**
 * How an HTTP adapter is described and built. The sources file (BV_SOURCES) names adapters by
 * `name`; the loader resolves credentials from env and hands an adapter these settings. Nothing
 * here mentions undici: the pool lives inside each adapter.
 */
import type { Logger } from 'pino';
import type { CheckName } from '../domain/operations.js';
import type { FailureOutcome, Source } from './port.js';

/**
 * Admits one upstream HTTP request under the source's shared limits (a check may make
 * several requests: a search and RETTRACK calls, a company and its directors' DINs). The
 * adapter's HTTP client calls it around every request it sends.
 */
export interface RequestGate {
  admit(signal: AbortSignal): Promise<{ admitted: true; release: () => void } | { admitted: false; outcome: FailureOutcome; message: string }>;
}

export interface AdapterSettings {
  /** Where the upstream answers, prefix included, e.g. `http://127.0.0.1:8090/gsp`. */
  baseUrl: string;
  /** One upstream call's time limit (connect, headers and body together). */
  timeoutMs: number;
  /** Connections in this process's pool for the upstream. */
  connections: number;
  /** Credential values by the adapter's credential names (see `credentialNames`). */
  credentials: Readonly<Record<string, string>>;
  log: Logger;
  /** The shared limits every request passes; none in adapter tests that call an upstream directly. */
  gate?: RequestGate;
}

/** A source that owns network resources. */
export interface HttpSource extends Source {
  close(): Promise<void>;
}

export interface AdapterDefinition {
  readonly name: string;
  /** The checks this adapter can answer. */
  readonly checks: readonly CheckName[];
  /** Credentials the adapter sends; the sources file maps each to an env variable. */
  readonly credentialNames: readonly string[];
  create(settings: AdapterSettings): HttpSource;
}
