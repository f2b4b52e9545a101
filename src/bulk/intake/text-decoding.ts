/**
 * An upload's bytes as UTF-8, whatever Excel or an ERP saved them as: UTF-8 with or without a
 * BOM, UTF-16 LE/BE with a BOM ("Unicode Text"), or Windows-1252 (Excel's plain "CSV" on
 * Windows). Read as a stream, so the encoding is settled without holding the file: while every
 * byte so far was ASCII (the same in all three), the first byte that cannot be UTF-8 switches
 * the rest to Windows-1252 and the job says so; once a multi-byte UTF-8 character has been read,
 * a later invalid byte means a corrupt UTF-8 file, refused with its position (reading the rest
 * as Windows-1252 would give some rows mojibake and others not). Decoding is TextDecoder's
 * (ICU), not a table of our own.
 */
import { isAscii } from 'node:buffer';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { JobWarning } from '../../domain/job-warnings.js';
import { IntakeError } from './intake-error.js';

/** How much of the start is sniffed for BOMs and NUL bytes before anything is passed on. */
const SNIFF_BYTES = 1024;
/**
 * The most the parser is given at once. It turns a whole chunk into records before anyone
 * reads them, so a 1 MB chunk of short lines would be hundreds of thousands of records held
 * at once (and read without yielding to the event loop); slices keep that small.
 */
const PARSE_SLICE_BYTES = 64 * 1024;

export const EXPECTED_FILE = 'expected a CSV text file (UTF-8, UTF-16 or Windows-1252) with a header row (for example gstin,name) and one row per request';

export const WINDOWS_1252_MESSAGE = "the file is not UTF-8; read as Windows-1252 (Excel's 'CSV' on Windows): check names with accents";

function* slices(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += PARSE_SLICE_BYTES) yield chunk.subarray(at, at + PARSE_SLICE_BYTES);
}

type Mode = 'ascii' | 'utf8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * The raw bytes, counted, checked and decoded as they pass: the size limit, NUL bytes (a binary
 * file), and the encoding as above. Yields UTF-8 in slices; `warn` hears of a Windows-1252 file.
 */
export async function* decodedText(
  input: Readable | AsyncIterable<Buffer | string>,
  maxBytes: number,
  warn: (warning: JobWarning) => void,
): AsyncGenerator<Buffer> {
  let mode: Mode | undefined;
  /** ascii: none, or the decoder of the chunk that held a partial character; utf8: the file's; others: theirs. */
  let decoder: TextDecoder | undefined;
  /** ascii mode: the bytes of a character begun at the end of the last chunk, not yet passed on. */
  let carry: Buffer = Buffer.alloc(0);
  /** Raw bytes handled before the current chunk (carry included). */
  let offset = 0;
  const windows1252 = new TextDecoder('windows-1252');
  /** A UTF-8 BOM still to drop: dropped here, so that bytes in and text out stay in step. */
  let utf8Bom = false;

  const toWindows1252 = (data: Buffer, dataOffset: number): Buffer => {
    mode = 'windows-1252';
    warn({ code: 'ENCODING_WINDOWS_1252', message: `${WINDOWS_1252_MESSAGE} (the first byte that is not UTF-8 is ${whereInvalid(data, dataOffset)})` });
    return Buffer.from(windows1252.decode(data), 'utf8');
  };

  const refuseNul = (chunk: Buffer, chunkOffset: number) => {
    const nul = chunk.indexOf(0);
    if (nul !== -1) throw new IntakeError('VALIDATION_FAILED', `the file contains a NUL byte at byte ${chunkOffset + nul}: ${EXPECTED_FILE}`);
  };

  const start = (head: Buffer): void => {
    if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) mode = 'utf-16le';
    else if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) mode = 'utf-16be';
    else mode = 'ascii';
    utf8Bom = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    if (mode !== 'ascii') {
      // The decoder drops the BOM.
      decoder = new TextDecoder(mode, { fatal: true });
      return;
    }
    if (head.subarray(0, SNIFF_BYTES).includes(0)) {
      throw new IntakeError(
        'VALIDATION_FAILED',
        `the file looks binary (NUL bytes in its first 1 KB), not CSV text: ${EXPECTED_FILE}; a UTF-16 file needs its byte order mark (Excel's "Unicode Text" writes one); export spreadsheets (.xlsx) as "CSV UTF-8"`,
      );
    }
  };

  const decode = (chunk: Buffer, at?: number): Buffer => {
    const chunkOffset = at ?? offset;
    if (at === undefined) offset += chunk.length;
    if (mode === 'utf-16le' || mode === 'utf-16be') {
      let text: string;
      try {
        text = decoder!.decode(chunk, { stream: true });
      } catch {
        throw new IntakeError('VALIDATION_FAILED', `the file is not valid UTF-16 (in bytes ${chunkOffset}-${chunkOffset + chunk.length - 1}): ${EXPECTED_FILE}`);
      }
      const nul = text.indexOf('\u0000');
      if (nul !== -1) throw new IntakeError('VALIDATION_FAILED', `the file contains a NUL character (in bytes ${chunkOffset}-${chunkOffset + chunk.length - 1}): ${EXPECTED_FILE}`);
      return Buffer.from(text, 'utf8');
    }
    refuseNul(chunk, chunkOffset);
    if (mode === 'windows-1252') return Buffer.from(windows1252.decode(chunk), 'utf8');
    if (mode === 'utf8') {
      try {
        decoder!.decode(chunk, { stream: true });
      } catch {
        throw new IntakeError('VALIDATION_FAILED', `the file is not valid UTF-8 ${whereInvalid(chunk, chunkOffset)}, after UTF-8 text before it: the file is damaged or mixes encodings; save it again as "CSV UTF-8"`);
      }
      // Valid UTF-8 passes as it is: the parser joins a character split across chunks.
      return chunk;
    }
    // ascii so far.
    if (utf8Bom) {
      utf8Bom = false;
      // An explicit UTF-8 file: it is UTF-8 from here on, and an invalid byte is damage.
      mode = 'utf8';
      decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      return decode(chunk.subarray(3), chunkOffset + 3);
    }
    const data = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    const dataOffset = chunkOffset - carry.length;
    carry = Buffer.alloc(0);
    if (isAscii(data)) return data;
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let text: string;
    try {
      text = utf8.decode(data, { stream: true });
    } catch {
      // Valid multi-byte UTF-8 before the bad byte, in this same chunk: a damaged UTF-8 file.
      const bad = invalidAt(data);
      if (bad > 0 && !isAscii(data.subarray(0, bad))) {
        throw new IntakeError('VALIDATION_FAILED', `the file is not valid UTF-8 ${whereInvalid(data, dataOffset)}, after UTF-8 text before it: the file is damaged or mixes encodings; save it again as "CSV UTF-8"`);
      }
      return toWindows1252(data, dataOffset);
    }
    const complete = Buffer.byteLength(text, 'utf8');
    if (complete !== text.length) {
      // A whole multi-byte character: this is UTF-8 from here on.
      mode = 'utf8';
      decoder = utf8;
      return data;
    }
    // Only an unfinished character at the end: whether it is UTF-8 is for the next chunk to tell.
    carry = Buffer.from(data.subarray(complete));
    return data.subarray(0, complete);
  };

  let bytes = 0;
  let head: Buffer[] = [];
  for await (const raw of input) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    bytes += chunk.length;
    if (bytes > maxBytes) throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
    if (mode !== undefined) {
      yield* slices(decode(chunk));
      continue;
    }
    // Collect the first KB so the BOM and NUL sniff sees it whatever the chunking.
    head.push(chunk);
    if (bytes >= SNIFF_BYTES) {
      const first = Buffer.concat(head);
      head = [];
      start(first);
      yield* slices(decode(first));
    }
  }
  if (mode === undefined && bytes > 0) {
    const first = Buffer.concat(head);
    start(first);
    yield* slices(decode(first));
  }
  // A multipart upload cut at its size limit (busboy's fileSize) ends as if it were whole,
  // only flagged: refuse it here, before its first rows become a job.
  if ((input as { truncated?: unknown }).truncated === true) {
    throw new IntakeError('PAYLOAD_TOO_LARGE', `the file is larger than the limit of ${maxBytes} bytes`);
  }
  // The file ends in a character begun but not finished: not UTF-8, and nothing else came first.
  if (mode === 'ascii' && carry.length > 0) yield toWindows1252(carry, offset - carry.length);
  try {
    if (mode === 'utf8' || mode === 'utf-16le' || mode === 'utf-16be') {
      const rest = decoder!.decode();
      if (mode !== 'utf8' && rest !== '') yield Buffer.from(rest, 'utf8');
    }
  } catch {
    throw new IntakeError('VALIDATION_FAILED', `the file ends inside a ${mode === 'utf8' ? 'UTF-8' : 'UTF-16'} character: it is cut short or damaged; ${EXPECTED_FILE}`);
  }
}

/**
 * Where a chunk the decoder refused stops being UTF-8: the byte, and the text just before it,
 * which a user can search for ("Caf" before a Windows-1252 é). The decoder does not say; this
 * finds the first byte that cannot start or continue a character, and falls back to the
 * chunk's range for the subtler faults (an overlong form, a sequence begun in the chunk before).
 */
export function whereInvalid(chunk: Buffer, offset: number): string {
  const i = invalidAt(chunk);
  if (i === -1) return `(bytes ${offset}-${offset + chunk.length - 1})`;
  const before = chunk.subarray(Math.max(0, i - 40), i).toString('utf8').split(/\r\n|\r|\n/).pop() ?? '';
  return `at byte ${offset + i}${before === '' ? ', at the start of a line' : `, after ${JSON.stringify(before.slice(-30))}`}`;
}

/** The first byte that cannot start or continue a UTF-8 character, or -1 (a subtler fault, or none). */
function invalidAt(chunk: Buffer): number {
  for (let i = 0; i < chunk.length; ) {
    const b = chunk[i] as number;
    const extra = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let bad = extra === -1;
    for (let k = 1; !bad && k <= extra && i + k < chunk.length; k++) bad = ((chunk[i + k] as number) & 0xc0) !== 0x80;
    if (bad) return i;
    i += extra + 1;
  }
  return -1;
}
