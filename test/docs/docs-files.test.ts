import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/errors.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
/** The README and every page under docs/, by path from the checkout's root. */
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
const anchorsOf = (text: string): Set<string> => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)));
/** Markdown links outside code blocks, with the document they are in. */
/**
 * Paths of the checkout a document names (src/, workers/, test/, samples/, docs/), in code
 * blocks or text; one under dist/ is the build's, not the checkout's, and so is not one.
 */
const pathsOf = (file: string): string[] => [...new Set([...read(file).matchAll(/(?<![\w./-])((?:src|workers|test|samples|docs)\/[\w./*-]*[\w*])/g)].map((m) => m[1] as string))];
/** A path, or a glob in its last part (`test/unit/itc-*.test.ts`), that names something in the checkout. */
const exists = (p: string): boolean => {
  if (!p.includes('*')) return existsSync(path.join(root, p));
  const dir = path.join(root, path.dirname(p));
  const glob = new RegExp(`^${path.basename(p).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((name) => glob.test(name));
};
/** What .gitignore keeps out of the checkout (a job's results beside its input, screenshots): named as outputs. */
const IGNORED = read('.gitignore')
  .split('\n')
  .filter((line) => line.includes('/') && !line.startsWith('#'))
  .map((line) => new RegExp(`^${line.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*').replace(/\/$/, '')}(/|$)`));

const linksOf = (file: string): string[] =>
  [...read(file).replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string).filter((href) => !/^[a-z]+:/.test(href));

describe('README and docs/', () => {
  it('keeps the README a short entry: at most 30 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(30_000);
  });

  it('ships the Apache License 2.0 the package declares', () => {
    const license = read('LICENSE');
    expect(JSON.parse(read('package.json')).license).toBe('Apache-2.0');
    for (const line of ['Apache License', 'Version 2.0, January 2004', 'TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION', 'END OF TERMS AND CONDITIONS']) {
      expect(license).toContain(line);
    }
  });

  it('docs/configuration.md names every variable src/config.ts reads', () => {
    const names = new Set([...read('src/config.ts').matchAll(/\b((?:BV|REDIS|AWS)_[A-Z0-9_]*[A-Z0-9]|PORT|HOST|LOG_LEVEL)\b/g)].map((m) => m[1] as string));
    const doc = read('docs/configuration.md');
    expect([...names].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  it("docs/api.md's error table lists every code of src/errors.ts with its status, the contract's seven marked apart from the additions", () => {
    const api = read('docs/api.md');
    const table = api.slice(api.indexOf('## Errors'), api.indexOf('## Decisions where'));
    const rows = [...table.matchAll(/^\| (\d{3}) \| `([A-Z_]+)` \| (contract|added) \|/gm)].map((m) => ({ status: Number(m[1]), code: m[2] as string, from: m[3] }));
    expect(Object.fromEntries(rows.map((r) => [r.code, r.status]))).toEqual(Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, e]) => [code, e.status])));
    // The interface document's Errors table (2026-10-01): these seven, and only these, are its own.
    expect(rows.filter((r) => r.from === 'contract').map((r) => r.code).sort()).toEqual(
      ['AUTH_INVALID_KEY', 'PROVIDER_TIMEOUT', 'PROVIDER_UNAVAILABLE', 'RATE_LIMITED', 'RECORD_NOT_FOUND', 'VALIDATION_FAILED', 'WALLET_INSUFFICIENT_BALANCE'],
    );
    expect(rows.map((r) => r.status), 'in HTTP order').toEqual(rows.map((r) => r.status).sort((a, b) => a - b));
  });

  it.each(DOCS)('%s names only files of the checkout that exist', (file) => {
    const missing = pathsOf(file).filter((p) => !exists(p) && !IGNORED.some((ignored) => ignored.test(p)));
    expect(missing, `${file} names paths that do not exist: as files move, say where they are now`).toEqual([]);
  });

  it.each(DOCS)('%s links only to files and headings that exist', (file) => {
    for (const href of linksOf(file)) {
      const [target = '', anchor] = href.split('#');
      const resolved = target === '' ? file : path.posix.join(path.posix.dirname(file), target);
      expect(existsSync(path.join(root, resolved)), `${file} links to ${href}`).toBe(true);
      if (anchor !== undefined && resolved.endsWith('.md')) expect(anchorsOf(read(resolved)), `${file} links to ${href}`).toContain(anchor);
    }
  });
});
