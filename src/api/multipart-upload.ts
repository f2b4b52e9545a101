/**
 * A bulk job's multipart upload (docs/bulk.md "Intake"), read part by part: `operation` (a field
 * before the file, or the query's; another one after the file is refused), `name` and
 * `webhook_url` before or after it, and the CSV in `file`, staged as the job's input file
 * while it streams. The job is committed (held, recorded, queued) by the caller only after
 * every part has been read: a part that fails after the file must not leave a job running
 * behind a 4xx, nor be billed again when the client retries. A failure here leaves nothing
 * staged.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { uploadFingerprint } from './idempotency.js';
import { jobName } from './schemas/bulk-requests.js';
import { checkWebhookDestination, webhookUrl } from './schemas/webhook-url.js';
import { parseOrThrow } from '../requests/zod-problems.js';
import { discardStagedJob, stageBulkJob, type CreateJobDeps, type StagedJob } from '../bulk/create-job.js';
import { readUpload } from '../bulk/intake/upload-intake.js';
import { parseColumnMapping } from '../bulk/intake/header-columns.js';
import { intakeFailure } from '../bulk/intake/intake-error.js';
import { parseOperationOr400 } from '../bulk/intake/row-request.js';

/** The form's parts: `operation`, `name`, `webhook_url` and one file, with room for a few unknown fields. */
export const FORM_LIMITS = { files: 1, fields: 10, parts: 12 };
export const FIELD_BYTES = 4096;

export interface UploadOptions {
  deps: Pick<CreateJobDeps, 'results' | 'chunkRows'>;
  limits: { maxBytes: number; maxRecordBytes: number; maxRows: number };
  allowPrivateWebhooks: boolean;
  /** The query's `operation`, used unless a field before the file names one. */
  operationText: string | undefined;
  /** The query's `columns` mapping (header-columns.ts), read once the operation is known. */
  columnsText?: unknown;
}

export interface StagedUpload {
  staged: StagedJob;
  /** The `name` field, else the file's name. */
  name: string;
  webhookUrl: string | null;
}

/** The body's (or form's) operation and the query's differ. */
export function conflictingOperation(sent: string, query: string): AppError {
  return new AppError('VALIDATION_FAILED', `The operation ${JSON.stringify(sent)} differs from ?operation=${query}: send the operation once, or the same in both`, [
    { field: 'operation', message: `differs from the query's operation (${query})` },
  ]);
}

/** `?sheet=` once, as text (a repeated parameter is refused rather than one picked). */
export function sheetName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 100) {
    throw new AppError('VALIDATION_FAILED', 'sheet must be the name of one worksheet of the uploaded workbook, once, at most 100 characters', [{ field: 'sheet', message: 'must be one worksheet name' }]);
  }
  return value;
}

export async function stageMultipartUpload(request: FastifyRequest, options: UploadOptions): Promise<StagedUpload> {
  const fingerprint = uploadFingerprint(request);
  let operationText = options.operationText;
  let name = '';
  let webhook: string | null = null;
  let staged: StagedJob | undefined;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'file') {
          // curl -F "file=<x.csv" sends the file's text as a plain field: "file is required" puzzled.
          throw new AppError('VALIDATION_FAILED', 'The part named "file" came as a form field, not a file: send it as a file part (with curl: -F file=@vendors.csv, an @ rather than <)', [
            { field: 'file', message: 'must be a file part, not a form field' },
          ]);
        }
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The form field "${part.fieldname}" is longer than ${FIELD_BYTES} bytes`, [{ field: part.fieldname, message: `must be at most ${FIELD_BYTES} bytes` }]);
        }
        const value = String(part.value);
        fingerprint.field(part.fieldname, value);
        if (part.fieldname === 'operation') {
          // The file was read as the operation known then: a different one now would be ignored.
          if (staged !== undefined && value !== staged.operation) {
            throw new AppError('VALIDATION_FAILED', `The "operation" field came after the file, which was read as ${staged.operation}: send the operation before the file`, [
              { field: 'operation', message: 'must come before the file part' },
            ]);
          }
          // Two different operations leave the one meant unknown; which would be billed is not ours to guess.
          if (options.operationText !== undefined && value !== options.operationText) throw conflictingOperation(value, options.operationText);
          operationText = value;
        } else if (part.fieldname === 'name') name = parseOrThrow(z.object({ name: jobName }), { name: value }).name;
        else if (part.fieldname === 'webhook_url') {
          webhook = parseOrThrow(z.object({ webhook_url: webhookUrl }), { webhook_url: value }).webhook_url;
          checkWebhookDestination(webhook, options.allowPrivateWebhooks);
        }
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file part "${part.fieldname}": send the CSV as "file"`, [{ field: part.fieldname, message: 'unexpected file part' }]);
      }
      if (operationText === undefined) {
        // Not "none was sent": it may well come after the file, where it is read too late.
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', 'The file came before any "operation": send the operation field before the file part, or as ?operation= in the URL', [
          { field: 'operation', message: 'must come before the file part' },
        ]);
      }
      const operation = parseOperationOr400(operationText);
      let columns;
      try {
        columns = parseColumnMapping(options.columnsText, operation);
      } catch (error) {
        part.file.resume();
        intakeFailure(error);
      }
      let sheet: string | undefined;
      try {
        sheet = sheetName((request.query as Record<string, unknown>).sheet);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      filename = part.filename;
      staged = await stageBulkJob(operation, readUpload(fingerprint.file(part.fieldname, part.filename, part.file), part.filename, operation, options.limits, { columns, sheet }), options.deps).catch(intakeFailure);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${options.limits.maxBytes} bytes`);
    }
    if (staged === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Send the CSV in a multipart part named "file", after the "operation" field', [
        { field: 'file', message: 'is required' },
      ]);
    }
    fingerprint.complete();
  } catch (error) {
    if (staged !== undefined) await discardStagedJob(staged, options.deps);
    throw error;
  }
  // A file's name is not the caller's choice of job name: cut to the same 200 characters rather than refused.
  return { staged, name: name || filename.slice(0, 200) || 'upload', webhookUrl: webhook };
}
