/**
 * Reads the Dockerfile and .dockerignore the way the tests need them (no Docker engine runs
 * here): stages and their instructions, exec-form arguments, and which context paths the
 * .dockerignore keeps out of a build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Instruction {
  keyword: string;
  /** The rest of the line, continuations joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** The stages in order, each with its instructions (comments dropped, `\` continuations joined). */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index + 1;
    let line = lines[index]!;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = lines[index]!;
      // Comment lines inside a continued instruction are dropped, as Docker does.
      if (/^\s*#/.test(next)) {
        line = `${line.slice(0, -1)} \\`;
        continue;
      }
      line = `${line.slice(0, -1)} ${next.trim()}`;
    }
    const match = /^\s*(\w+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile line ${start}: cannot read "${line}"`);
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === 'FROM') {
      const [from, as, name] = args.split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${start}: ${keyword} before any FROM`);
    stage.instructions.push({ keyword, args, line: start });
  }
  return stages;
}

/** `["a", "b"]` (exec form) as its array; shell form is refused: the tests want no shell between tini and node. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not exec form: ${args}`);
  return parsed as string[];
}

/** `COPY [--from=x] [--chown=..] src... dest`. */
export function parseCopy(args: string): { from?: string; sources: string[]; dest: string; flags: Record<string, string> } {
  const words = args.split(/\s+/);
  const flags: Record<string, string> = {};
  while (words[0]?.startsWith('--')) {
    const [key, value = ''] = words.shift()!.slice(2).split('=');
    flags[key!] = value;
  }
  const dest = words.pop()!;
  return { ...(flags.from === undefined ? {} : { from: flags.from }), sources: words, dest, flags };
}

/** `ENV A=1 B=2` (the key=value form) as an object. */
export function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(args.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** The HEALTHCHECK's options and its exec-form command. */
export function parseHealthcheck(args: string): { options: Record<string, string>; command: string[] } {
  const at = args.indexOf('CMD ');
  if (at < 0) throw new Error(`HEALTHCHECK without CMD: ${args}`);
  const options = Object.fromEntries(
    args
      .slice(0, at)
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((option) => option.slice(2).split('=') as [string, string]),
  );
  return { options, command: execForm(args.slice(at + 4).trim()) };
}

/**
 * Whether .dockerignore keeps a context path (relative, `/`-separated) out of the build: the
 * last pattern that matches the path or one of its parent folders decides (`!` keeps it).
 * Patterns as Docker reads them: `*` and `?` within one name, `**` across names.
 */
export function dockerIgnored(patterns: readonly string[], relative: string): boolean {
  const parts = relative.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const keep = raw.startsWith('!');
    const pattern = path.posix.normalize((keep ? raw.slice(1) : raw).replace(/^\/+/, ''));
    const regex = new RegExp(
      `^${pattern
        .split('**')
        .map((piece) => piece.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
        .join('.*')}$`,
    );
    if (candidates.some((candidate) => regex.test(candidate))) ignored = !keep;
  }
  return ignored;
}

export function readDockerignore(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
