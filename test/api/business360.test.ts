import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Business360EnvelopeShape } from '../../src/api/schemas/records.js';
import { countingSandbox } from '../helpers/counting-source.js';
import { scenario, SCENARIOS } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Wrapper = { status: string; data: unknown; reason?: string; error?: { code: string }; charged: boolean; amount_inr: number; attempts: number; latency_ms: number };
type Profile = {
  summary: { legal_name: string | null; entity_type: string | null; pan: string | null; gstin: string | null; cin: string | null; llpin: string | null; state: string | null; risk: { level: string; flags: { code: string; severity: string; module: string }[] } };
} & Record<'gst' | 'gst_returns' | 'pan' | 'company' | 'directors' | 'cin_pan', Wrapper>;
type Body = { data: Profile; meta: Record<string, unknown>; error?: { code: string } };

const MODULES = ['gst', 'gst_returns', 'pan', 'company', 'directors', 'cin_pan'] as const;
/** The entry identifier a scenario's flags are documented for: its gstin, else cin, else pan. */
function entryOf(ids: Record<string, string | undefined>): Record<string, string> | undefined {
  if (ids.gstin) return { gstin: ids.gstin };
  if (ids.cin) return { cin: ids.cin };
  if (ids.pan) return { pan: ids.pan };
  return undefined;
}

describe('POST /v1/business360', () => {
  let t: TestApp;
  let counted: ReturnType<typeof countingSandbox>;
  beforeAll(async () => {
    counted = countingSandbox();
    t = await createTestApp({ chains: counted.chains });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 10_000, reference: 'b360 tests', environment: 'sandbox' });
  });
  afterAll(() => t.close());

  const b360 = async (body: unknown, key?: string) => {
    const response = await t.post('/v1/business360', body, key);
    return { status: response.statusCode, body: response.json() as Body, headers: response.headers };
  };
  // The sandbox wallet: these calls use the sandbox key (docs/money.md).
  const balance = async () => ((await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json() as { sandbox_balance_inr: number }).sandbox_balance_inr;

  it('resolves a GSTIN to its PAN and LLPIN and runs all six modules, billing the 10.00 cap', async () => {
    const before = await balance();
    const { status, body } = await b360({ gstin: '27AAPFU0939F1ZV' });
    expect(status).toBe(200);
    for (const m of MODULES) expect(body.data[m].status, m).toBe('ok');
    expect(body.data.summary).toMatchObject({
      legal_name: 'UTKARSH AGRO EXPORTS LLP',
      entity_type: 'llp',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      cin: null,
      llpin: 'AAQ-0939',
      state: 'Maharashtra',
      risk: { level: 'low', flags: [] },
    });
    expect(body.meta).toMatchObject({
      charged: true,
      amount_inr: 10,
      checks: 6,
      modules_requested: 6,
      modules_succeeded: 6,
      pricing: { list_total_inr: 14.75, bundle_cap_inr: 10, discount_inr: 4.75 },
    });
    const wrappersTotal = MODULES.reduce((sum, m) => sum + body.data[m].amount_inr, 0);
    expect(Math.round(wrappersTotal * 100)).toBe(1000);
    expect(Math.round((before - (await balance())) * 100)).toBe(1000);
  });

  it('resolves a CIN to its PAN and principal GSTIN', async () => {
    const ids = scenario('clean-company').identifiers;
    const { status, body } = await b360({ cin: ids.cin });
    expect(status).toBe(200);
    expect(body.data.summary).toMatchObject({ entity_type: 'company', cin: ids.cin, pan: ids.pan, gstin: ids.gstin });
    for (const m of MODULES) expect(body.data[m].status, m).toBe('ok');
    expect(body.data.cin_pan.data).toMatchObject({ direction: 'cin_to_pan', pan: ids.pan });
  });

  it('resolves a PAN to the oldest active GSTIN (ties: the lowest GSTIN) and its CIN', async () => {
    const ids = scenario('multi-state-pan').identifiers;
    const { status, body } = await b360({ pan: ids.pan });
    expect(status).toBe(200);
    // Gujarat and Maharashtra were both registered on 2017-07-01; Tamil Nadu's is cancelled.
    expect(body.data.summary).toMatchObject({ pan: ids.pan, cin: ids.cin, gstin: '24AAACV7781R1ZI', entity_type: 'company' });
    expect(body.data.cin_pan.data).toMatchObject({ direction: 'pan_to_cin', cin: ids.cin });
  });

  it('skips the company modules of an individual\'s PAN, saying which identifier is missing, and bills only what ran', async () => {
    const ids = scenario('individual-pan').identifiers;
    const { status, body } = await b360({ gstin: ids.gstin });
    expect(status).toBe(200);
    expect(body.data.summary.entity_type).toBe('proprietorship');
    for (const m of ['company', 'directors', 'cin_pan'] as const) {
      expect(body.data[m]).toMatchObject({ status: 'skipped', data: null, charged: false, amount_inr: 0, attempts: 0 });
      expect(body.data[m].reason).toMatch(/not a company or LLP PAN .*no CIN or LLPIN/);
    }
    // gst 0.75 + gst_returns 1.00 + pan 2.00, under the cap: no discount.
    expect(body.meta).toMatchObject({ amount_inr: 3.75, checks: 3, modules_succeeded: 3, pricing: { list_total_inr: 3.75, discount_inr: 0 } });
  });

  it('skips the GST modules of a PAN with no GST registration', async () => {
    const ids = scenario('pan-without-gstin').identifiers;
    const { status, body } = await b360({ pan: ids.pan });
    expect(status).toBe(200);
    expect(body.data.gst).toMatchObject({ status: 'skipped', reason: `no GSTIN is registered for PAN ${ids.pan}` });
    expect(body.data.company.status).toBe('ok');
  });

  it('runs only the modules in include, and marks the others "not requested"', async () => {
    const before = await balance();
    const calls = { ...counted.calls };
    const { status, body } = await b360({ gstin: '27AAPFU0939F1ZV', include: ['gst', 'pan'] });
    expect(status).toBe(200);
    expect(body.data.gst.status).toBe('ok');
    expect(body.data.pan.status).toBe('ok');
    for (const m of ['gst_returns', 'company', 'directors', 'cin_pan'] as const) expect(body.data[m]).toMatchObject({ status: 'skipped', reason: 'not requested' });
    expect(body.meta).toMatchObject({ amount_inr: 2.75, checks: 2, modules_requested: 2, modules_succeeded: 2 });
    // The summary still names every identifier: resolution runs (unbilled) whatever include says.
    expect(body.data.summary).toMatchObject({ llpin: 'AAQ-0939', entity_type: 'llp' });
    expect(counted.calls['mca.cin_to_pan']).toBe(calls['mca.cin_to_pan'] + 1);
    expect(Math.round((before - (await balance())) * 100)).toBe(275);
  });

  it('answers 200, unbilled, when every requested module lacks its identifier, rather than calling the entity unknown', async () => {
    for (const [body, reason] of [
      [{ gstin: scenario('individual-pan').identifiers.gstin, include: ['company'] }, /not a company or LLP PAN/],
      [{ gstin: scenario('suspended-gstin').identifiers.gstin, include: ['company', 'directors'] }, /no CIN or LLPIN is registered/],
    ] as const) {
      const { status, body: answer } = await b360(body);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(answer.data.company).toMatchObject({ status: 'skipped', reason: expect.stringMatching(reason) });
      expect(answer.meta).toMatchObject({ charged: false, amount_inr: 0, checks: 0, modules_succeeded: 0 });
    }
  });

  it('keeps the PAN module\'s name_match null (no name was sent) while still flagging a name mismatch', async () => {
    const { body } = await b360({ gstin: scenario('name-mismatch').identifiers.gstin });
    expect(body.data.pan).toMatchObject({ status: 'ok', data: { name_match: null } });
    expect(body.data.summary.risk.flags.map((f) => f.code)).toContain('PAN_NAME_MISMATCH');
    const invalid = await b360({ gstin: scenario('pan-deactivated').identifiers.gstin });
    expect(invalid.body.data.summary.risk.flags.map((f) => f.code)).toEqual(['PAN_INVALID']);
  });

  it('reports a failed module inside its wrapper, bills only the successful ones, and flags MODULE_UNAVAILABLE', async () => {
    const ids = scenario('returns-unavailable').identifiers;
    const { status, body } = await b360({ gstin: ids.gstin });
    expect(status).toBe(200);
    expect(body.data.gst_returns).toMatchObject({ status: 'failed', data: null, charged: false, amount_inr: 0, error: { code: 'PROVIDER_UNAVAILABLE' } });
    expect(body.data.summary.risk.flags).toContainEqual(expect.objectContaining({ code: 'MODULE_UNAVAILABLE', severity: 'low', module: 'gst_returns' }));
    expect(body.meta.amount_inr).toBe(2.75);
  });

  it('reports a module whose source has no record as not_found, unbilled, and skips what depended on it', async () => {
    // A partnership firm's PAN: the CIN <-> PAN source has no company or LLP for it.
    const ids = scenario('suspended-gstin').identifiers;
    const { status, body } = await b360({ gstin: ids.gstin });
    expect(status).toBe(200);
    expect(body.data.cin_pan).toMatchObject({ status: 'not_found', data: null, charged: false, amount_inr: 0, error: { code: 'RECORD_NOT_FOUND' } });
    expect(body.data.company).toMatchObject({ status: 'skipped', reason: `no CIN or LLPIN is registered for PAN ${ids.pan}` });
    expect(body.data.summary.risk.flags.map((f) => f.code)).not.toContain('MODULE_UNAVAILABLE');
  });

  it('answers 404 and bills nothing when the identifier is unknown everywhere', async () => {
    const before = await balance();
    // checks: the modules that asked their source (the interface document's meta: the number of modules run), as on a 200.
    for (const [ids, checks] of [[{ gstin: '27ZZZCZ0404Z1ZT' }, 4], [{ pan: 'ZZZCZ0404Z' }, 2], [{ cin: 'U00000MH2000PTC000404' }, 3]] as const) {
      const { status, body } = await b360(ids);
      expect(status, JSON.stringify(ids)).toBe(404);
      expect(body, JSON.stringify(ids)).toMatchObject({ error: { code: 'RECORD_NOT_FOUND' }, meta: { charged: false, amount_inr: 0, checks } });
    }
    expect(await balance()).toBe(before);
  });

  it('answers 503 and 504 when the identity sources are down or slow', async () => {
    expect((await b360({ gstin: '27ZZZCZ5030Z1ZL' })).status).toBe(503);
    // Even for one module: its PAN's company lookup (identity) failed too.
    const one = (await b360({ gstin: '27ZZZCZ5030Z1ZL', include: ['gst'] })).body;
    expect(one).toMatchObject({ error: { code: 'PROVIDER_UNAVAILABLE' }, meta: { modules_requested: 1, checks: 1 } });
    // The message names the module asked for, not only the company lookup it never asked for.
    const message = (one.error as { message?: string } | undefined)?.message ?? '';
    expect(message).toMatch(/^Nothing could be learned about GSTIN 27ZZZCZ5030Z1ZL: .*mca\.cin_to_pan.*gst\.verify|^Nothing could be learned about GSTIN 27ZZZCZ5030Z1ZL: .*gst\.verify.*mca\.cin_to_pan/);
    // Each failure set apart, not run together ("... retry later Every upstream ...").
    const failures = message.slice(message.indexOf(': ') + 2).split('. ');
    expect(failures.length).toBeGreaterThan(1);
    for (const failure of failures) expect(failure).toMatch(/^Every upstream source for [a-z_.]+ is unavailable; retry later$/);
    expect((await b360({ cin: 'U00000MH2000PTC005030' })).status).toBe(503);
    expect((await b360({ pan: 'ZZZCZ5040Z' })).status).toBe(504);
  });

  it("carries Business360's meta fields on refusals before anything ran, with checks 0", async () => {
    const bad = await b360({ gstin: '27AAJCS4821K1Z2', include: ['gst', 'pan', 'gst'] });
    expect(bad.status).toBe(400);
    expect(bad.body.meta).toMatchObject({ checks: 0, charged: false, modules_requested: 2, modules_succeeded: 0, pricing: { list_total_inr: 0, bundle_cap_inr: 10, discount_inr: 0 } });
    const noKey = await t.post('/v1/business360', { gstin: '27AAPFU0939F1ZV' }, null);
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().meta).toMatchObject({ checks: 0, modules_requested: 6, modules_succeeded: 0 });
  });

  it('answers 402 and runs nothing when the wallet cannot hold the requested modules', async () => {
    const poor = await t.admin('POST', '/admin/v1/accounts', { name: 'poor', sandbox_balance_inr: 5 });
    const key = (poor.json() as { sandbox_key: string }).sandbox_key;
    const calls = Object.values(counted.calls).reduce((a, b) => a + b, 0);
    const full = await b360({ gstin: '27AAPFU0939F1ZV' }, key);
    expect(full.status).toBe(402);
    // Business360's meta fields are on failures too.
    expect(full.body.meta).toMatchObject({ charged: false, checks: 0, modules_requested: 6, modules_succeeded: 0, pricing: { list_total_inr: 0, bundle_cap_inr: 10, discount_inr: 0 } });
    expect(Object.values(counted.calls).reduce((a, b) => a + b, 0)).toBe(calls);
    // The hold is the requested modules' list total when under the cap: 0.75 + 2.00 fits in 5.00.
    expect((await b360({ gstin: '27AAPFU0939F1ZV', include: ['gst', 'pan'] }, key)).status).toBe(200);
  });

  it('validates the body: exactly one identifier, known modules, at least one', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /send exactly one of gstin, cin, pan \(none was sent\)/],
      [{ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' }, /gstin and pan were sent/],
      [{ gstin: '27AAPFU0939F1ZV', include: [] }, /include.*at least one module/],
      [{ gstin: '27AAPFU0939F1ZV', include: ['gst', 'credit_score'] }, /must be one of gst, gst_returns, pan, company, directors, cin_pan/],
      [{ gstin: '27AAPFU0939F1ZX' }, /checksum/],
      [{ gstin: '27AAPFU0939F1ZV', extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await b360(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.error)).toMatch(message);
    }
  });

  it('replays an Idempotency-Key without running or billing again', async () => {
    const before = await balance();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/business360',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': 'b360-once' },
        payload: JSON.stringify({ gstin: '27AAJCS4821K1Z1' }),
      });
    const first = await send();
    const calls = Object.values(counted.calls).reduce((a, b) => a + b, 0);
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(Object.values(counted.calls).reduce((a, b) => a + b, 0)).toBe(calls);
    expect(Math.round((before - (await balance())) * 100)).toBe(1000);
  });

  it('answers exactly the contract\'s profile shape, for every scenario and every module status', async () => {
    const statuses = new Set<string>();
    for (const s of SCENARIOS) {
      const entry = entryOf(s.identifiers);
      if (entry === undefined) continue;
      const response = await t.post('/v1/business360', entry);
      if (response.statusCode !== 200) continue;
      const parsed = Business360EnvelopeShape.safeParse(response.json());
      expect(parsed.success, `${s.name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
      for (const m of MODULES) statuses.add((response.json() as Body).data[m].status);
    }
    const partial = await t.post('/v1/business360', { gstin: '27AAPFU0939F1ZV', include: ['gst'] });
    const partialParsed = Business360EnvelopeShape.safeParse(partial.json());
    expect(partialParsed.success, partialParsed.success ? '' : partialParsed.error.message).toBe(true);
    for (const m of MODULES) statuses.add((partial.json() as Body).data[m].status);
    expect([...statuses].sort()).toEqual(['failed', 'not_found', 'ok', 'skipped']);
  });

  describe('risk flags of the scenario identifiers (samples/sandbox-identifiers.json)', () => {
    const flagged = SCENARIOS.filter((s) => s.name !== 'company-search' && !/^(unknown|unavailable|timeout)-/.test(s.name));
    it.each(flagged.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
      const { status, body } = await b360(entryOf(s.identifiers));
      expect(status).toBe(200);
      const codes = body.data.summary.risk.flags.map((f) => f.code);
      expect([...new Set(codes)].sort()).toEqual([...((s as { flags?: string[] }).flags ?? [])].sort());
    });

    it('produces every flag code of docs/business360.md at least once', () => {
      const all = new Set(flagged.flatMap((s) => (s as { flags?: string[] }).flags ?? []));
      for (const code of [
        'GST_CANCELLED', 'GST_SUSPENDED', 'GST_RETURNS_NOT_FILED', 'GST_RETURNS_LATE', 'GST_RECENTLY_REGISTERED', 'PAN_INVALID',
        'PAN_NAME_MISMATCH', 'COMPANY_STRUCK_OFF', 'COMPANY_UNDER_LIQUIDATION', 'COMPANY_FILINGS_OVERDUE', 'COMPANY_RECENTLY_INCORPORATED',
        'DIRECTOR_DISQUALIFIED', 'MODULE_UNAVAILABLE',
      ]) expect(all.has(code), code).toBe(true);
    });

    it('gives each risk level', async () => {
      const level = async (name: string) => (await b360(entryOf(scenario(name).identifiers))).body.data.summary.risk.level;
      expect(await level('clean-company')).toBe('low');
      expect(await level('returns-unavailable')).toBe('low');
      expect(await level('late-filer')).toBe('medium');
      expect(await level('cancelled-gstin')).toBe('high');
    });
  });
});
