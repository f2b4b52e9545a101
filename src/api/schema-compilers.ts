/**
 * How a documented route's zod schemas gate its requests and shape its answers
 * (fastify-type-provider-zod's compilers, with our errors):
 *
 * - body and querystring: parsed before the handler; a failure is the contract's 400
 *   VALIDATION_FAILED naming each field and rule (requests/zod-problems.ts), the very error
 *   handlers used to throw themselves; on success the handler gets the parsed value
 *   (identifiers normalised, defaults filled).
 * - params and headers: documented, not gated. A path id of the wrong shape is an unknown id,
 *   answered 404 by the route; the Idempotency-Key header is checked by the idempotency hook,
 *   which runs before validation (its 400 is worded for the header). Parsing headers with a
 *   zod object would also strip every header the schema does not name.
 * - answers: encoded by their zod schema, then JSON.stringify (the provider's serializer): an
 *   answer that breaks its documented shape is a 500, never a silent drift from the document.
 *   Error answers are not declared per route and go out as the error envelope is built.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailure } from '../requests/zod-problems.js';

const gated = new Set(['body', 'querystring']);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === undefined || !gated.has(httpPart) || !(schema instanceof z.ZodType)) return () => true;
  return (data) => {
    // Fastify hands an absent body over as null; the handlers parsed it as undefined.
    const parsed = schema.safeParse(httpPart === 'body' && data === null ? undefined : data);
    return parsed.success ? { value: parsed.data } : { error: validationFailure(parsed.error) };
  };
};

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  route.schema instanceof z.ZodType ? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) : (data: unknown) => JSON.stringify(data);

/**
 * Types a handler's request.body and request.query as its schemas' parsed output. Answers are
 * checked at run time by serializerCompiler, not typed: a handler builds them from domain values.
 */
export interface ZodRequests extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}
