import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { documentedRoutes, envelopeOf, fillPath, type DocumentedRoute } from './routes.js';

/**
 * Hostile input on every documented route: random and mutated JSON bodies, wrong types, huge
 * and odd strings, prototype-pollution keys, odd content types, Idempotency-Keys and
 * Authorization headers, and odd, foreign or valid ids. Never a 5xx, always the envelope, never
 * a charge but for a 2xx that says so, and the ledger holds exactly those charges.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> (FUZZ_RUNS=<runs per
 * route> to run more).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const GSTIN = scenario('clean-company').identifiers.gstin!;
/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD as a client's UTF-8 would. */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
/** Sandbox examples that answer 503/504 on purpose (fault triggers, an upstream documented as down): not faults of ours. */
const FAULT_TRIGGER = /50[34]0|FAULT 50|answers 50[34]/;

interface Charged {
  requestId: string;
  amountInr: number;
}

describe('every documented route under hostile input', () => {
  let t: TestApp;
  let routes: DocumentedRoute[];
  /** Ids by kind: this account's (valid, finished), another account's, and the admin target's. */
  const own = { jobs: [] as string[], portfolios: [] as string[], runs: [] as string[] };
  const foreign = { jobs: [] as string[], portfolios: [] as string[] };
  let keyB: string;
  /** Account C: what the admin routes are fuzzed against (so the fuzzed account's limits stay as they are). */
  let target: { accountId: string; keyIds: string[] };
  const charged = new Map<string, Charged>();
  let ledgerMark: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { BV_WEBHOOK_ATTEMPTS: '1' } });
    routes = await documentedRoutes(t.app);
    // Enough money and rate for every run to reach the handlers.
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 100_000, reference: 'fuzz float', environment: 'sandbox' });
    await t.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { rate_limit_per_minute: 1_000_000 });
    const b = (await t.admin('POST', '/admin/v1/accounts', { name: 'B', balance_inr: 100 })).json() as { sandbox_key: string };
    keyB = b.sandbox_key;
    const c = (await t.admin('POST', '/admin/v1/accounts', { name: 'C', balance_inr: 10 })).json() as { account_id: string };
    const cKey = (await t.admin('POST', `/admin/v1/accounts/${c.account_id}/keys`, { environment: 'sandbox' })).json() as { key_id: string };
    target = { accountId: c.account_id, keyIds: [cKey.key_id] };

    // Finished jobs and runs to name (a running job's event stream would not end), then no workers:
    // what the fuzz starts stays queued, holding money but charging none.
    const workers = t.deps.startWorkers();
    for (const key of [t.sandboxKey, keyB]) {
      const job = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }] }, key);
      const jobId = job.json().data.job_id as string;
      await waitForJob(t.app, key, jobId);
      const portfolio = await t.post('/v1/portfolios', { name: 'fuzz', operation: 'gst.verify', schedule: { every: 'weekly' }, rows: [{ gstin: GSTIN }] }, key);
      const portfolioId = portfolio.json().data.portfolio_id as string;
      if (key === t.sandboxKey) {
        own.jobs.push(jobId);
        own.portfolios.push(portfolioId);
        const run = await t.post(`/v1/portfolios/${portfolioId}/run`, {});
        own.runs.push(run.json().data.run_id as string);
        await waitForJob(t.app, key, own.runs[0]!);
        own.portfolios.push((await t.post('/v1/portfolios', { name: 'fuzz 2', operation: 'business360', schedule: { cron: '0 6 * * 1' } })).json().data.portfolio_id as string);
      } else {
        foreign.jobs.push(jobId);
        foreign.portfolios.push(portfolioId);
      }
    }
    await workers.close();
    ledgerMark = ((await t.app.inject({ method: 'GET', url: '/v1/wallet/ledger?limit=1', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.entries as { id: string }[])[0]!.id;
  }, 120_000);
  afterAll(() => t.close());

  // ---- generators -------------------------------------------------------------------------

  const hostileString = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '', ' ', '\u0000', '\uFEFF', '\u202E', '\uD800', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'ＧＳＴＩＮ', `${GSTIN}\u0000`, ` ${GSTIN.toLowerCase()} `,
      '=HYPERLINK("http://x")', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '${jndi:ldap://x}',
      '{{7*7}}', 'NaN', 'null', 'true', '1e999', '__proto__', 'constructor', 'http://127.0.0.1/', 'http://169.254.169.254/',
    ),
    fc.integer({ min: 3, max: 5 }).map((power) => 'x'.repeat(10 ** power)),
  );
  const anyValue: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    hostileString,
    fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, null, [], {}, [null], { '': null }),
  );
  const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

  type Mutation = { kind: 'delete' | 'set' | 'retype' | 'nest'; key: string; value: unknown };
  const mutation = (keys: string[]): fc.Arbitrary<Mutation> =>
    fc.record({
      kind: fc.constantFrom('delete', 'set', 'retype', 'nest'),
      key: fc.oneof(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x'), fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 12 })),
      value: anyValue,
    }) as fc.Arbitrary<Mutation>;

  /** Own-property assignment: `obj.__proto__ = v` would set the prototype, not a key that JSON carries. */
  const define = (target: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

  function mutate(example: unknown, mutations: Mutation[]): unknown {
    const copy = JSON.parse(JSON.stringify(example)) as Record<string, unknown>;
    for (const mutation of mutations) {
      const { kind, key } = mutation;
      // A copy: anyValue's object constants are shared instances, and inserting one twice (or
      // into itself) would make a circular body and change the constant for later runs.
      const value = structuredClone(mutation.value);
      if (kind === 'delete') delete copy[key];
      else if (kind === 'set') define(copy, key, value);
      else if (kind === 'retype') define(copy, key, Array.isArray(copy[key]) ? { 0: copy[key] } : typeof copy[key] === 'string' ? [copy[key]] : String(JSON.stringify(copy[key])));
      else {
        // Inside an array of rows or modules, or a nested object.
        const inner = copy[key];
        if (Array.isArray(inner) && inner.length > 0) inner[0] = typeof inner[0] === 'object' && inner[0] !== null ? define({ ...(inner[0] as object) }, POLLUTING_KEYS[0]!, value) : value;
        else define(copy, key, { [key]: value });
      }
    }
    return copy;
  }

  const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);
  const RAW_BODIES = [
    '', 'null', '[]', '"x"', '0', '1e999', '{', '{"a":', `{"gstin":"${GSTIN}",}`, "{'gstin':1}", '\uFEFF{}', '{"a":1,"a":2}',
    '{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', nested('[', ']', 5000), nested('{"a":', '}', 5000).replace(/}$/, '1}'),
    `[${'1,'.repeat(50_000)}1]`, `{"rows":[${`{"gstin":"${GSTIN}"},`.repeat(2000)}{}]}`, '\u0000\u0001\u0002', '<?xml version="1.0"?><a/>', 'gstin=27AAPFU0939F1ZV',
  ];

  /** A body, shown shortened in fast-check's report (some are 100 kB). */
  interface Body {
    text: string | undefined;
    [fc.toStringMethod]: () => string;
  }
  const asBody = (text: string | undefined): Body => ({
    text,
    [fc.toStringMethod]: () => (text === undefined ? 'no body' : JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text)),
  });

  function bodyFor(route: DocumentedRoute): fc.Arbitrary<Body> {
    const examples = (route.jsonBody?.examples ?? []).filter((e) => !FAULT_TRIGGER.test(`${e.summary} ${JSON.stringify(e.value)}`)).map((e) => e.value);
    const keys = Object.keys(route.jsonBody?.schema.properties ?? {});
    const bases = examples.length > 0 ? examples : [Object.fromEntries(keys.map((k) => [k, 'x']))];
    return fc.oneof(
      { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...bases), fc.array(mutation(keys), { maxLength: 4 })).map(([base, ms]) => JSON.stringify(mutate(base, ms))) },
      { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
      { weight: 2, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...keys, ...POLLUTING_KEYS), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ).map(asBody);
  }

  const CONTENT_TYPES = [
    'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/vnd.api+json',
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'text/csv', '*/*', 'application/json, text/plain',
  ];
  const idempotencyKey = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom('', ' ', 'a'.repeat(255), 'a'.repeat(256), 'é', '\t', 'key with spaces', 'fuzz-fixed-key', '日本'),
  );

  interface Auth {
    who: string;
    value: string | string[] | undefined;
  }
  function authFor(route: DocumentedRoute): fc.Arbitrary<Auth> {
    const key = t.sandboxKey;
    const main = route.security === 'admin' ? `Bearer ${ADMIN_TOKEN}` : `Bearer ${key}`;
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<Auth>({ who: route.security === 'admin' ? 'admin token' : 'own sandbox key', value: main }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom<Auth>(
          { who: 'own live key', value: `Bearer ${t.liveKey}` },
          { who: "account B's key", value: `Bearer ${keyB}` },
          { who: 'admin token', value: `Bearer ${ADMIN_TOKEN}` },
          { who: 'own key (on an admin route)', value: `Bearer ${key}` },
          { who: 'no header', value: undefined },
          { who: 'empty bearer', value: 'Bearer ' },
          { who: 'lower-case scheme', value: `bearer ${key}` },
          { who: 'two Authorization headers', value: [`Bearer ${key}`, `Bearer ${ADMIN_TOKEN}`] },
          { who: 'trailing junk', value: `Bearer ${key} x` },
          { who: 'tampered key', value: `Bearer ${key.slice(0, -2)}zz` },
          { who: 'Basic', value: `Basic ${Buffer.from(`u:${key}`).toString('base64')}` },
          { who: 'huge token', value: `Bearer bv_test_${'a'.repeat(8000)}` },
        ),
      },
    );
  }

  const ODD_IDS = ['..', '.', '%zz', '%', '%00', '%2e%2e%2f', '__proto__', 'constructor', 'null', 'undefined', ' ', 'job_', 'pf_', 'x'.repeat(2000), '😀', 'JOB_00000000000000000000'];
  function idFor(param: string, route: DocumentedRoute): fc.Arbitrary<{ value: string; raw: boolean }> {
    const valid =
      route.security === 'admin'
        ? param === 'keyId' ? target.keyIds : [target.accountId]
        : param === 'run' ? [...own.runs, ...foreign.jobs]
        : param === 'identifier' ? [GSTIN, GSTIN.toLowerCase()]
        : route.path.startsWith('/v1/bulk/') ? [...own.jobs, ...foreign.jobs, ...own.runs]
        : [...own.portfolios, ...foreign.portfolios];
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...valid).map((value) => ({ value, raw: false })) },
      { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map((value) => ({ value, raw: false })) },
      { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS).map((value) => ({ value, raw: /^%|^\.\.?$/.test(value) })) },
    );
  }

  const query = fc.option(
    fc.array(fc.tuple(fc.constantFrom('limit', 'cursor', 'operation', 'token', '__proto__', 'a[b]', 'limit[]', 'include'), hostileString.filter((s) => s.length < 200)), { maxLength: 3 })
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
    { nil: undefined },
  );
  const extraHeaders = fc.option(
    fc.constantFrom<Record<string, string>>(
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-request-id': 'req_forged' },
      { accept: 'text/html' },
      { 'content-encoding': 'gzip' },
      { 'accept-encoding': 'br, gzip' },
      { expect: '100-continue' },
      { 'x-http-method-override': 'DELETE' },
    ),
    { nil: undefined },
  );

  /** A multipart body as clients send them, and as they break them. */
  const multipartBody = fc.record({
    fields: fc.array(fc.tuple(fc.constantFrom('operation', 'name', 'webhook_url', 'file', 'extra'), hostileString.filter((s) => s.length < 5000)), { maxLength: 4 }),
    csv: fc.oneof(fc.constantFrom(`gstin\n${GSTIN}\n`, `\uFEFFGSTIN\r\n"${GSTIN}"\r\n`, 'gstin\n', '', 'a,b\n1,2,3\n', '"unclosed\n'), fc.string({ maxLength: 300 })),
    fileField: fc.constantFrom('file', 'file', 'other'),
    operation: fc.constantFrom('gst.verify', 'pan.verify', 'business360', 'nope', ''),
    truncate: fc.boolean(),
  });

  // ---- the property -------------------------------------------------------------------------

  async function check(route: DocumentedRoute, input: {
    ids: { value: string; raw: boolean }[];
    body: Body;
    contentType: string | undefined;
    idempotencyKey: string | undefined;
    auth: Auth;
    query: string | undefined;
    extra: Record<string, string> | undefined;
    multipart: { fields: [string, string][]; csv: string; fileField: string; operation: string; truncate: boolean } | undefined;
  }): Promise<void> {
    let index = 0;
    const path = route.path.replace(/\{(\w+)\}/g, () => {
      const id = input.ids[index++]!;
      return id.raw ? id.value : encode(id.value);
    });
    const url = input.query === undefined ? path : `${path}?${input.query}`;
    const headers: Record<string, string | string[]> = {};
    if (input.auth.value !== undefined) headers.authorization = input.auth.value;
    if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
    if (input.contentType !== undefined) headers['content-type'] = input.contentType;
    Object.assign(headers, input.extra);
    let options: InjectOptions = { method: route.method, url, headers, ...(input.body.text === undefined ? {} : { payload: input.body.text }) };
    if (input.multipart !== undefined) {
      const m = input.multipart;
      const upload = multipartUpload(typeof input.auth.value === 'string' ? input.auth.value.replace(/^Bearer /, '') : '', Object.fromEntries([['operation', m.operation], ...m.fields]), { name: 'f.csv', csv: m.csv }, url);
      let payload = String(upload.payload);
      if (m.fileField !== 'file') payload = payload.replace('name="file"', `name="${m.fileField}"`);
      if (m.truncate) payload = payload.slice(0, Math.floor(payload.length / 2));
      options = { ...upload, payload, headers: { ...upload.headers, ...headers, 'content-type': String(upload.headers!['content-type']) } };
    }
    // Only what an HTTP client could send: invalid header bytes never reach a server.
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      try {
        validateHeaderName(name);
        for (const v of [value].flat()) validateHeaderValue(name, String(v));
      } catch {
        delete (options.headers as Record<string, unknown>)[name];
      }
    }

    const response = await t.app.inject(options);
    const what = `${route.method} ${url.slice(0, 200)} (${input.auth.who})`;
    // This service has no live sources configured: a live key's check answers the documented
    // 503 "No live source is configured" (docs/api.md), which is not a fault.
    const noLiveSource = input.auth.who === 'own live key' && response.statusCode === 503 && /"code":"PROVIDER_UNAVAILABLE"/.test(response.body);
    if (!noLiveSource) expect(response.statusCode, `${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode === 204) return;
    // Files (results, change reports) are downloads, not envelopes.
    const download = String(response.headers['content-disposition'] ?? '').startsWith('attachment');
    if (response.statusCode >= 400 || (route.security === 'customer' && type.startsWith('application/json') && !download)) {
      const body = envelopeOf(response, what);
      if (body.meta.charged) {
        expect(response.statusCode, what).toBeLessThan(300);
        expect(body.meta.amount_inr, what).toBeGreaterThan(0);
        // Account B's charges go to B's ledger; the ledger checked below is this account's.
        const ownKey = [input.auth.value].flat().some((v) => v !== undefined && (v.includes(t.sandboxKey) || v.includes(t.liveKey)));
        if (ownKey) charged.set(body.request_id, { requestId: body.request_id, amountInr: body.meta.amount_inr });
      } else {
        expect(body.meta.amount_inr, what).toBe(0);
      }
    }
    // No request may pollute the process's prototypes.
    expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
  }

  it('never answers 5xx, always answers the envelope, and charges only with a 2xx that says so', async () => {
    const walked = new Set<string>();
    for (const route of routes) {
      walked.add(`${route.method} ${route.path}`);
      const input = fc.record({
        ids: fc.tuple(...route.params.map((param) => idFor(param, route))),
        body: bodyFor(route),
        contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 3 }).map((ct) => ct ?? 'application/json'),
        idempotencyKey: fc.option(idempotencyKey, { nil: undefined, freq: 2 }),
        auth: authFor(route),
        query,
        extra: extraHeaders,
        multipart: route.multipart ? fc.option(multipartBody, { nil: undefined, freq: 2 }) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(fc.constant(`${route.method} ${route.path}`), input, async (_name, generated) => check(route, generated as never)),
        { numRuns: RUNS_PER_ROUTE, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
    }
    expect(walked.size).toBe(routes.length);
    expect(routes.length).toBeGreaterThanOrEqual(45);
  }, 240_000);

  it('leaves exactly the charges those 2xx answers announced in the ledger, and the books balanced', async () => {
    const entries: { id: string; type: string; amount_inr: number; reference: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = (await t.app.inject({
        method: 'GET',
        url: `/v1/wallet/ledger?limit=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        headers: { authorization: `Bearer ${t.sandboxKey}` },
      })).json().data as { entries: typeof entries; next_cursor: string | null };
      // Newest first: what comes before the mark is what the fuzz did.
      const mark = page.entries.findIndex((e) => e.id === ledgerMark);
      entries.push(...(mark === -1 ? page.entries : page.entries.slice(0, mark)));
      cursor = mark === -1 ? page.next_cursor : null;
    } while (cursor !== null);
    const commits = entries.filter((e) => e.type === 'commit');
    for (const commit of commits) {
      expect(charged.has(commit.reference), `a charge (${commit.amount_inr} INR, ${commit.reference}) no 2xx announced`).toBe(true);
      expect(Math.abs(commit.amount_inr)).toBeCloseTo(charged.get(commit.reference)!.amountInr, 2);
    }
    expect(commits.map((c) => c.reference).sort()).toEqual([...charged.keys()].sort());
    const books = (await t.admin('GET', `/admin/v1/accounts/${t.accountId}/reconcile`)).json() as { ok: boolean; problems: unknown[] };
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);
  });
});

describe('fillPath', () => {
  it('asks for a value for every parameter', () => {
    expect(() => fillPath({ method: 'GET', path: '/x/{nope}', security: 'none', params: ['nope'], multipart: false }, () => undefined)).toThrow(/no test value/);
  });
});
