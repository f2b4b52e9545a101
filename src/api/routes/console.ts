import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PATH = '/console';

/**
 * The console's files: src/console/public under tsx, dist/src/console/public once built
 * (`npm run build` copies the folder beside the compiled routes, at the same depth).
 */
export const CONSOLE_ROOT = fileURLToPath(new URL('../../console/public/', import.meta.url));

/**
 * The page runs only its own files: no inline script or style, no other origin, no framing.
 * `blob:` lets downloads (fetched with the key, then saved from an object URL) and nothing else.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  // Small files that change with each release: revalidate (ETag) rather than serve a stale app.
  'cache-control': 'no-cache',
};

export interface ConsoleRoutesOptions {
  /** Where the files are; tests may point elsewhere. */
  root?: string;
}

/**
 * The web console (docs/console.md): a static single-page app under /console that calls
 * the customer API from the browser with the key the user signs in with. It needs no key to
 * load; every call it makes goes through /v1's own authentication.
 */
export async function consoleRoutes(app: FastifyInstance, options: ConsoleRoutesOptions = {}): Promise<void> {
  const root = options.root ?? CONSOLE_ROOT;
  const indexHtml = await readFile(path.join(root, 'index.html'), 'utf8');

  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, api: 'console' };
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  // A relative redirect keeps working behind a proxy that mounts the service under a path.
  app.get(CONSOLE_PATH, async (_request, reply) => reply.redirect('console/', 301));
  // Someone who opens the service's address in a browser meant the console, not a JSON 404.
  // A temporary redirect: `/` may one day answer something of its own, and browsers keep a 301.
  app.get('/', async (_request, reply) => reply.redirect('console/', 302));
  app.get(`${CONSOLE_PATH}/`, async (_request, reply) => reply.type('text/html; charset=utf-8').send(indexHtml));

  await app.register(fastifyStatic, {
    root,
    prefix: `${CONSOLE_PATH}/`,
    // The app is one page with hash routes: no directory pages, no index lookups, no dotfiles.
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    decorateReply: false,
    // Type declarations sit beside the modules for the unit tests; the browser never needs them.
    allowedPath: (pathName) => !pathName.endsWith('.d.ts'),
  });
}
