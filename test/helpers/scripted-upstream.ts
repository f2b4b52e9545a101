/**
 * A loopback HTTP server that plays an upstream as each test scripts it, recording every
 * request. Used by the adapter contract suite to drive adapters over real HTTP.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface UpstreamRequest {
  method: string;
  /** Below the prefix, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type UpstreamReply =
  | { status?: number; json?: unknown; text?: string; delayMs?: number }
  /** Never answer: the client has to give up. */
  | 'hang';

export type Script = (request: UpstreamRequest) => UpstreamReply;

export interface ScriptedUpstream {
  url(prefix: string): string;
  script: Script;
  readonly requests: UpstreamRequest[];
  /** Sockets currently open towards the server. */
  openSockets(): number;
  close(): Promise<void>;
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const sockets = new Set<Socket>();
  let prefix = '';
  const upstream: ScriptedUpstream = {
    url: (p) => {
      prefix = p;
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${p}`;
    },
    script: () => ({ status: 500, text: 'no script' }),
    requests: [],
    openSockets: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : `(outside prefix) ${url.pathname}`;
      const request: UpstreamRequest = { method: req.method ?? '', path, query: url.searchParams, headers: req.headers, body };
      upstream.requests.push(request);
      const reply = upstream.script(request);
      if (reply === 'hang') return;
      const send = (): void => {
        if (res.destroyed) return;
        const payload = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': reply.text === undefined ? 'application/json' : 'text/html' });
        res.end(payload);
      };
      if (reply.delayMs === undefined) send();
      else setTimeout(send, reply.delayMs).unref();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return upstream;
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
