import { spawn, spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { documents, knownVariableSources, missingPaths, ROOT, shellBlocks, unknownNpmScripts, unknownVariables, type ShellBlock } from './shell-blocks.js';

/**
 * Every shell example in README.md and docs/ runs as written: each document's blocks, in
 * order, in one bash (`set -euo pipefail`, so a variable one block sets is there for the
 * next), against a real service started as `npm start` starts it (its own Redis under `data`
 * in the folder the examples run in, as `./data` is for a reader in the checkout; the
 * first-start sandbox account), on a port that is not 8080, so an example that reaches for the
 * default port fails. What a reader's own first start printed is put in for its placeholders:
 * the address `http://127.0.0.1:8080`, the key `bv_test_…` and the account `acct_…`. The
 * README gets nothing else: only what its own blocks set. The documents other than the README
 * say they assume `BV`, `BV_BASE_URL` and `BV_KEY` from the README's first call, so those are
 * set for them, as that block sets them. `bv` on the PATH is the CLI from this checkout (what
 * the README's not-run `npm link` gives a reader), and `curl` is the machine's with
 * `--fail-with-body`, so an example answered 4xx or 5xx fails here too.
 * Blocks marked `<!-- example: not run — why -->` are checked without running.
 */

const BLOCKS = documents().flatMap(shellBlocks);
const RUN = BLOCKS.filter((b) => b.notRun === undefined);
const DOCS_RUN = [...new Set(RUN.map((b) => b.doc))];
const SCRIPTS = (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const VARIABLE_SOURCES = knownVariableSources();
const where = (b: ShellBlock): string => `${b.doc}:${b.line}`;

describe('shell examples in README.md and docs/: checked', () => {
  it.each(BLOCKS.map((b) => [where(b), b] as const))('%s parses, and names only npm scripts, BV_* variables and files that exist', (_, block) => {
    const syntax = spawnSync('bash', ['-n'], { input: block.code, encoding: 'utf8' });
    expect(syntax.stderr, 'bash -n').toBe('');
    expect(syntax.status).toBe(0);
    expect(unknownNpmScripts(block.code, SCRIPTS), 'npm run scripts missing from package.json').toEqual([]);
    expect(unknownVariables(block.code, VARIABLE_SOURCES), 'BV_* variables neither src/config.ts nor the CLI reads').toEqual([]);
    expect(missingPaths(block.code), 'paths that do not exist').toEqual([]);
  });

  it('keeps the quick start at two commands: npm ci && npm start, then npm test', () => {
    const quickStart = shellBlocks('README.md').find((b) => b.code.includes('npm start'));
    expect(quickStart?.code.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim())).toEqual(['npm ci && npm start', 'npm test']);
  });
});

describe('shell examples in README.md and docs/: run', () => {
  let tmp: string;
  let work: string;
  let dataDir: string;
  let server: ServerProcess;
  /** What every document's shell has, and what the documents after the README's first call have besides. */
  let env: Record<string, string>;
  let afterFirstCall: Record<string, string>;
  let account: string;
  let placeholders: [string, string][];

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bv-docs-'));
    work = path.join(tmp, 'work');
    dataDir = path.join(work, 'data');
    const bin = path.join(tmp, 'bin');
    await mkdir(bin, { recursive: true });
    // The examples name files under samples/ and write their results beside them: a copy.
    await cp(path.join(ROOT, 'samples'), path.join(work, 'samples'), { recursive: true });
    const tsx = fileURLToPath(import.meta.resolve('tsx'));
    await writeFile(path.join(bin, 'bv'), `#!/bin/sh\nexec '${process.execPath}' --import '${tsx}' '${path.join(ROOT, 'src/cli/main.ts')}' "$@"\n`);
    const curl = spawnSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).stdout.trim();
    expect(curl, 'curl on the PATH').not.toBe('');
    // An example that asks for --fail itself (a loop waiting for a file) keeps it: curl takes one or the other.
    await writeFile(
      path.join(bin, 'curl'),
      `#!/bin/sh\nfor a in "$@"; do case "$a" in --fail*) exec '${curl}' "$@";; --*) ;; -*f*) exec '${curl}' "$@";; esac; done\nexec '${curl}' --fail-with-body "$@"\n`,
    );
    await Promise.all(['bv', 'curl'].map((name) => chmod(path.join(bin, name), 0o755)));

    server = await startServerProcess({ BV_DATA_DIR: dataDir }, 60_000);
    expect(new URL(server.baseUrl).port, 'the service on a port other than the default').not.toBe('8080');
    const printed = server.output();
    const created = /Sandbox account (acct_\S+) created/.exec(printed)?.[1];
    const key = /^\s+(bv_test_\S+)$/m.exec(printed)?.[1];
    if (created === undefined || key === undefined) throw new Error(`the first start printed no account and key: ${printed}`);
    account = created;
    placeholders = [
      ['http://127.0.0.1:8080', server.baseUrl],
      ['bv_test_…', key],
      ['acct_…', account],
    ];
    env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: tmp,
      TMPDIR: os.tmpdir(),
    };
    afterFirstCall = { BV: server.baseUrl, BV_BASE_URL: server.baseUrl, BV_KEY: key };
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** A document's runnable blocks as one script, each announced on stderr so a failure names it. */
  const scriptOf = (doc: string): string =>
    [
      'set -euo pipefail',
      ...RUN.filter((b) => b.doc === doc).map((b) => {
        const code = placeholders.reduce((text, [placeholder, value]) => text.replaceAll(placeholder, value), b.code);
        return `echo '--- ${where(b)}' >&2\n${code}`;
      }),
    ].join('\n');

  const runDoc = (doc: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn('bash', ['-c', scriptOf(doc)], { cwd: work, env: doc === 'README.md' ? env : { ...env, ...afterFirstCall }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });

  it.each(DOCS_RUN)('%s: every block runs and exits 0', async (doc) => {
    const ran = await runDoc(doc);
    expect(ran.code, `${doc} failed (exit ${ran.code}):\n${ran.stderr.slice(-3000)}\n${ran.stdout.slice(-3000)}`).toBe(0);

    // Where a document states what an example gives, it gives that.
    if (doc === 'README.md') {
      expect(ran.stdout).toContain('"success":true');
      expect(ran.stdout).toMatch(/"charged_inr":72\.75\b/);
      expect(ran.stdout).toMatch(/"released_inr":0\.75\b/);
      expect((await readFile(path.join(work, 'results.csv'), 'utf8')).trimEnd().split('\n')).toHaveLength(101);
      const changes = (await readFile(path.join(work, 'changes.csv'), 'utf8')).trimEnd().split('\n');
      expect(changes[0]).toMatch(/^\uFEFF?identifier,vendor_name,/);
      // "14 changes, 11 of them high severity": a baseline run the walk missed makes the second run a first one, with none.
      expect(changes.slice(1)).toHaveLength(14);
      // The walk ends with the account's sandbox clock back where it was.
      const token = (await readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
      const clock = await fetch(`${server.baseUrl}/admin/v1/accounts/${account}/sandbox-clock`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await clock.json()) as { offset_days: number }).offset_days).toBe(0);
    }
    if (doc === 'docs/cli.md') {
      // The 10,000-row sample's money, as the page states it and as bv prints it.
      const [, held, charged] = /holds (₹[\d,.]+) at intake \(and charges (₹[\d,.]+) of/.exec(await readFile(path.join(ROOT, doc), 'utf8')) ?? [];
      expect(held, 'docs/cli.md states what the 10,000-row sample holds and charges').toBeDefined();
      expect(ran.stdout).toContain(`Charged ${charged as string}, released `);
      expect(ran.stdout).toContain(` of ${held as string} held.`);
    }
    if (doc === 'docs/portfolios.md') expect(ran.stdout).toMatch(/"added":1\b[\s\S]*"line":2\b/);
  }, 120_000);
});
