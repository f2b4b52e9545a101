/**
 * The result store on an S3-compatible bucket (BV_RESULTS_S3_*): the API and every pool, on
 * any machine, share a job's files through it (DESIGN.md §2). A job's files are the objects
 * under `<prefix><jobId>/`.
 *
 * S3 makes an object visible only whole: a single PUT, or a multipart upload once completed
 * (lib-storage's Upload picks one by size and aborts the parts of one that fails), so a file
 * is whole or absent as on the local folder. A write resolves once the store acknowledged it.
 * Reads stream GetObject's body; nothing is held whole.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ResultsS3Config } from '../../config.js';
import {
  checkJobFile,
  JOB_ID,
  lineBatches,
  missingFile,
  placedLines,
  writeLinesTo,
  type JobListing,
  type PlacedLine,
  type ResultDownload,
  type ResultFileWriter,
  type ResultStore,
} from './result-store.js';

/** BV_RESULTS_S3_* as config.ts reads them (keys start with `prefix`: several deployments can share a bucket). */
export type S3ResultStoreConfig = ResultsS3Config;

/**
 * Bytes per part of a multipart upload (S3's minimum, 5 MiB), two parts in flight: what one
 * upload holds in memory at most. A file smaller than a part goes up as a single PUT.
 */
export const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1_000;

/** The SDK's client with explicit deadlines (its default has none: a store that stops answering would hold a chunk for ever). */
export function createS3Client(config: S3ResultStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    // A copy: the SDK marks the object it is given (and the configuration's is frozen).
    ...(config.credentials === undefined ? {} : { credentials: { ...config.credentials } }),
    // requestTimeout is the socket's idle time: a download a client reads slowly still flows.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * A file streamed into an upload as it is written: parts go up while the rest is produced,
 * and the object appears only when commit() completes the upload.
 */
class S3FileWriter implements ResultFileWriter {
  private readonly body = new PassThrough({ highWaterMark: 256 * 1024 });
  private readonly upload: Upload;
  private readonly done: Promise<unknown>;
  private failure: unknown;

  constructor(client: S3Client, bucket: string, key: string) {
    this.upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: this.body }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
    this.done = this.upload.done();
    // Kept for write(): an upload that failed stops reading, and a write waiting for room must not wait for ever.
    this.done.catch((error: unknown) => {
      this.failure = error;
    });
  }

  async write(text: string | Uint8Array): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    if (this.body.write(text)) return;
    await Promise.race([
      once(this.body, 'drain'),
      this.done.then(() => {
        throw new Error('the upload ended before its data');
      }),
    ]);
  }

  async commit(): Promise<void> {
    this.body.end();
    try {
      await this.done;
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    // A multipart upload begun is aborted by the Upload itself (its parts are not left behind).
    await this.upload.abort();
    this.body.destroy();
    await this.done.catch(() => undefined);
  }
}

export class S3ResultStore implements ResultStore {
  readonly location: string;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    private readonly client: S3Client,
    config: Pick<S3ResultStoreConfig, 'bucket' | 'prefix'>,
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.location = `s3://${config.bucket}/${config.prefix}`;
  }

  static fromConfig(config: S3ResultStoreConfig): S3ResultStore {
    return new S3ResultStore(createS3Client(config), config);
  }

  /** Fails with why when the bucket cannot be reached (wrong name, endpoint or credentials). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  private key(jobId: string, name: string): string {
    checkJobFile(jobId, name);
    return `${this.prefix}${jobId}/${name}`;
  }

  private jobPrefix(jobId: string): string {
    checkJobFile(jobId);
    return `${this.prefix}${jobId}/`;
  }

  /** Every object under `prefix`, a listing page at a time. */
  private async *objects(prefix: string): AsyncGenerator<_Object> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      yield* page.Contents ?? [];
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  async jobIds(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, Delimiter: '/', ContinuationToken: token }));
      for (const { Prefix: folder } of page.CommonPrefixes ?? []) {
        const id = folder?.slice(this.prefix.length, -1);
        if (id !== undefined && JOB_ID.test(id)) ids.push(id);
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return ids;
  }

  async listing(jobId: string): Promise<JobListing | undefined> {
    const prefix = this.jobPrefix(jobId);
    const entries = new Map<string, boolean>();
    let lastWrittenMs: number | undefined;
    for await (const object of this.objects(prefix)) {
      const rest = (object.Key ?? '').slice(prefix.length);
      const slash = rest.indexOf('/');
      // A subfolder (chunks/) is an entry that is not a file, as on the local folder.
      entries.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1);
      lastWrittenMs = Math.max(lastWrittenMs ?? 0, object.LastModified?.getTime() ?? 0);
    }
    if (lastWrittenMs === undefined) return undefined;
    return { lastWrittenMs, entries: [...entries].map(([name, isFile]) => ({ name, isFile })) };
  }

  async storedBytes(jobId: string): Promise<number> {
    let bytes = 0;
    for await (const object of this.objects(this.jobPrefix(jobId))) bytes += object.Size ?? 0;
    return bytes;
  }

  async exists(jobId: string, name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, name) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async openWriter(jobId: string, name: string): Promise<ResultFileWriter> {
    return new S3FileWriter(this.client, this.bucket, this.key(jobId, name));
  }

  async writeLines(jobId: string, name: string, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
    await writeLinesTo(await this.openWriter(jobId, name), lines);
  }

  async writeText(jobId: string, name: string, text: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, name), Body: text }));
  }

  /** GetObject's body as a stream (from byte `from` on: a Range); a missing object fails as a missing file. */
  private async get(jobId: string, name: string, from = 0): Promise<{ body: Readable; bytes: number }> {
    try {
      const range = from > 0 ? { Range: `bytes=${from}-` } : {};
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, name), ...range }));
      if (!(object.Body instanceof Readable)) throw new Error(`GetObject gave no stream for ${jobId}/${name}`);
      return { body: object.Body, bytes: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw missingFile(jobId, name);
      throw error;
    }
  }

  async readText(jobId: string, name: string): Promise<string> {
    const { body } = await this.get(jobId, name);
    body.setEncoding('utf8');
    let text = '';
    for await (const piece of body as AsyncIterable<string>) text += piece;
    return text;
  }

  async *readLines(jobId: string, name: string): AsyncGenerator<string> {
    for await (const lines of this.readLineBatches(jobId, name)) yield* lines;
  }

  async *readLineBatches(jobId: string, name: string): AsyncGenerator<string[]> {
    const { body } = await this.get(jobId, name);
    // A utf8 decoder keeps a character split between two reads whole; a reader that stops
    // early ends the iteration, which destroys the body and frees its connection.
    body.setEncoding('utf8');
    yield* lineBatches(body as AsyncIterable<string>);
  }

  async *readLinesFrom(jobId: string, name: string, byteOffset: number): AsyncGenerator<PlacedLine> {
    let body: Readable;
    try {
      ({ body } = await this.get(jobId, name, byteOffset));
    } catch (error) {
      // 416: the range starts at or past the object's end, where a local read finds nothing.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return;
      throw error;
    }
    yield* placedLines(body as AsyncIterable<Buffer>, byteOffset);
  }

  async openRead(jobId: string, name: string): Promise<ResultDownload> {
    return this.get(jobId, name);
  }

  async remove(jobId: string): Promise<void> {
    // Collected first, removed after: deleting under a listing being paged could skip keys.
    const keys: string[] = [];
    for await (const object of this.objects(this.jobPrefix(jobId))) if (object.Key !== undefined) keys.push(object.Key);
    for (let from = 0; from < keys.length; from += DELETE_BATCH) {
      const Objects = keys.slice(from, from + DELETE_BATCH).map((Key) => ({ Key }));
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }));
      const failed = answer.Errors ?? [];
      if (failed.length > 0) throw new Error(`could not remove ${failed.length} files of ${jobId}: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`.trim());
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
