import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../../src/api/error-handler.js';
import { registerOpenApi } from '../../src/api/openapi/register-openapi.js';
import type { RouteDoc } from '../../src/api/openapi/route-doc.js';
import '../../src/api/request-context.js';
import { bodyObject, gstinField } from '../../src/requests/fields.js';

/** A documented route, as the app's are: its schema gates the request and shapes the answer. */
async function appWith(doc: RouteDoc, answer: (body: unknown) => unknown) {
  const app = Fastify();
  app.decorateRequest('startedAtMs', 0);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('errorCode', undefined);
  registerErrorHandling(app);
  await registerOpenApi(app);
  app.post('/probe', { schema: doc }, async (request) => answer(request.body));
  return app;
}

const doc = {
  operationId: 'probe',
  summary: 'A probe',
  tags: ['Health'],
  auth: 'none',
  body: bodyObject({ gstin: gstinField }),
  response: { 200: z.strictObject({ gstin: z.string() }) },
  errors: ['VALIDATION_FAILED'],
} satisfies RouteDoc;

describe('a documented route (RouteDoc as its schema)', () => {
  it('hands its handler the parsed body and answers through its response schema', async () => {
    const app = await appWith(doc, (body) => body);
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { gstin: ' 27aapfu0939f1zv ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gstin: '27AAPFU0939F1ZV' });
    await app.close();
  });

  it('refuses a body its schema refuses with 400 VALIDATION_FAILED, before the handler runs', async () => {
    let ran = false;
    const app = await appWith(doc, () => (ran = true));
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { gstin: 27 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'gstin', message: expect.stringMatching(/must be a string/) }] });
    expect(ran).toBe(false);
    await app.close();
  });

  it('answers 500 rather than send an answer its documented schema does not allow', async () => {
    const app = await appWith(doc, () => ({ gstin: '27AAPFU0939F1ZV', secret: 'not in the document' }));
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { gstin: '27AAPFU0939F1ZV' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not in the document');
    await app.close();
  });
});
