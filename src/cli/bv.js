#!/usr/bin/env node
// The `bv` command: a thin launcher for the compiled CLI (tsc writes src/cli to dist/src/cli).
// It lives in src/cli because the top level is fixed (DESIGN.md §5); it is not compiled.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const main = new URL('../../dist/src/cli/main.js', import.meta.url);
if (existsSync(fileURLToPath(main))) {
  await import(main.href);
} else {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  process.stderr.write(`bv: the CLI is not built yet. Run \`npm run build\` in ${root} first.\n`);
  process.exitCode = 1;
}
