import { OPERATIONS } from '../../src/domain/operations.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIOS } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const read = (file: string): string => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
/** The documents whose curl examples are checked here, by path and body. */
const API = read('docs/api.md');
const PORTFOLIOS = read('docs/portfolios.md');
const ITC = read('docs/itc-check.md');
const SANDBOX = read('docs/sandbox.md');

/** Every `curl -s $BV/v1/... -d '<json>'` example in a document, as path and body. */
const examplesOf = (doc: string): { path: string; body: string }[] => [...doc.matchAll(/curl -s \$BV(\/v1\/[a-z0-9/-]+) [^`]*?-d '([^']+)'/g)].map((m) => ({
  path: m[1] as string,
  body: m[2] as string,
}));
const OPERATION_PATHS = new Set<string>(Object.values(OPERATIONS).map((op) => op.path));
/** The ten operations' examples (docs/api.md's table). */
const EXAMPLES = examplesOf(API).filter((e) => OPERATION_PATHS.has(e.path));

describe('README and docs/ curl examples', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows a curl example for each of the ten operations', () => {
    expect(new Set(EXAMPLES.map((e) => e.path))).toEqual(new Set(Object.values(OPERATIONS).map((op) => op.path)));
  });

  it.each(EXAMPLES)('curl example for $path answers 200 on a sandbox key', async ({ path, body }) => {
    const res = await t.post(path, body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('creates the portfolio of the Portfolios example (docs/portfolios.md)', async () => {
    const example = examplesOf(PORTFOLIOS).find((e) => e.path === '/v1/portfolios');
    const res = await t.post('/v1/portfolios', example?.body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.rows).toBe(4);
    // Its pasted-lines example adds what it says, and names the bad line.
    const pasted = /curl -s \$BV\/v1\/portfolios\/\$PF\/rows [^`]*?-d '(\{"text"[^']+)'/.exec(PORTFOLIOS)?.[1];
    expect(pasted).toBeDefined();
    const added = await t.post(`/v1/portfolios/${res.json().data.portfolio_id as string}/rows`, pasted);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ added: 1, invalid: 1, invalid_rows: [{ line: 2 }] });
    const rows = (await t.app.inject({ method: 'GET', url: `/v1/portfolios/${res.json().data.portfolio_id as string}/rows`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.rows as { vendor_name: string }[];
    expect(rows.map((row) => row.vendor_name).sort()).toEqual(['Clean Co', 'Gujarat Castings', 'Patel & Sons', 'Rao Printers', 'Sharma Traders']);
  });

  it('answers the ITC check example as docs/itc-check.md says: the first invoice to reverse, the second eligible', async () => {
    const example = examplesOf(ITC).find((e) => e.path === '/v1/gst/itc-check');
    const res = await t.post('/v1/gst/itc-check', example?.body);
    expect(res.statusCode, res.body).toBe(200);
    const invoices = res.json().data.invoices as { verdict: string; reverse_by: string | null; tax_at_risk_inr: number }[];
    expect(invoices.map((i) => [i.verdict, i.reverse_by, i.tax_at_risk_inr])).toEqual([
      ['reverse', '2025-11-30', 18000],
      ['eligible', null, 0],
    ]);
  });

  it('lists every published scenario identifier (docs/sandbox.md)', () => {
    for (const scenario of SCENARIOS) {
      expect(SANDBOX, scenario.name).toContain(`| ${scenario.name} |`);
      for (const value of Object.values(scenario.identifiers)) expect(SANDBOX, `${scenario.name} ${value}`).toContain(`\`${value}\``);
    }
  });

  it('matches the PAN Verify example name to the holder', async () => {
    const example = EXAMPLES.find((e) => e.path === '/v1/pan/verify');
    const res = await t.post('/v1/pan/verify', example?.body);
    expect(res.json().data.name_match.result).toBe('match');
  });
});
