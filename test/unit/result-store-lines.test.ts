import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';

const JOB = 'job_0123456789abcdef';

describe('LocalResultStore.readLines and readLineBatches', () => {
  let root: string;
  let store: LocalResultStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-result-store-'));
    store = new LocalResultStore(root);
    await mkdir(store.dir(JOB), { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function linesOf(text: string): Promise<string[]> {
    await writeFile(store.path(JOB, 'f.jsonl'), text);
    const lines: string[] = [];
    for await (const line of store.readLines(JOB, 'f.jsonl')) lines.push(line);
    return lines;
  }

  it('reads lines, skipping empty ones, with or without a final newline', async () => {
    expect(await linesOf('a\nb\n\nc\n')).toEqual(['a', 'b', 'c']);
    expect(await linesOf('a\nb')).toEqual(['a', 'b']);
    expect(await linesOf('')).toEqual([]);
    expect(await linesOf('\n\n')).toEqual([]);
  });

  it('keeps lines longer than a read, and characters split between two reads, whole', async () => {
    // A read is 256 kB: a 600 kB line spans three, and the multi-byte characters around each
    // boundary fall where a byte-wise split would cut them.
    const long = '₹'.repeat(200_000);
    const lines = ['{"name":"नमस्ते"}', long, 'x'.repeat(262_143) + '₹', 'end'];
    expect(await linesOf(`${lines.join('\n')}\n`)).toEqual(lines);
  });

  it('hands lines over a read at a time, in order', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `{"row":${i + 1}}`);
    await writeFile(store.path(JOB, 'f.jsonl'), `${lines.join('\n')}\n`);
    const batches: string[][] = [];
    for await (const batch of store.readLineBatches(JOB, 'f.jsonl')) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(lines);
  });
});
