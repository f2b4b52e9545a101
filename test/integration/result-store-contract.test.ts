import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import { openResultStore } from '../../src/store/results/open-result-store.js';
import { isMissingFile, type ResultStore } from '../../src/store/results/result-store.js';
import { createS3Client, PART_BYTES, S3ResultStore } from '../../src/store/results/s3-result-store.js';
import { S3_SERVER_CREDENTIALS, startS3Server, type S3Server } from '../helpers/s3-server.js';

/** A TCP relay that counts the bytes it hands the client: what the S3 server has sent so far. */
async function countingRelay(target: URL): Promise<{ endpoint: string; delivered: () => number; close: () => Promise<void> }> {
  let delivered = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => client.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('data', (chunk: Buffer) => (delivered += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    delivered: () => delivered,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Subject {
  store: ResultStore;
  /** Bytes the store's server has sent towards this process (S3 only). */
  delivered?: () => number;
  /** S3 commands sent so far, by name (S3 only). */
  commands?: string[];
  close(): Promise<void>;
}

const subjects: Record<string, () => Promise<Subject>> = {
  'the local folder': async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'bv-store-contract-'));
    return { store: new LocalResultStore(root), close: () => rm(root, { recursive: true, force: true }) };
  },
  'an S3 bucket (s3rver over HTTP)': async () => {
    const server: S3Server = await startS3Server();
    const relay = await countingRelay(new URL(server.endpoint));
    const config = { bucket: server.bucket, endpoint: relay.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: `contract-${randomBytes(4).toString('hex')}/`, credentials: S3_SERVER_CREDENTIALS };
    const client = createS3Client(config);
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'bvTestCommandLog' },
    );
    const store = new S3ResultStore(client, config);
    await store.check();
    return {
      store,
      delivered: relay.delivered,
      commands,
      close: async () => {
        await store.close();
        await relay.close();
        await server.stop();
      },
    };
  },
};

const JOB = 'job_0123456789abcdef0001';
const OTHER = 'job_0123456789abcdef0002';
const PLACED = 'job_0123456789abcdef0003';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** About `megabytes` MB of distinct, numbered lines (with a multi-byte character in each). */
function* bigLines(megabytes: number): Generator<string> {
  const filler = 'x'.repeat(100);
  for (let i = 0; i < megabytes * 8_000; i++) yield `{"row":${i},"name":"₹${filler}"}`;
}

function digest(lines: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** One specification, run against every store: the rest of the service relies on each line of it. */
describe.each(Object.keys(subjects))('the result store on %s', (name) => {
  let subject: Subject;
  let store: ResultStore;
  beforeAll(async () => {
    subject = await (subjects[name] as () => Promise<Subject>)();
    store = subject.store;
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
  });

  it('writes lines and reads them back, line by line and a read at a time, empty lines skipped', async () => {
    await store.writeLines(JOB, 'input.jsonl', ['{"header":["gstin"]}', '', 'नमस्ते', 'last']);
    expect(await collect(store.readLines(JOB, 'input.jsonl'))).toEqual(['{"header":["gstin"]}', 'नमस्ते', 'last']);
    expect((await collect(store.readLineBatches(JOB, 'input.jsonl'))).flat()).toEqual(['{"header":["gstin"]}', 'नमस्ते', 'last']);
    expect(await store.readText(JOB, 'input.jsonl')).toBe('{"header":["gstin"]}\n\nनमस्ते\nlast\n');
    // Written from an async source too, and an empty file is a file.
    await store.writeLines(JOB, 'chunks/0000000.jsonl', (async function* () {
      yield '{"row":1}';
      yield '{"row":2}';
    })());
    await store.writeLines(JOB, 'empty.jsonl', []);
    expect(await store.exists(JOB, 'empty.jsonl')).toBe(true);
    expect(await collect(store.readLines(JOB, 'empty.jsonl'))).toEqual([]);
    expect(await collect(store.readLines(JOB, 'chunks/0000000.jsonl'))).toEqual(['{"row":1}', '{"row":2}']);
  });

  it('reads lines from a byte offset on, each with its place, without reading what comes before', { timeout: 60_000 }, async () => {
    const lines = ['{"row":1,"name":"₹ नमस्ते"}', '', '{"row":2}', '{"row":3,"name":"ß"}'];
    await store.writeLines(PLACED, 'placed.jsonl', lines);
    const all = await collect(store.readLinesFrom(PLACED, 'placed.jsonl', 0));
    const first = Buffer.byteLength(lines[0] as string) + 1;
    // The empty line's byte is counted, not listed.
    expect(all).toEqual([
      { text: lines[0], offset: 0, next: first },
      { text: '{"row":2}', offset: first + 1, next: first + 1 + 10 },
      { text: lines[3], offset: first + 11, next: first + 11 + Buffer.byteLength(lines[3] as string) + 1 },
    ]);
    // From any line's start: that line and the rest, at the same places.
    for (const [index, line] of all.entries()) expect(await collect(store.readLinesFrom(PLACED, 'placed.jsonl', line.offset))).toEqual(all.slice(index));
    // At or past the end: nothing. Inside a line: its rest, placed where the read began.
    const end = (all.at(-1) as { next: number }).next;
    expect(await collect(store.readLinesFrom(PLACED, 'placed.jsonl', end))).toEqual([]);
    expect(await collect(store.readLinesFrom(PLACED, 'placed.jsonl', end + 100))).toEqual([]);
    expect((await collect(store.readLinesFrom(PLACED, 'placed.jsonl', first + 2)))[0]).toEqual({ text: '"row":2}', offset: first + 2, next: first + 11 });
    expect(isMissingFile(await rejection(collect(store.readLinesFrom(PLACED, 'nothing.jsonl', 10))))).toBe(true);
    // A big file read from near its end: the store sends that part, not the file (S3: a Range).
    const big = [...bigLines(2)];
    await store.writeLines(PLACED, 'big-placed.jsonl', big);
    const size = big.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    const lastLine = big.at(-1) as string;
    const deliveredBefore = subject.delivered?.() ?? 0;
    const tail = await collect(store.readLinesFrom(PLACED, 'big-placed.jsonl', size - Buffer.byteLength(lastLine) - 1));
    expect(tail).toEqual([{ text: lastLine, offset: size - Buffer.byteLength(lastLine) - 1, next: size }]);
    if (subject.delivered !== undefined) expect(subject.delivered() - deliveredBefore).toBeLessThan(64 * 1024);
    await store.remove(PLACED);
  });

  it('writes text exactly as given and replaces a file whole', async () => {
    await store.writeText(JOB, 'changes.json', 'first');
    await store.writeText(JOB, 'changes.json', '{"total":1,"name":"₹ नमस्ते"}');
    expect(await store.readText(JOB, 'changes.json')).toBe('{"total":1,"name":"₹ नमस्ते"}');
  });

  it('says which files exist, lists a job\'s own entries and what its files take', async () => {
    const before = Date.now();
    await store.writeText(OTHER, 'results.csv', 'row\r\n1\r\n');
    await store.writeLines(OTHER, 'chunks/0000001.jsonl', ['{"row":1}']);
    expect(await store.exists(OTHER, 'results.csv')).toBe(true);
    expect(await store.exists(OTHER, 'results.jsonl')).toBe(false);
    expect(await store.exists('job_0123456789abcdef9999', 'results.csv')).toBe(false);
    expect(await store.jobIds()).toEqual(expect.arrayContaining([JOB, OTHER]));
    const listing = await store.listing(OTHER);
    expect(listing?.entries.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'chunks', isFile: false },
      { name: 'results.csv', isFile: true },
    ]);
    // S3 keeps times to the second.
    expect(listing?.lastWrittenMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await store.storedBytes(OTHER)).toBe(Buffer.byteLength('row\r\n1\r\n') + Buffer.byteLength('{"row":1}\n'));
    expect(await store.listing('job_0123456789abcdef9999')).toBeUndefined();
    expect(await store.storedBytes('job_0123456789abcdef9999')).toBe(0);
  });

  it('removes every file of a job, and a job with none without complaint', async () => {
    await store.writeText(OTHER, 'results.jsonl', '{}\n');
    await store.remove(OTHER);
    expect(await store.exists(OTHER, 'results.csv')).toBe(false);
    expect(await store.listing(OTHER)).toBeUndefined();
    expect(await store.jobIds()).not.toContain(OTHER);
    expect(await store.exists(JOB, 'input.jsonl')).toBe(true);
    await store.remove('job_0123456789abcdef9999');
  });

  it('fails a read of a missing file as missing, whichever way it is read', async () => {
    const missing = [
      rejection(store.readText(JOB, 'nothing.jsonl')),
      rejection(collect(store.readLines(JOB, 'nothing.jsonl'))),
      rejection(collect(store.readLineBatches(JOB, 'nothing.jsonl'))),
      rejection(store.openRead(JOB, 'nothing.jsonl')),
    ];
    for (const error of await Promise.all(missing)) {
      expect(error).toBeInstanceOf(Error);
      expect(isMissingFile(error)).toBe(true);
    }
    // A name that could leave the job's folder or prefix is refused before any I/O.
    await expect(store.readText(JOB, '../job_0123456789abcdef0002/results.csv')).rejects.toThrow('not a job file name');
    await expect(store.writeText('job_../x' as string, 'a', 'b')).rejects.toThrow('not a job id');
  });

  it('shows a file written piece by piece only once committed, and nothing of an aborted one', async () => {
    const writer = await store.openWriter(JOB, 'results.jsonl');
    await writer.write('{"row":1}\n');
    expect(await store.exists(JOB, 'results.jsonl')).toBe(false);
    await writer.commit();
    expect(await store.readText(JOB, 'results.jsonl')).toBe('{"row":1}\n');
    const dropped = await store.openWriter(JOB, 'results.csv');
    await dropped.write('row\r\n');
    await dropped.abort();
    expect(await store.exists(JOB, 'results.csv')).toBe(false);
  });

  it('writes a file bigger than an upload part whole (multipart on S3) and reads it back line for line', { timeout: 120_000 }, async () => {
    const megabytes = Math.ceil((PART_BYTES * 2.5) / 1_000_000);
    const uploadsBefore = subject.commands?.filter((c) => c === 'CompleteMultipartUploadCommand').length ?? 0;
    await store.writeLines(JOB, 'chunks/0000002.jsonl', bigLines(megabytes));
    if (subject.commands !== undefined) {
      // S3: parts went up as a multipart upload, completed once.
      expect(subject.commands.filter((c) => c === 'CompleteMultipartUploadCommand').length).toBe(uploadsBefore + 1);
      expect(subject.commands.filter((c) => c === 'UploadPartCommand').length).toBeGreaterThanOrEqual(3);
    }
    let count = 0;
    const hash = createHash('sha256');
    for await (const lines of store.readLineBatches(JOB, 'chunks/0000002.jsonl')) {
      for (const line of lines) hash.update(`${line}\n`);
      count += lines.length;
    }
    expect(count).toBe(megabytes * 8_000);
    expect(hash.digest('hex')).toBe(digest(bigLines(megabytes)));
  });

  it('keeps the file it had when a write fails part way, a multipart one included', { timeout: 120_000 }, async () => {
    await store.writeText(JOB, 'results.csv', 'kept\r\n');
    const megabytes = Math.ceil((PART_BYTES * 1.5) / 1_000_000);
    async function* failing(): AsyncGenerator<string> {
      yield* bigLines(megabytes);
      throw new Error('a bad byte deep in the upload');
    }
    await expect(store.writeLines(JOB, 'results.csv', failing())).rejects.toThrow('a bad byte deep in the upload');
    expect(await store.readText(JOB, 'results.csv')).toBe('kept\r\n');
    if (subject.commands !== undefined) expect(subject.commands).toContain('AbortMultipartUploadCommand');
    // Nothing else was left beside it (no temporary, no half file).
    expect((await store.listing(JOB))?.entries.map((e) => e.name).sort()).toEqual(['changes.json', 'chunks', 'empty.jsonl', 'input.jsonl', 'results.csv', 'results.jsonl']);
  });

  it('streams a download from the store: the first bytes arrive before the rest has been sent, and all of it arrives', { timeout: 120_000 }, async () => {
    const megabytes = 40;
    await store.writeLines(JOB, 'results.jsonl', bigLines(megabytes));
    const sentBefore = subject.delivered?.() ?? 0;
    const download = await store.openRead(JOB, 'results.jsonl');
    const body: Readable = download.body;
    const iterator = body[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    if (subject.delivered !== undefined) {
      // The reader has taken one piece and waits: the server is held back by the socket's
      // buffers, so far less than the object has crossed the wire.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(subject.delivered() - sentBefore).toBeLessThan(download.bytes / 2);
    }
    let bytes = (first.value as Buffer).length;
    const hash = createHash('sha256').update(first.value as Buffer);
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      bytes += (next.value as Buffer).length;
      hash.update(next.value as Buffer);
    }
    expect(bytes).toBe(download.bytes);
    expect(hash.digest('hex')).toBe(digest(bigLines(megabytes)));
  });
});

describe('opening the S3 result store', () => {
  it('refuses a bucket it cannot reach with one line naming the variable, and opens one it can', { timeout: 60_000 }, async () => {
    const server = await startS3Server();
    try {
      const resultsS3 = { bucket: 'bv-missing', endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: '', credentials: S3_SERVER_CREDENTIALS };
      const refused = await rejection(openResultStore({ dataDir: os.tmpdir(), resultsS3 }));
      expect(String((refused as Error).message)).toMatch(/^BV_RESULTS_S3_BUCKET: cannot reach bucket bv-missing at http:\/\/127\.0\.0\.1:\d+: \S+ \(HTTP 404\)/);
      const store = await openResultStore({ dataDir: os.tmpdir(), resultsS3: { ...resultsS3, bucket: server.bucket } });
      expect(store.location).toBe(`s3://${server.bucket}/`);
      await store.close();
    } finally {
      await server.stop();
    }
  });
});
