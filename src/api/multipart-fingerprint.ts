import { createHash } from 'node:crypto';

/**
 * The fingerprint of a multipart upload's content, taken as its parts are read: each field's
 * name and value and each file's name, filename and bytes, in order. A streamed upload is
 * not read ahead, so Idempotency-Key can only compare it with an earlier one once it has
 * been read to the end (API.md: the same key with another body is a 422, not a replay).
 * The multipart boundary and part headers are left out: two clients sending the same fields
 * and file differ in those.
 */
export class MultipartFingerprint {
  private readonly hash = createHash('sha256');
  private done = false;

  field(name: string, value: string): void {
    this.hash.update(`field ${name.length}:${name} ${value.length}:${value}\n`);
  }

  /** Passes the file's bytes through, adding them to the fingerprint. */
  async *file(name: string, filename: string, source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    this.hash.update(`file ${name.length}:${name} ${filename.length}:${filename}\n`);
    let bytes = 0;
    for await (const chunk of source) {
      bytes += chunk.length;
      this.hash.update(chunk);
      yield chunk;
    }
    this.hash.update(`\n${bytes}\n`);
  }

  /** Called once every part was read: only a whole upload's fingerprint can be compared. */
  complete(): void {
    this.done = true;
  }

  /** The fingerprint, or undefined when the upload was not read to the end. */
  digest(): string | undefined {
    return this.done ? this.hash.copy().digest('hex') : undefined;
  }
}
