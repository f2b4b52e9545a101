import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, openFileLimit } from '../../src/runtime/connection-cap.js';

describe('the default connection cap', () => {
  it("reads the process's soft file limit, and falls back to 1,024 where it cannot", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-limits-'));
    try {
      const limits = path.join(dir, 'limits');
      await writeFile(limits, 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            4096                 524288               files\n');
      expect(openFileLimit(limits)).toBe(4_096);
      expect(openFileLimit(path.join(dir, 'missing'))).toBe(1_024);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('leaves half of what the reserve leaves, so each connection may hold a file too', () => {
    expect(defaultMaxConnections(1_024)).toBe(448);
    expect(defaultMaxConnections(1_048_576)).toBe(524_224);
    expect(defaultMaxConnections(100)).toBe(16);
  });
});
