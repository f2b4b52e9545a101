/**
 * The result store on a local folder: a folder per job under BV_DATA_DIR/results (the
 * default; one machine, or machines sharing that folder). Files are written under a
 * temporary name, fsynced and renamed, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  checkJobFile,
  JOB_ID,
  lineBatches,
  placedLines,
  writeLinesTo,
  type JobListing,
  type PlacedLine,
  type ResultDownload,
  type ResultFileWriter,
  type ResultStore,
} from './result-store.js';

/** Bytes per read and per write buffer: fewer thread-pool round trips, still bounded. */
const IO_BYTES = 256 * 1024;

/**
 * Result files hold PAN holders' names and a customer's vendor list: readable by the service's
 * own user only, whatever the process's umask.
 */
export const RESULT_DIR_MODE = 0o700;
export const RESULT_FILE_MODE = 0o600;

/** Makes a job's folder (and the results root) owner-only. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: RESULT_DIR_MODE });
}

/**
 * A file's data, or a folder's entries (a rename into it, a file created in it), on disk: a
 * power loss after this cannot take them back. Work that depends on a file (a chunk's
 * charges, a job's finish) waits for this, so what a crash can lose is never something a
 * customer was billed for.
 */
export async function syncPath(fileOrDir: string): Promise<void> {
  const handle = await open(fileOrDir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The name a file is written under before it is renamed (isTemporaryOf recognises it). */
function temporaryName(final: string): string {
  return `${final}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * A file written to its temporary and, on commit, fsynced, renamed over its name and the
 * rename fsynced: a file is either whole and kept, or absent (never a renamed but empty file
 * after a power loss).
 */
class LocalFileWriter implements ResultFileWriter {
  private constructor(
    private readonly stream: WriteStream,
    private readonly temporary: string,
    private readonly final: string,
  ) {}

  static async open(final: string): Promise<LocalFileWriter> {
    await makePrivateDir(path.dirname(final));
    const temporary = temporaryName(final);
    // A 256 kB buffer, not the 16 kB default: each 'drain' is a round trip through libuv's
    // thread pool, and a 5,000-row input file waited for a hundred of them (0.15 s of intake).
    const stream = createWriteStream(temporary, { flags: 'wx', encoding: 'utf8', highWaterMark: IO_BYTES, mode: RESULT_FILE_MODE });
    // Errors surface through write() and commit(); this only keeps one from being unhandled
    // (a stream destroyed under a pending write emits one nothing else listens to).
    stream.on('error', () => {});
    try {
      await once(stream, 'ready');
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return new LocalFileWriter(stream, temporary, final);
  }

  async write(text: string | Uint8Array): Promise<void> {
    if (this.stream.errored) throw this.stream.errored;
    // once() rejects on 'error', so a failing disk ends the writer instead of stalling it.
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  async commit(): Promise<void> {
    try {
      this.stream.end();
      await finished(this.stream);
      await syncPath(this.temporary);
      await rename(this.temporary, this.final);
      await syncPath(path.dirname(this.final));
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    await rm(this.temporary, { force: true });
  }
}

export class LocalResultStore implements ResultStore {
  readonly location: string;

  constructor(private readonly rootDir: string) {
    this.location = rootDir;
  }

  /** The job's folder. Only this store and tests that look at its files on disk use paths. */
  dir(jobId: string): string {
    checkJobFile(jobId);
    return path.join(this.rootDir, jobId);
  }

  path(jobId: string, name: string): string {
    checkJobFile(jobId, name);
    return path.join(this.rootDir, jobId, name);
  }

  async jobIds(): Promise<string[]> {
    const entries = await readdir(this.rootDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return entries.filter((entry) => entry.isDirectory() && JOB_ID.test(entry.name)).map((entry) => entry.name);
  }

  async listing(jobId: string): Promise<JobListing | undefined> {
    const dir = this.dir(jobId);
    try {
      let lastWrittenMs = (await lstat(dir)).mtimeMs;
      const entries: { name: string; isFile: boolean }[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        // An entry removed between the listing and its lstat (a temp file renamed) is no loss.
        lastWrittenMs = Math.max(lastWrittenMs, await lstat(path.join(dir, entry.name)).then((s) => s.mtimeMs, () => 0));
        entries.push({ name: entry.name, isFile: entry.isFile() });
      }
      return { lastWrittenMs, entries };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async storedBytes(jobId: string): Promise<number> {
    const entries = await readdir(this.dir(jobId), { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    let bytes = 0;
    for (const entry of entries) {
      // A file renamed or removed since the listing counts as nothing.
      if (entry.isFile()) bytes += await lstat(path.join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
    }
    return bytes;
  }

  async exists(jobId: string, name: string): Promise<boolean> {
    return access(this.path(jobId, name)).then(
      () => true,
      () => false,
    );
  }

  async openWriter(jobId: string, name: string): Promise<ResultFileWriter> {
    return LocalFileWriter.open(this.path(jobId, name));
  }

  async writeLines(jobId: string, name: string, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
    await writeLinesTo(await this.openWriter(jobId, name), lines);
  }

  async writeText(jobId: string, name: string, text: string): Promise<void> {
    const writer = await this.openWriter(jobId, name);
    try {
      await writer.write(text);
      await writer.commit();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  async readText(jobId: string, name: string): Promise<string> {
    return readFile(this.path(jobId, name), 'utf8');
  }

  async *readLines(jobId: string, name: string): AsyncGenerator<string> {
    for await (const lines of this.readLineBatches(jobId, name)) yield* lines;
  }

  async *readLineBatches(jobId: string, name: string): AsyncGenerator<string[]> {
    yield* lineBatches(createReadStream(this.path(jobId, name), { encoding: 'utf8', highWaterMark: IO_BYTES }) as AsyncIterable<string>);
  }

  async *readLinesFrom(jobId: string, name: string, byteOffset: number): AsyncGenerator<PlacedLine> {
    yield* placedLines(createReadStream(this.path(jobId, name), { start: byteOffset, highWaterMark: IO_BYTES }) as AsyncIterable<Buffer>, byteOffset);
  }

  async openRead(jobId: string, name: string): Promise<ResultDownload> {
    // The length and the data of one opened file: a rename over the name after this changes neither.
    const handle = await open(this.path(jobId, name), 'r');
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream({ highWaterMark: IO_BYTES }), bytes: size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(jobId: string): Promise<void> {
    await rm(this.dir(jobId), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}
