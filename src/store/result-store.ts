/**
 * Where bulk jobs' files live: a folder per job under BV_DATA_DIR/results (DESIGN.md §2; a
 * shared store such as S3 is the path to several machines). Files are written to a temporary
 * name and renamed, so a reader never sees half a file.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const JOB_ID = /^job_[0-9a-z]{10,40}$/;

/** The name a file is written under before it is renamed to `name` (writeLines, writeText). */
function temporaryName(name: string): string {
  return `${name}.${process.pid}.${Date.now()}.tmp`;
}

/** Whether `entry` is a temporary that writing `name` in the same folder leaves until its rename. */
export function isTemporaryOf(entry: string, name: string): boolean {
  return entry.startsWith(`${name}.`) && entry.endsWith('.tmp');
}
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

/**
 * The temporary's data on disk, renamed over `final`, and the rename on disk: a file is either
 * whole and kept, or absent (never a renamed but empty file after a power loss).
 */
async function durableRename(temporary: string, final: string): Promise<void> {
  await syncPath(temporary);
  await rename(temporary, final);
  await syncPath(path.dirname(final));
}

export class ResultStore {
  constructor(private readonly rootDir: string) {}

  /** The job's folder; job ids are ours, but a path is never built from an unchecked one. */
  dir(jobId: string): string {
    if (!JOB_ID.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return path.join(this.rootDir, jobId);
  }

  path(jobId: string, name: string): string {
    return path.join(this.dir(jobId), name);
  }

  /** The jobs that have a folder here. */
  async jobIds(): Promise<string[]> {
    const entries = await readdir(this.rootDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return entries.filter((entry) => entry.isDirectory() && JOB_ID.test(entry.name)).map((entry) => entry.name);
  }

  /**
   * The job folder's own entries (not followed into subfolders or links) and when the folder
   * or any of them was last written, in ms; undefined once the folder is gone.
   */
  async listing(jobId: string): Promise<{ lastWrittenMs: number; entries: { name: string; isFile: boolean }[] } | undefined> {
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

  async exists(jobId: string, name: string): Promise<boolean> {
    return access(this.path(jobId, name)).then(
      () => true,
      () => false,
    );
  }

  /** Writes lines (each without its newline) atomically, respecting the disk's pace. */
  async writeLines(jobId: string, name: string, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const final = this.path(jobId, name);
    await makePrivateDir(path.dirname(final));
    const temporary = temporaryName(final);
    // A 256 kB buffer, not the 16 kB default: each 'drain' is a round trip through libuv's
    // thread pool, and a 5,000-row input file waited for a hundred of them (0.15 s of intake).
    // pipeline, not write() in a loop: when `lines` throws (a bad byte deep in an upload) or the
    // disk fails, it ends the stream with no write left pending and every error handled. A
    // stream destroyed under a pending write emitted an error nothing listened to, and the
    // process died of it.
    try {
      await pipeline(
        async function* () {
          // Lines joined into writes of up to 64 kB: a chunk per line cost a third more time.
          let batch = '';
          for await (const line of lines) {
            batch += `${line}\n`;
            if (batch.length >= 65_536) {
              yield batch;
              batch = '';
            }
          }
          if (batch !== '') yield batch;
        },
        createWriteStream(temporary, { highWaterMark: IO_BYTES, mode: RESULT_FILE_MODE }),
      );
      await durableRename(temporary, final);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Writes a small file whole, atomically, exactly as given. */
  async writeText(jobId: string, name: string, text: string): Promise<void> {
    const final = this.path(jobId, name);
    await makePrivateDir(path.dirname(final));
    const temporary = temporaryName(final);
    try {
      const file = await open(temporary, 'wx', RESULT_FILE_MODE);
      try {
        await file.writeFile(text);
      } finally {
        await file.close();
      }
      await durableRename(temporary, final);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async readText(jobId: string, name: string): Promise<string> {
    return readFile(this.path(jobId, name), 'utf8');
  }

  /** Reads a file line by line, without holding it whole. */
  async *readLines(jobId: string, name: string): AsyncGenerator<string> {
    for await (const lines of this.readLineBatches(jobId, name)) yield* lines;
  }

  /**
   * Reads a file's lines (our files: LF-separated, empty lines skipped) a read's worth at a
   * time. One await per 256 kB read rather than per line: the finalize step of a
   * million-row job walks its input file twice.
   */
  async *readLineBatches(jobId: string, name: string): AsyncGenerator<string[]> {
    // A utf8 stream decodes a character split across two reads whole.
    const input = createReadStream(this.path(jobId, name), { encoding: 'utf8', highWaterMark: IO_BYTES });
    // The start of a line still unfinished, in pieces: a long line is joined once, not per read.
    let pending: string[] = [];
    for await (const text of input as AsyncIterable<string>) {
      const end = text.lastIndexOf('\n');
      if (end === -1) {
        pending.push(text);
        continue;
      }
      const lines = (pending.join('') + text.slice(0, end)).split('\n').filter((line) => line !== '');
      pending = end + 1 < text.length ? [text.slice(end + 1)] : [];
      if (lines.length > 0) yield lines;
    }
    const last = pending.join('');
    if (last !== '') yield [last];
  }

  async remove(jobId: string): Promise<void> {
    await rm(this.dir(jobId), { recursive: true, force: true });
  }
}
