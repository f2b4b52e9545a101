import { createHash } from 'node:crypto';

/** A file part's bytes as the route reads them, still flagged when the upload parser cut it at its size limit. */
export interface UploadedFile extends AsyncIterable<Buffer> {
  readonly truncated: boolean;
}

/**
 * The fingerprint of a multipart upload's content, taken as its parts are read: each field's
 * name and value and each file's name, filename and bytes, in order. A streamed upload is
 * not read ahead, so Idempotency-Key can only compare it with an earlier one once it has
 * been read to the end (docs/money.md "Idempotency-Key": the same key with another body is a 422, not a replay).
 * The multipart boundary and part headers are left out: two clients sending the same fields
 * and file differ in those. Each part is written length-first (a file as its own digest and
 * length), so no two different uploads run together into the same text.
 *
 * A disabled fingerprint (no Idempotency-Key) passes everything through and hashes nothing.
 */
export class MultipartFingerprint {
  private readonly hash = createHash('sha256');
  private filesUnread = 0;
  private done = false;

  constructor(private readonly enabled = true) {}

  field(name: string, value: string): void {
    if (this.enabled) this.hash.update(`field ${name.length}:${name} ${value.length}:${value}\n`);
  }

  /** Passes the file's bytes (and its `truncated` flag) through, adding them to the fingerprint. */
  file(name: string, filename: string, source: UploadedFile): UploadedFile {
    if (!this.enabled) return source;
    this.filesUnread++;
    const fileHash = createHash('sha256');
    const finish = (bytes: number) => {
      this.hash.update(`file ${name.length}:${name} ${filename.length}:${filename} ${bytes}:${fileHash.digest('hex')}\n`);
      this.filesUnread--;
    };
    async function* bytes(): AsyncGenerator<Buffer> {
      let length = 0;
      for await (const chunk of source) {
        length += chunk.length;
        fileHash.update(chunk);
        yield chunk;
      }
      finish(length);
    }
    const iterator = bytes();
    return {
      [Symbol.asyncIterator]: () => iterator,
      get truncated() {
        return source.truncated;
      },
    };
  }

  /** Called once every part was read: only a whole upload's fingerprint can be compared. */
  complete(): void {
    this.done = true;
  }

  /** The fingerprint, or undefined when it is disabled or the upload was not read to the end. */
  digest(): string | undefined {
    return this.enabled && this.done && this.filesUnread === 0 ? this.hash.copy().digest('hex') : undefined;
  }
}
