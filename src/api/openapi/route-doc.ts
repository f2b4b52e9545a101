/**
 * What one route's documentation holds, and the pieces the route-doc tables share. The
 * tables (operation-docs.ts, bulk-docs.ts, portfolio-docs.ts, admin-docs.ts) are attached to
 * the routes by register-openapi.ts.
 */
import { z } from 'zod';
import type { ErrorCode } from '../../errors.js';
import { envelopeShape } from '../schemas/records.js';
import type { RequestExample } from './sandbox-examples.js';

export type Security = 'customer' | 'admin' | 'none';

export interface NonJsonResponse {
  description: string;
  /** Absent for a response without a body. */
  contentType?: string;
}

export interface MultipartBody {
  type: 'object';
  /** `examples`: what Swagger UI's "Try it out" fills the field with (else "string", or the first of an enum). */
  properties: Record<string, { type: 'string'; description: string; enum?: readonly string[]; contentMediaType?: string; format?: string; examples?: string[] }>;
  required: string[];
}

export interface RouteDoc {
  /**
   * The name a client generated from the document gives the call (camelCase, unique). Stable:
   * renaming one breaks every generated client, so test/api/openapi-lint.test.ts pins them.
   */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  body?: z.ZodType;
  bodyExamples?: Record<string, RequestExample>;
  /** A multipart/form-data alternative to the JSON body (a CSV upload), as JSON Schema. */
  multipart?: MultipartBody;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  /** Success responses: a zod schema, or a description of a non-JSON body (a file, a stream) or of no body. */
  responses: Record<number, z.ZodType | NonJsonResponse>;
  errors: readonly ErrorCode[];
  /** The errors' body, when a route's differs from the ErrorEnvelope (Business360's meta). */
  errorEnvelope?: z.ZodType;
}

/**
 * API.md "Idempotency": every customer POST takes the header; register-openapi.ts adds it,
 * and the 409 and 422 answers it brings, to each.
 */
export const IDEMPOTENCY_HEADERS = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7E]+$/, 'printable ASCII characters')
    .optional()
    .describe('Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice'),
});

/** A customer route's envelope around `data`. */
export const envelope = (api: string, data: z.ZodType) => envelopeShape(api, data);

export const file = (contentType: string, description: string): NonJsonResponse => ({ contentType, description });

/** Admin and health answers are plain JSON objects (DESIGN.md §7), not the envelope. */
export const plain = z.object({}).loose();
