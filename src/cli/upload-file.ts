import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './exit-codes.js';

/** The Content-Type of an upload by its name (the API tells a workbook by its bytes anyway). */
export function uploadContentType(filePath: string): string {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (ext === '.tsv' || ext === '.txt') return 'text/plain';
  return 'text/csv';
}

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
 * A file to upload, as a form's `file`: backed by the file on disk (read as it is sent, never
 * whole), named as the user's file (the API names a job after it), typed by its extension.
 */
export async function uploadFile(filePath: string): Promise<File> {
  await fileSize(filePath);
  const blob = await openAsBlob(filePath, { type: uploadContentType(filePath) });
  return new File([blob], path.basename(filePath), { type: blob.type });
}
