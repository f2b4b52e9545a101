import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shell examples of README.md and docs/*.md, as test/docs/shell-examples.test.ts runs and
 * checks them. A block is a ```sh or ```bash fence. One that cannot run on a test machine
 * (Docker, several machines, a foreground service) says so in the line before it:
 * `<!-- example: not run — <why> -->`; it is still checked (syntax, npm scripts, variables,
 * files), only not run.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ShellBlock {
  /** The document, from the checkout's root: `README.md`, `docs/bulk.md`. */
  doc: string;
  /** The line of its opening fence, counted from 1. */
  line: number;
  code: string;
  /** Why it is not run, when its document says so. */
  notRun?: string;
}

/** README.md, then docs/*.md in name order. */
export function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

const NOT_RUN = /^<!-- example: not run — (.+\S) -->$/;

export function shellBlocks(doc: string): ShellBlock[] {
  const lines = readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`${doc}:${i + 1}: a code block that never ends`);
    if (open[1] === 'sh' || open[1] === 'bash') {
      const notRun = NOT_RUN.exec(lines[i - 1] ?? '')?.[1];
      blocks.push({ doc, line: i + 1, code: lines.slice(i + 1, end).join('\n'), ...(notRun === undefined ? {} : { notRun }) });
    }
    i = end;
  }
  return blocks;
}

/** The code without its comments (a `#` at the start or after a space, to the end of the line). */
const withoutComments = (code: string): string => code.replace(/(^|\s)#.*$/gm, '$1');

/** `npm run <script>` names a script package.json does not have. */
export function unknownNpmScripts(code: string, scripts: Record<string, string>): string[] {
  return [...withoutComments(code).matchAll(/\bnpm run ([\w:.-]+)/g)].map((m) => m[1] as string).filter((name) => !(name in scripts));
}

/**
 * Where the service and the CLI read their variables: src/config.ts (the service's one schema)
 * and src/cli/ (the CLI's settings). A BV_* variable named in an example must be in one of them.
 */
export function knownVariableSources(): string {
  const files = [path.join(ROOT, 'src/config.ts')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|js)$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(ROOT, 'src/cli'));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

export function unknownVariables(code: string, sources: string): string[] {
  const names = new Set([...code.matchAll(/\b(BV_[A-Z0-9_]+)\b/g)].map((m) => m[1] as string));
  return [...names].filter((name) => !new RegExp(`\\b${name}\\b`).test(sources));
}

/**
 * Paths into the checkout (samples/, src/, test/, workers/, docs/, .ci/, dist/) that an
 * example names outside its comments and that do not exist. A compiled file under dist/ is
 * looked for as its TypeScript source, since a test machine has no build.
 */
export function missingPaths(code: string): string[] {
  const named = [...withoutComments(code).matchAll(/(?:^|[\s=@"'(:])((?:samples|src|test|workers|docs|dist|\.ci)\/[\w./-]*\w)/gm)].map((m) => m[1] as string);
  return named.filter((p) => {
    const source = p.startsWith('dist/') ? p.slice('dist/'.length).replace(/\.js$/, '.ts') : p;
    return !existsSync(path.join(ROOT, source));
  });
}
