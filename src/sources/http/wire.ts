/**
 * Zod building blocks for tolerant wire schemas, and the step from a parsed JSON body to a
 * typed one. Upstreams leave keys out, send null, numbers for strings and keys we never asked
 * for: the schemas accept all of that and only reject a body whose shape is wrong.
 */
import { z } from 'zod';
import type { FailureOutcome } from '../port.js';

/** A scalar wire value that the domain's textOf() reads: missing, null, a string or a number. */
export const wireText = z.union([z.string(), z.number(), z.null()]).optional();

/** A list that may be missing or null, and read as empty then. */
export function wireList<T extends z.ZodType>(item: T) {
  return z.array(item).nullish();
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; outcome: FailureOutcome; message: string };

export function parseWire<T extends z.ZodType>(schema: T, body: unknown, what: string): Parsed<z.output<T>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'the body' : issue.path.join('.');
  return { ok: false, outcome: 'bad_response', message: `${what}: unexpected shape at ${where}` };
}
