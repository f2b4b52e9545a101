import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { renderSandboxIdentifiers } from '../../src/sources/sandbox/write-identifiers.js';

const SAMPLE = fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url));

describe('samples/sandbox-identifiers.json', () => {
  it('is exactly what the registry\'s scenario list renders (regenerate: npx tsx src/sources/sandbox/write-identifiers.ts)', () => {
    expect(readFileSync(SAMPLE, 'utf8')).toBe(renderSandboxIdentifiers(loadSandboxRegistry().scenarios));
  });

  it('publishes every scenario with its identifiers and expected statuses', () => {
    const published = JSON.parse(readFileSync(SAMPLE, 'utf8')) as {
      scenarios: { name: string; identifiers: Record<string, string>; expect: Record<string, number> }[];
    };
    expect(published.scenarios.map((s) => s.name)).toEqual(loadSandboxRegistry().scenarios.map((s) => s.name));
    for (const s of published.scenarios) {
      expect(Object.keys(s.identifiers).length, s.name).toBeGreaterThan(0);
      expect(Object.keys(s.expect).length, s.name).toBeGreaterThan(0);
    }
  });
});
