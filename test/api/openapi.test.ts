import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../../src/domain/operations.js';
import { ERROR_CATALOGUE } from '../../src/errors.js';
import { DRIFTING_SCENARIOS } from '../../src/sources/sandbox/drifting-scenarios.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { SCENARIO_CASES, SCENARIOS } from '../helpers/scenarios.js';
import { inlineSharedParts } from '../helpers/openapi-shared-parts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, OperationDoc | undefined>>;
  components: { schemas: Record<string, unknown> };
}
interface OperationDoc {
  parameters?: unknown[];
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, HeaderDoc> }>;
}
interface HeaderDoc {
  description: string;
  required?: boolean;
  schema: { type: string; enum?: string[] };
}

const CASES = SCENARIO_CASES;

describe("OpenAPI document: a run's change report", () => {
  it('answers changes.json as the documented array of changes', { timeout: 30_000 }, async () => {
    const t = await createTestApp();
    try {
      t.deps.startWorkers();
      const doc = inlineSharedParts((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDoc);
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
      const gstin = DRIFTING_SCENARIOS.find((s) => s.name === 'drifting-gst-status')!.identifiers.gstin!;
      const pf = (await t.post('/v1/portfolios', { name: 'doc changes', operation: 'gst.verify', schedule: { every: 'daily' }, rows: [{ gstin }] })).json().data.portfolio_id as string;
      const runOnce = async () => {
        const run = (await t.post(`/v1/portfolios/${pf}/run`, {})).json().data.run_id as string;
        await waitForJob(t.app, t.sandboxKey, run);
        for (let i = 0; i < 400; i++) {
          const res = await get(`/v1/portfolios/${pf}/runs/${run}/changes.json`);
          if (res.statusCode === 200) return res;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`run ${run}'s report was not written`);
      };
      await runOnce();
      await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { advance_days: 7 });
      const report = await runOnce();
      expect((report.json() as unknown[]).length).toBeGreaterThan(0);
      const validate = new Ajv2020({ strict: false, allErrors: true }).compile(responseSchema(doc, '/v1/portfolios/{id}/runs/{run}/changes.json', 200, 'get'));
      expect(validate(report.json()), JSON.stringify(validate.errors)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

/** "METHOD /path/{param}" for every route in Fastify's printed route tree (HEAD twins left out). */
function registeredRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (m === null) continue;
    const depth = m[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + m[2]!;
    prefixes[depth] = url;
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
  }
  return routes;
}

/** A documented response's JSON schema, as a standalone schema that can resolve the document's components. */
function responseSchema(doc: OpenApiDoc, path: string, status: number, method = 'post'): object {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${method.toUpperCase()} ${path} documents no JSON ${status} response`);
  return { ...(schema as object), components: doc.components };
}

/** Every header the document says an answer always carries is on the answer, of its documented type. */
function expectDocumentedHeaders(doc: OpenApiDoc, method: string, path: string, res: { statusCode: number; headers: Record<string, unknown> }): void {
  const headers = doc.paths[path]?.[method]?.responses[String(res.statusCode)]?.headers ?? {};
  expect(Object.keys(headers), `${method.toUpperCase()} ${path} ${res.statusCode} documents X-Request-Id`).toContain('X-Request-Id');
  for (const [name, header] of Object.entries(headers)) {
    const value = res.headers[name.toLowerCase()];
    if (header.required === true) expect(value, `${method.toUpperCase()} ${path} ${res.statusCode} sends ${name}`).toBeDefined();
    if (value === undefined) continue;
    if (header.schema.type === 'integer') expect(String(value), name).toMatch(/^\d+$/);
    if (header.schema.enum !== undefined) expect(header.schema.enum, name).toContain(String(value));
  }
}

/** A documented JSON request body's schema, standalone. */
function requestSchema(doc: OpenApiDoc, path: string): object {
  const schema = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema;
  if (schema === undefined) throw new Error(`POST ${path} documents no JSON body`);
  return { ...(schema as object), components: doc.components };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let served: OpenApiDoc;
  let doc: OpenApiDoc;
  let ajv: Ajv2020;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    served = res.json();
    doc = inlineSharedParts(served);
    // The document's $refs point at #/components/schemas/...: each checked schema carries them.
    ajv = new Ajv2020({ strict: false, allErrors: true });
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(served) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every customer and admin route, and nothing that is not API', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const expected = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => /^\w+ \/(v1|admin\/v1)\//.test(r));
    expect(expected.length).toBeGreaterThan(40);
    // Beyond /v1 and /admin/v1: /healthz, /readyz and /metrics.
    expect(documented.size).toBe(expected.length + 3);
    for (const route of expected) expect(documented, route).toContain(route);
    expect([...documented].filter((r) => r.includes('/docs') || r.includes('/console') || r.includes('/admin/queues'))).toEqual([]);
  });

  it('documents each operation: body with sandbox examples, bearer security, success and every error', () => {
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      const op = doc.paths[OPERATIONS[name].path]?.post;
      expect(op, name).toBeDefined();
      expect(op!.security).toEqual([{ apiKey: [] }]);
      const media = op!.requestBody!.content['application/json']!;
      expect(Object.keys(media.examples ?? {}).length, `${name} examples`).toBeGreaterThan(0);
      for (const status of ['200', '400', '401', '402', '404', '409', '422', '429', '500', '503', '504']) {
        expect(op!.responses[status], `${name} ${status}`).toBeDefined();
      }
      // docs/money.md "Idempotency-Key"'s whole rule for the key (1 to 255 printable ASCII), not its length alone.
      expect(op!.parameters, name).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false, schema: expect.objectContaining({ minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' }) }),
      );
      // Every error status names its codes from the catalogue.
      expect(op!.responses['404']!.description).toContain('RECORD_NOT_FOUND');
      expect(op!.responses['503']!.description).toContain('PROVIDER_UNAVAILABLE');
    }
    // Every code of the catalogue is documented somewhere.
    const text = JSON.stringify(doc.paths);
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(text, code).toContain(code);
  });

  it("documents every meta field of the envelope", () => {
    const meta = doc.components.schemas['Meta'] as { properties: Record<string, { description?: string }>; required: string[] };
    expect(Object.keys(meta.properties).sort()).toEqual(['amount_inr', 'charged', 'checks', 'data_freshness', 'environment', 'latency_ms', 'timestamp']);
    for (const [field, schema] of Object.entries(meta.properties)) expect(schema.description, field).toBeTruthy();
    const b360 = doc.components.schemas['Business360Meta'] as { properties: Record<string, { description?: string }> };
    for (const field of ['modules_requested', 'modules_succeeded', 'pricing']) expect(b360.properties[field]?.description, field).toBeTruthy();
  });

  it('sends every documented request example as written and gets the status its scenario promises', async () => {
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      const examples = doc.paths[OPERATIONS[name].path]!.post!.requestBody!.content['application/json']!.examples!;
      for (const [example, { value }] of Object.entries(examples)) {
        const res = await t.post(OPERATIONS[name].path, value);
        const promised = /answers (\d{3})/.exec((examples[example] as { summary?: string }).summary ?? '')?.[1];
        expect(res.statusCode, `${name} ${example}`).toBe(promised === undefined ? 200 : Number(promised));
      }
    }
  });

  // The point of the document: what it says each operation returns is what it returns.
  it.each(CASES.filter((c) => c.body !== undefined))(
    '$check for scenario $scenario answers $status as documented',
    async ({ check, status, body }) => {
      const res = await t.post(OPERATIONS[check].path, body);
      expect(res.statusCode).toBe(status);
      expectDocumentedHeaders(doc, 'post', OPERATIONS[check].path, res);
      const validate = ajv.compile(responseSchema(doc, OPERATIONS[check].path, status));
      const ok = validate(res.json());
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(ok).toBe(true);
    },
  );

  it('business360 answers as documented for flagged scenarios', async () => {
    const validate = ajv.compile(responseSchema(doc, OPERATIONS.business360.path, 200));
    for (const scenario of SCENARIOS.filter((s) => s.identifiers.gstin !== undefined).slice(0, 6)) {
      const res = await t.post(OPERATIONS.business360.path, { gstin: scenario.identifiers.gstin });
      expect(res.statusCode, scenario.name).toBe(200);
      expect(validate(res.json()), `${scenario.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("business360's errors answer as documented, with the bundle's meta", async () => {
    const path = OPERATIONS.business360.path;
    // checks: the modules that asked their source before the call failed; none for a bad body.
    for (const [body, status, checks] of [
      [{ gstin: '27ZZZCZ0404Z1ZT' }, 404, 4],
      [{ gstin: '27ZZZCZ5030Z1ZL' }, 503, 4],
      [{ gstin: 'bad' }, 400, 0],
    ] as const) {
      const res = await t.post(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const validate = ajv.compile(responseSchema(doc, path, status));
      expect(validate(res.json()), `${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(res.json().meta, JSON.stringify(body)).toMatchObject({ checks, modules_requested: 6, modules_succeeded: 0 });
    }
  });

  it('documents request bodies that accept what the API accepts: the examples, and identifiers in any case with spaces', async () => {
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      const path = OPERATIONS[name].path;
      const validate = ajv.compile(requestSchema(doc, path));
      for (const { value, summary } of Object.values(doc.paths[path]!.post!.requestBody!.content['application/json']!.examples!) as { value: unknown; summary?: string }[]) {
        expect(validate(value), `${name} ${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
        const loose = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? ` ${v.toLowerCase()} ` : v]));
        expect(validate(loose), `${name} ${JSON.stringify(loose)}`).toBe(true);
        // The API answers it as it answers the example itself.
        const promised = Number(/answers (\d{3})/.exec(summary ?? '')?.[1] ?? 200);
        expect((await t.post(path, loose)).statusCode, `${name} ${JSON.stringify(loose)}`).toBe(promised);
      }
      expect(validate({ unknown_field: 1 }), `${name} rejects unknown fields`).toBe(false);
    }
  });

  it('answers the resource routes as documented (wallet, bulk jobs, webhooks, portfolios, admin)', async () => {
    const check = (method: string, path: string, res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
      expectDocumentedHeaders(doc, method, path, res);
      const validate = ajv.compile(responseSchema(doc, path, res.statusCode, method));
      expect(validate(res.json()), `${method.toUpperCase()} ${path} ${res.statusCode}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    check('get', '/v1/wallet', await get('/v1/wallet'));
    check('get', '/v1/wallet/ledger', await get('/v1/wallet/ledger?limit=5'));
    check('get', '/v1/wallet/ledger', await get('/v1/wallet/ledger?limit=0'));
    const gstin = SCENARIOS.find((s) => s.expect['gst.verify'] === 200)!.identifiers.gstin!;
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin }] });
    expect(created.statusCode).toBe(202);
    check('post', '/v1/bulk/jobs', created);
    check('post', '/v1/bulk/jobs', await t.post('/v1/bulk/jobs', { operation: 'no.such', rows: [] }));
    const jobId = (created.json() as { data: { job_id: string } }).data.job_id;
    check('get', '/v1/bulk/jobs', await get('/v1/bulk/jobs'));
    check('get', '/v1/bulk/jobs/{id}', await get(`/v1/bulk/jobs/${jobId}`));
    check('get', '/v1/bulk/jobs/{id}', await get('/v1/bulk/jobs/job_00000000000000000000'));
    check('get', '/v1/bulk/jobs/{id}/webhook-deliveries', await get(`/v1/bulk/jobs/${jobId}/webhook-deliveries`));
    check('post', '/v1/bulk/jobs/{id}/cancel', await t.post(`/v1/bulk/jobs/${jobId}/cancel`, {}));
    // Not finished (409) or finished (a page; a retry with nothing failed is a 400): each as documented.
    check('get', '/v1/bulk/jobs/{id}/results', await get(`/v1/bulk/jobs/${jobId}/results?outcome=ok&limit=5`));
    check('get', '/v1/bulk/jobs/{id}/results', await get(`/v1/bulk/jobs/${jobId}/results?cursor=nonsense`));
    check('post', '/v1/bulk/jobs/{id}/retry', await t.post(`/v1/bulk/jobs/${jobId}/retry`, {}));
    check('get', '/v1/webhooks/secret', await get('/v1/webhooks/secret'));
    check('get', '/healthz', await get('/healthz'));
    check('get', '/readyz', await get('/readyz'));
    check('post', '/v1/webhooks/secret/rotate', await t.post('/v1/webhooks/secret/rotate', {}));
    const portfolio = await t.post('/v1/portfolios', { name: 'doc check', operation: 'gst.verify', schedule: { every: 'weekly' }, rows: [{ gstin }] });
    check('post', '/v1/portfolios', portfolio);
    check('post', '/v1/portfolios', await t.post('/v1/portfolios', { name: 'bad', operation: 'gst.verify', schedule: { cron: '* * * * * *' } }));
    const pf = (portfolio.json() as { data: { portfolio_id: string } }).data.portfolio_id;
    check('get', '/v1/portfolios', await get('/v1/portfolios'));
    check('get', '/v1/portfolios/{id}', await get(`/v1/portfolios/${pf}`));
    check('get', '/v1/portfolios/{id}/rows', await get(`/v1/portfolios/${pf}/rows`));
    check('post', '/v1/portfolios/{id}/rows', await t.post(`/v1/portfolios/${pf}/rows`, { rows: [{ gstin }] }));
    check('post', '/v1/portfolios/{id}/run', await t.post(`/v1/portfolios/${pf}/run`, {}));
    check('get', '/v1/portfolios/{id}/runs', await get(`/v1/portfolios/${pf}/runs`));
    check('delete', '/v1/portfolios/{id}/rows/{identifier}', await t.app.inject({ method: 'DELETE', url: `/v1/portfolios/${pf}/rows/${gstin}`, headers: { authorization: `Bearer ${t.sandboxKey}` } }));
    check('get', '/v1/wallet', await t.app.inject({ method: 'GET', url: '/v1/wallet' }));
    check('get', '/admin/v1/accounts/{id}', await t.admin('GET', `/admin/v1/accounts/${t.accountId}`));
    check('post', '/admin/v1/accounts/{id}/credits', await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 1, reference: 'doc check' }));
    check('get', '/readyz', await t.app.inject({ method: 'GET', url: '/readyz' }));
  });

  it("documents docs/api.md's response headers where each is sent, and the answers carry them", async () => {
    const verify = doc.paths[OPERATIONS['gst.verify'].path]!.post!.responses;
    const names = (status: string) => Object.keys(verify[status]?.headers ?? {}).sort();
    const limit = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    expect(names('200')).toEqual(['Idempotent-Replayed', ...limit, 'X-Request-Id'].sort());
    // A 401 is counted against its client address; 401 and 429 are never stored under a key.
    expect(names('401')).toEqual([...limit, 'X-Request-Id'].sort());
    expect(names('429')).toEqual([...limit, 'Retry-After', 'X-Request-Id'].sort());
    expect(verify['429']!.headers!['Retry-After']!.required).toBe(true);
    expect(verify['409']!.headers!['Retry-After']!.required).toBeUndefined();
    // Only a kept answer is replayed: a 400 is, a 402, 409 or 5xx never. A 5xx may come from the limiter itself.
    for (const status of ['400']) expect(names(status), status).toContain('Idempotent-Replayed');
    for (const status of ['402', '409', '500', '503']) expect(names(status), status).not.toContain('Idempotent-Replayed');
    expect(verify['500']!.headers!['RateLimit-Limit']!.required).toBeUndefined();
    expect(verify['402']!.headers!['RateLimit-Limit']!.required).toBe(true);
    // GETs take no Idempotency-Key; admin routes have no rate limit.
    expect(Object.keys(doc.paths['/v1/wallet']!.get!.responses['200']!.headers!)).not.toContain('Idempotent-Replayed');
    expect(Object.keys(doc.paths['/admin/v1/accounts/{id}']!.get!.responses['200']!.headers!)).toEqual(['X-Request-Id']);

    const body = { gstin: SCENARIOS.find((s) => s.expect['gst.verify'] === 200)!.identifiers.gstin! };
    const path = OPERATIONS['gst.verify'].path;
    expectDocumentedHeaders(doc, 'post', path, await t.post(path, body, null));
    const refusedKey = await t.post(path, body, 'bv_test_unknown');
    expect(refusedKey.statusCode).toBe(401);
    expectDocumentedHeaders(doc, 'post', path, refusedKey);
    const keyed = (idempotencyKey: string, key = t.sandboxKey) =>
      t.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey }, payload: body });
    const first = await keyed('doc-headers-1');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await keyed('doc-headers-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectDocumentedHeaders(doc, 'post', path, replay);

    const limited = await t.admin('POST', '/admin/v1/accounts', { name: 'doc headers', balance_inr: 10, rate_limit_per_minute: 1 });
    const key = (limited.json() as { sandbox_key: string }).sandbox_key;
    expect((await t.post(path, body, key)).statusCode).toBe(200);
    const refused = await t.post(path, body, key);
    expect(refused.statusCode).toBe(429);
    expectDocumentedHeaders(doc, 'post', path, refused);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });

  it('catches a response that breaks the documented schema', () => {
    // Guards the check above against passing vacuously (a schema that accepts anything).
    const validate = ajv.compile(responseSchema(doc, OPERATIONS['gst.verify'].path, 200));
    expect(validate({ success: true })).toBe(false);
    const job = ajv.compile(responseSchema(doc, '/v1/bulk/jobs/{id}', 200, 'get'));
    expect(job({ success: true, request_id: 'req_0', api: 'bulk.get', version: '2026-10-01', data: { job_id: 'job_1' }, meta: {} })).toBe(false);
    const validateError = ajv.compile(responseSchema(doc, OPERATIONS['gst.verify'].path, 404));
    expect(validateError({ success: false, error: { code: 'X' } })).toBe(false);
  });

  it('serves the interactive reference at /docs without any outside host', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\.[a-z]{2,}\/[^"']*\.(js|css)/i);
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
  });
});
