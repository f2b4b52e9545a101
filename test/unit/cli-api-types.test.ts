import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../helpers/openapi-document.js';
import { createTestApp } from '../helpers/test-app.js';
import { API_TYPES_FILE, apiTypesSource } from '../tools/gen-api-types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe("the CLI's API types (src/cli/api-types.ts)", () => {
  it('are what npm run gen:api-types makes of the current /openapi.json', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-api-types-'));
    try {
      const fresh = path.join(dir, 'api-types.ts');
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/tools/gen-api-types.ts', '--out', fresh], { cwd: root });
      const [committed, generated] = await Promise.all([readFile(API_TYPES_FILE, 'utf8'), readFile(fresh, 'utf8')]);
      // Not toBe: a diff of an 800 KB file is no help; the message says what to do.
      expect(committed === generated, 'src/cli/api-types.ts is stale: run `npm run gen:api-types` and commit the result').toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("are built from the same document as the running app serves (stand-in dependencies change nothing)", { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    try {
      const served = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Record<string, unknown>;
      expect(await apiTypesSource(await buildOpenApiDocument())).toBe(await apiTypesSource(served));
    } finally {
      await t.close();
    }
  });
});
