/**
 * The one pino root (DESIGN.md §6.10) and what it hides: keys, admin tokens, Authorization
 * headers and PAN holder names never reach a log line, nor secrets in a logged URL.
 */
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { redactUrl } from './log-redaction.js';

/** Exact values no log line may show (the admin token, whatever its shape): see hideInLogs. */
const hiddenInLogs = new Set<string>();

/** Adds a secret every logged URL hides, in any encoding (the operator's admin token, once known). */
export function hideInLogs(secret: string): void {
  hiddenInLogs.add(secret);
}

/**
 * A URL as it may be logged: the queue board's one-time `token` sign-in, any query value whose
 * name says it is a secret, anything shaped like one of our keys or tokens (a client that put
 * its API key in the query string) and the values given to hideInLogs, however encoded.
 */
export function loggableUrl(url: string): string {
  return redactUrl(url, hiddenInLogs);
}

/** Fastify's request fields as it logs them, with secrets in the URL hidden (loggableUrl). */
export function requestLine(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : loggableUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The one pino root. Keys, admin tokens, Authorization headers and PAN holder names never reach a log line. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    // Fastify's own `req` serializer gives way to the root logger's.
    serializers: { req: requestLine },
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        // Any object's headers: @fastify/multipart logs its busboy options, request headers included, at trace.
        '*.headers.authorization',
        'authorization',
        'apiKey',
        '*.apiKey',
        'api_key',
        '*.api_key',
        'sandbox_key',
        'live_key',
        'fullName',
        '*.fullName',
        'registered_name',
        '*.registered_name',
      ],
      censor: '[redacted]',
    },
  });
}
