import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('GET /', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a browser opened at the service address to the console, relative so a proxy prefix keeps working', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('console/');
    const page = await t.app.inject({ method: 'GET', url: new URL(res.headers.location as string, 'http://service/').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('is not an API operation: /openapi.json does not document it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/');
  });
});
