/**
 * The zip layer of the .xlsx intake. An upload is spooled to a private temporary file (at
 * most the bulk byte limit), because a workbook cannot be read front to back: Excel writes
 * the shared strings after the sheets, and only the central directory at the end says what
 * the parts are. yauzl then reads any part in any order, inflating as it is read; every
 * inflated byte is counted against one budget for the whole workbook, so a zip bomb stops
 * at the budget, never at the end of its output.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IntakeError } from './intake-error.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted OOXML file keeps in its OLE2 container (MS-OFFCRYPTO), as its directory names it. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
/** A workbook has a few dozen parts; thousands are a crafted file, each entry costing memory. */
const MAX_ENTRIES = 10_000;
/** Inflated bytes per piece: a big sheet in 256 kB pieces rather than zlib's 16 kB. */
const INFLATE_CHUNK = 256 * 1024;

export const isZip = (head: Buffer) => head.subarray(0, 4).equals(ZIP_MAGIC);
export const isOle2 = (head: Buffer) => head.subarray(0, 8).equals(OLE2_MAGIC);

export interface Spooled {
  file: string;
  bytes: number;
  head: Buffer;
  /** An OLE2 file holding an EncryptedPackage stream: a password-protected .xlsx, not a legacy .xls. */
  encrypted: boolean;
  remove(): Promise<void>;
}

/** Writes the upload to a private temp file, refusing it past `maxBytes` (and a multipart part cut at its limit). */
export async function spool(input: AsyncIterable<Buffer | string>, maxBytes: number): Promise<Spooled> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bv-xlsx-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload.xlsx');
  const out = createWriteStream(file, { mode: 0o600 });
  let bytes = 0;
  const heads: Buffer[] = [];
  let headBytes = 0;
  let encrypted = false;
  let tail = Buffer.alloc(0);
  try {
    for await (const raw of input) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
      bytes += chunk.length;
      if (bytes > maxBytes) throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
      if (headBytes < 8) {
        heads.push(chunk);
        headBytes += chunk.length;
      }
      if (!encrypted) {
        const window = Buffer.concat([tail, chunk]);
        encrypted = window.includes(ENCRYPTED_PACKAGE);
        tail = window.subarray(Math.max(0, window.length - ENCRYPTED_PACKAGE.length));
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if ((input as { truncated?: unknown }).truncated === true) throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
    out.end();
    await once(out, 'close');
  } catch (error) {
    out.destroy();
    await remove();
    throw error;
  }
  const head = Buffer.concat(heads).subarray(0, 8);
  return { file, bytes, head, encrypted: encrypted && isOle2(head), remove };
}

const CORRUPT = 'the workbook is damaged or incomplete (not a whole .xlsx zip file; was the upload cut short?): open it in Excel, save it again as .xlsx (Excel Workbook) and upload that, or save it as "CSV UTF-8"';

function corrupt(detail: string): IntakeError {
  return new IntakeError('VALIDATION_FAILED', `${CORRUPT} (${detail})`);
}

/** The inflated bytes the whole workbook may produce, shared by every part read. */
export class InflateBudget {
  constructor(
    public left: number,
    private readonly limit: number,
  ) {}

  take(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0) {
      throw new IntakeError(
        'PAYLOAD_TOO_LARGE',
        `the workbook unpacks to more than ${this.limit} bytes of spreadsheet data, more than a sheet within the limits can hold (a "zip bomb"?): split it into several files or upload the sheet as CSV`,
      );
    }
  }
}

export interface OpenedZip {
  entries: Map<string, Entry>;
  /** The part's inflated bytes, counted against the budget as they come. */
  read(name: string, budget: InflateBudget): AsyncGenerator<Buffer>;
  close(): void;
}

export async function openZip(file: string): Promise<OpenedZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) => (error ? reject(corrupt(error.message)) : resolve(opened)));
  });
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (entries.size >= MAX_ENTRIES) {
          reject(new IntakeError('VALIDATION_FAILED', `the file holds more than ${MAX_ENTRIES} parts, which no Excel workbook does: save it again from Excel as .xlsx`));
          return;
        }
        entries.set(entry.fileName.replace(/^\//, ''), entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) => reject(corrupt(error.message)));
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    entries,
    close: () => zip.close(),
    async *read(name, budget) {
      const entry = entries.get(name);
      if (entry === undefined) throw corrupt(`the part ${name} is missing`);
      if (entry.isEncrypted()) throw new IntakeError('VALIDATION_FAILED', 'the workbook is password-protected: remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password, clear it), save, and upload again');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw corrupt(`the part ${name} uses compression method ${entry.compressionMethod}`);
      // The declared size is checked first, and the count below holds the part to it while inflating.
      if (entry.uncompressedSize > budget.left) budget.take(entry.uncompressedSize);
      let raw: Readable;
      try {
        raw = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, { decompress: false }, (error, opened) => (error ? reject(error) : resolve(opened))));
      } catch (error) {
        throw corrupt(`${name}: ${(error as Error).message}`);
      }
      // Inflated here rather than by yauzl: in larger pieces (fewer callbacks for a big sheet),
      // each counted against the budget and the part's declared size as it comes.
      const stream = entry.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: INFLATE_CHUNK })) : raw;
      raw.on('error', (error) => stream.destroy(error));
      let bytes = 0;
      try {
        for await (const chunk of stream) {
          bytes += (chunk as Buffer).length;
          if (bytes > entry.uncompressedSize) throw corrupt(`${name} unpacks to more than the ${entry.uncompressedSize} bytes it declares`);
          budget.take((chunk as Buffer).length);
          yield chunk as Buffer;
        }
        if (bytes !== entry.uncompressedSize) throw corrupt(`${name} unpacks to ${bytes} bytes, not the ${entry.uncompressedSize} it declares`);
      } catch (error) {
        if (error instanceof IntakeError) throw error;
        throw corrupt(`${name}: ${(error as Error).message}`);
      } finally {
        raw.destroy();
        stream.destroy();
      }
    },
  };
}
