import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UsageError } from './exit-codes.js';

export interface MultipartFile {
  /** The form field's name (`file` for the API's uploads). */
  field: string;
  path: string;
  contentType: string;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  body: Readable;
}

/** The Content-Type of an upload by its name (the API tells a workbook by its bytes anyway). */
export function uploadContentType(filePath: string): string {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (ext === '.tsv' || ext === '.txt') return 'text/plain';
  return 'text/csv';
}

/** A header parameter value: quotes and line breaks would end it early. */
const quoted = (value: string) => `"${value.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c))}"`;

/** The size of a file to upload, or a usage error naming it. */
export async function fileSize(filePath: string): Promise<number> {
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new UsageError(`${filePath} is not a file`);
    return info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/**
 * multipart/form-data as curl -F sends it: the fields first (the API reads `operation` before
 * the file), then the file streamed from disk. The length is known up front, so the upload is
 * not chunked and the whole file is never in memory.
 */
export async function multipartBody(fields: [string, string][], file: MultipartFile): Promise<MultipartBody> {
  const size = await fileSize(file.path);
  const boundary = `----bv-cli-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(path.basename(file.path))}\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Buffer> {
    yield head;
    for await (const chunk of createReadStream(file.path)) yield chunk as Buffer;
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    body: Readable.from(parts(), { objectMode: false }),
  };
}
