/**
 * What a route declares as its `schema` (Fastify's route option): its zod request and
 * response schemas, which validate its requests and serialise its answers
 * (schema-compilers.ts), and the prose of its OpenAPI operation. Each route names its own, e.g.
 * `app.get(url, { schema: BULK_JOB_SCHEMAS.getBulkJob }, handler)`; each route file's schemas
 * are beside it, in the file of the same name ending -schemas.ts (routes/bulk-jobs-schemas.ts
 * for routes/bulk-jobs.ts), so the route files stay about what the routes do.
 * register-openapi.ts turns them into Fastify's schema as each route registers.
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

declare module 'fastify' {
  interface FastifySchema {
    /** Who may call the route: decides the OpenAPI security and the headers of its answers. */
    auth?: Security;
    /** The error codes it answers with (their statuses, meanings and headers are documented). */
    errors?: readonly ErrorCode[];
    errorEnvelope?: z.ZodType;
    bodyExamples?: Record<string, RequestExample>;
    multipart?: MultipartBody;
  }
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
  auth: Security;
  /** Validated before the handler runs (its output is request.body), unless the route also takes a multipart upload. */
  body?: z.ZodType;
  bodyExamples?: Record<string, RequestExample>;
  /**
   * A multipart/form-data alternative to the JSON body (a CSV upload), as JSON Schema. Such a
   * route streams the upload itself, so it parses its body and query in the handler: the
   * schemas above document them there.
   */
  multipart?: MultipartBody;
  /** Documented only: an id of the wrong shape is an unknown id, answered 404 by the route. */
  params?: z.ZodObject;
  /** Validated before the handler runs (its output is request.query), unless the route takes a multipart upload. */
  querystring?: z.ZodObject;
  /** Success answers, serialised by their schema: a zod schema, or a description of a non-JSON body (a file, a stream) or of no body. */
  response: Record<number, z.ZodType | NonJsonResponse>;
  errors: readonly ErrorCode[];
  /** The errors' body, when a route's differs from the ErrorEnvelope (Business360's meta). */
  errorEnvelope?: z.ZodType;
}

/**
 * docs/money.md "Idempotency-Key": every customer POST takes the header; register-openapi.ts adds it,
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
