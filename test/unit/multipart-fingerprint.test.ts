import { describe, expect, it } from 'vitest';
import { MultipartFingerprint, type UploadedFile } from '../../src/api/multipart-fingerprint.js';

function uploaded(text: string, truncated = false): UploadedFile {
  return {
    truncated,
    async *[Symbol.asyncIterator]() {
      // Two pieces: a file arrives in chunks.
      yield Buffer.from(text.slice(0, 3));
      yield Buffer.from(text.slice(3));
    },
  };
}

async function readAll(file: UploadedFile): Promise<string> {
  let text = '';
  for await (const chunk of file) text += chunk.toString();
  return text;
}

type Part = ['field', string, string] | ['file', string, string, string];

async function fingerprintOf(parts: Part[]): Promise<string | undefined> {
  const fingerprint = new MultipartFingerprint();
  for (const part of parts) {
    if (part[0] === 'field') fingerprint.field(part[1], part[2]);
    else await readAll(fingerprint.file(part[1], part[2], uploaded(part[3])));
  }
  fingerprint.complete();
  return fingerprint.digest();
}

describe('MultipartFingerprint', () => {
  it('is the same for the same fields and file, and differs when any of them does', async () => {
    const parts: Part[] = [['field', 'operation', 'gst.verify'], ['file', 'file', 'v.csv', 'gstin\nA\n']];
    const same = await fingerprintOf(parts);
    expect(same).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprintOf(parts)).toBe(same);
    expect(await fingerprintOf([['field', 'operation', 'gst.returns'], parts[1]!])).not.toBe(same);
    expect(await fingerprintOf([parts[0]!, ['file', 'file', 'v.csv', 'gstin\nB\n']])).not.toBe(same);
    expect(await fingerprintOf([parts[0]!, ['file', 'file', 'w.csv', 'gstin\nA\n']])).not.toBe(same);
    expect(await fingerprintOf([parts[1]!, parts[0]!])).not.toBe(same);
  });

  it('does not run a file and the field after it together into one text', async () => {
    // A shorter file and a field could otherwise read like a longer file's bytes.
    const a = await fingerprintOf([['file', 'file', 'f', 'gstin\nA\n'], ['field', 'name', 'x\n27']]);
    const b = await fingerprintOf([['file', 'file', 'f', `gstin\nA\n\n8\nfield 4:name 4:x\n27`]]);
    expect(a).not.toBe(b);
  });

  it('passes the bytes and the parser\'s truncated flag through', async () => {
    const fingerprint = new MultipartFingerprint();
    const file = fingerprint.file('file', 'v.csv', uploaded('gstin\nA\n', true));
    expect(file.truncated).toBe(true);
    expect(await readAll(file)).toBe('gstin\nA\n');
  });

  it('has no fingerprint until every file was read to the end and the upload marked complete', async () => {
    const fingerprint = new MultipartFingerprint();
    const iterator = fingerprint.file('file', 'v.csv', uploaded('gstin\nA\n'))[Symbol.asyncIterator]();
    await iterator.next();
    fingerprint.complete();
    expect(fingerprint.digest()).toBeUndefined();
    while ((await iterator.next()).done !== true);
    expect(fingerprint.digest()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes nothing when disabled (no Idempotency-Key): the file is the parser\'s own stream', async () => {
    const fingerprint = new MultipartFingerprint(false);
    const source = uploaded('gstin\nA\n');
    expect(fingerprint.file('file', 'v.csv', source)).toBe(source);
    fingerprint.complete();
    expect(fingerprint.digest()).toBeUndefined();
  });
});
