/**
 * A zip archive written front to back, as .xlsx files need it: small parts stored whole, and
 * one large part deflated as it is produced (sizes and CRC in a data descriptor after it, as
 * the zip format allows for streamed entries), so nothing waits for the whole part in memory.
 *
 * Why not a library: exceljs' streaming writer pushes a sheet into its zip without heeding
 * backpressure and spends most of its time building a cell object and a style per cell
 * (5,000 rows/s here once memory was bounded); a job's result rows are already text, and
 * this path writes them at the speed of zlib.
 *
 * No zip64: callers keep each part under 4 GiB (the sheet writer stops adding rows before,
 * and says so in the sheet), which also keeps every offset under 4 GiB.
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** Where the archive's bytes go, at the receiver's pace. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
}

/** The largest a part may be (uncompressed and compressed) without zip64. */
export const ZIP_PART_LIMIT = 0xffff_ffff;

const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAMES = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION = 20;
/** 1980-01-01 00:00 in DOS form: a fixed date keeps identical content byte-identical. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(METHOD_DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

/** A part being deflated as it is written; end() before anything else is added. */
export interface StreamedPart {
  /** Adds text; resolves when the archive can take more. */
  write(text: string): Promise<void>;
  /** Uncompressed bytes written so far. */
  readonly size: number;
  end(): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private busy = false;

  constructor(
    private readonly sink: ByteSink,
    private readonly level: number = constants.Z_DEFAULT_COMPRESSION,
  ) {}

  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    await this.sink.write(bytes);
  }

  private claim(): void {
    if (this.busy) throw new Error('a streamed zip part is still open');
  }

  /** A small part, deflated whole. */
  async addFile(name: string, text: string): Promise<void> {
    this.claim();
    const data = Buffer.from(text, 'utf8');
    const compressed = deflateRawSync(data, { level: this.level });
    const entry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8_NAMES, crc: crc32(data), compressed: compressed.length, size: data.length, offset: this.offset };
    await this.put(localHeader(entry.name, entry.flags, entry.crc, entry.compressed, entry.size));
    await this.put(compressed);
    this.entries.push(entry);
  }

  /** A part written piece by piece: its CRC and sizes follow it in a data descriptor. */
  async openPart(name: string): Promise<StreamedPart> {
    this.claim();
    this.busy = true;
    const entry: CentralEntry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8_NAMES | FLAG_DATA_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.put(localHeader(entry.name, entry.flags, 0, 0, 0));
    const deflate = createDeflateRaw({ level: this.level, chunkSize: 64 * 1024 });
    const out = new Writable({
      highWaterMark: 256 * 1024,
      write: (chunk: Buffer, _encoding, callback) => {
        entry.compressed += chunk.length;
        this.put(chunk).then(() => callback(), callback);
      },
    });
    const done = pipeline(deflate, out);
    // Seen by write() and end(); never unhandled when the caller stops early.
    done.catch(() => {});
    const failed = done.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    return {
      write: async (text: string) => {
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await Promise.race([once(deflate, 'drain'), failed]);
      },
      get size() {
        return entry.size;
      },
      end: async () => {
        deflate.end();
        await done;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.put(descriptor);
        this.entries.push(entry);
        this.busy = false;
      },
    };
  }

  /** The central directory: the archive is whole once this resolves. */
  async finish(): Promise<void> {
    this.claim();
    const start = this.offset;
    const records = this.entries.map((entry) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(entry.flags, 8);
      record.writeUInt16LE(METHOD_DEFLATE, 10);
      record.writeUInt16LE(DOS_TIME, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // extra, comment, disk, internal and external attributes: none.
      record.writeUInt32LE(entry.offset, 42);
      return Buffer.concat([record, entry.name]);
    });
    const directory = Buffer.concat(records);
    if (start + directory.length > ZIP_PART_LIMIT) throw new Error('the archive is larger than a zip without zip64 can be');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([directory, end]));
  }
}
