import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from '../../src/api/schema-compilers.js';
import { AppError } from '../../src/errors.js';
import { bodyObject, gstinField } from '../../src/requests/fields.js';

const route = { method: 'POST', url: '/v1/example' };
const Body = bodyObject({ gstin: gstinField });

describe('validatorCompiler (a documented route\'s zod schemas gate its requests)', () => {
  const validateBody = validatorCompiler({ ...route, schema: Body, httpPart: 'body' }) as (data: unknown) => { value?: unknown; error?: unknown };

  it('hands the handler the parsed body: the identifier normalised', () => {
    expect(validateBody({ gstin: ' 27aapfu0939f1zv ' })).toEqual({ value: { gstin: '27AAPFU0939F1ZV' } });
  });

  it("refuses with the contract's 400, naming each field and rule, as the handlers' parse did", () => {
    const { error } = validateBody({ gstin: '27AAPFU0939F1ZW', extra: 1 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    expect((error as AppError).details).toEqual([
      { field: 'gstin', message: expect.stringMatching(/^checksum: /) },
      { field: 'extra', message: 'is not allowed (additional properties are rejected)' },
    ]);
  });

  it('reads an absent body (which Fastify hands over as null) as the handlers did: undefined', () => {
    const validate = validatorCompiler({ ...route, schema: z.strictObject({}).optional(), httpPart: 'body' }) as (data: unknown) => { value?: unknown };
    expect(validate(null)).toEqual({ value: undefined });
  });

  it('documents params and headers without gating them (an unknown id is a 404; the idempotency hook checks its header)', () => {
    const id = z.object({ id: z.string().regex(/^job_[0-9a-f]{20}$/) });
    expect((validatorCompiler({ ...route, schema: id, httpPart: 'params' }) as (data: unknown) => unknown)({ id: 'nonsense' })).toBe(true);
    expect((validatorCompiler({ ...route, schema: id, httpPart: 'headers' }) as (data: unknown) => unknown)({ authorization: 'x' })).toBe(true);
  });
});

describe('serializerCompiler (answers go out as their schema says)', () => {
  const Answer = z.strictObject({ ok: z.literal(true), count: z.number().int() });
  const serialize = serializerCompiler({ ...route, schema: Answer, httpStatus: '200' }) as (data: unknown) => string;

  it('writes an answer that fits its schema', () => {
    expect(serialize({ ok: true, count: 2 })).toBe('{"ok":true,"count":2}');
  });

  it('refuses an answer that breaks it (a 500), rather than sending what the document does not promise', () => {
    expect(() => serialize({ ok: true, count: 2.5 })).toThrow();
    expect(() => serialize({ ok: true, count: 2, secret: 'x' })).toThrow();
  });
});
