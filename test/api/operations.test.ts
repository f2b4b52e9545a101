import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const data = async (path: string, body: unknown) => {
  const res = await t.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('POST /v1/gst/verify', () => {
  it('answers an active regular GSTIN with its embedded PAN, state and address', async () => {
    const { gstin, pan } = scenario('clean-company').identifiers;
    const record = await data('/v1/gst/verify', { gstin });
    expect(record).toMatchObject({ gstin, pan, status: 'Active', taxpayer_type: 'Regular', state_code: '27', state: 'Maharashtra' });
    expect(record.cancellation_date).toBeNull();
    expect(record.principal_place.pincode).toMatch(/^\d{6}$/);
  });

  it('echoes a GSTIN sent in lower case with spaces in its normalised form', async () => {
    const record = await data('/v1/gst/verify', { gstin: '  27aapfu0939f1zv ' });
    expect(record.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('answers a cancelled GSTIN with its cancellation date', async () => {
    const record = await data('/v1/gst/verify', { gstin: scenario('cancelled-gstin').identifiers.gstin });
    expect(record.status).toBe('Cancelled');
    expect(record.cancellation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.cancellation_date > record.registration_date).toBe(true);
  });

  it('answers suspended and composition GSTINs as such', async () => {
    expect((await data('/v1/gst/verify', { gstin: scenario('suspended-gstin').identifiers.gstin })).status).toBe('Suspended');
    expect((await data('/v1/gst/verify', { gstin: scenario('composition-taxpayer').identifiers.gstin })).taxpayer_type).toBe(
      'Composition',
    );
  });
});

describe('POST /v1/gst/returns', () => {
  it('lists the last 12 due periods by default, most recent first, with a consistent summary', async () => {
    const record = await data('/v1/gst/returns', { gstin: scenario('clean-company').identifiers.gstin });
    expect(record.periods).toHaveLength(12);
    const periods = record.periods.map((p: { period: string }) => p.period);
    expect([...periods].sort().reverse()).toEqual(periods);
    const { filed_on_time, filed_late, not_filed } = record.summary;
    expect(filed_on_time + filed_late + not_filed).toBe(record.summary.periods);
  });

  it('lists only as many periods as asked', async () => {
    const record = await data('/v1/gst/returns', { gstin: scenario('clean-company').identifiers.gstin, periods: 3 });
    expect(record.periods).toHaveLength(3);
    expect(record.summary.periods).toBe(3);
  });

  it('shows a late filer with 3 or more late periods and none missed', async () => {
    const record = await data('/v1/gst/returns', { gstin: scenario('late-filer').identifiers.gstin });
    expect(record.summary.filed_late).toBeGreaterThanOrEqual(3);
    expect(record.summary.not_filed).toBe(0);
  });

  it('shows a non-filer with 2 or more of the last 6 periods not filed', async () => {
    const record = await data('/v1/gst/returns', { gstin: scenario('non-filer').identifiers.gstin, periods: 6 });
    expect(record.summary.not_filed).toBeGreaterThanOrEqual(2);
  });

  it('shows a quarterly filer by quarters, each listed as its last month', async () => {
    const record = await data('/v1/gst/returns', { gstin: scenario('quarterly-filer').identifiers.gstin, periods: 4 });
    expect(record.filing_frequency).toBe('quarterly');
    expect(record.periods).toHaveLength(4);
    for (const p of record.periods) expect(['03', '06', '09', '12']).toContain(p.period.slice(5));
  });
});

describe('POST /v1/gst/by-pan', () => {
  it('lists every GSTIN of a PAN registered in several states', async () => {
    const { pan } = scenario('multi-state-pan').identifiers;
    const result = await data('/v1/gst/by-pan', { pan });
    expect(result.pan).toBe(pan);
    expect(result.count).toBe(result.gstins.length);
    expect(new Set(result.gstins.map((g: { state_code: string }) => g.state_code)).size).toBeGreaterThan(1);
    for (const g of result.gstins) {
      expect(g.gstin.slice(2, 12)).toBe(pan);
      expect(g.gstin.slice(0, 2)).toBe(g.state_code);
    }
  });

  it('answers count 0 for a known PAN with no GST registration', async () => {
    const result = await data('/v1/gst/by-pan', { pan: scenario('pan-without-gstin').identifiers.pan });
    expect(result).toMatchObject({ count: 0, gstins: [] });
  });
});

describe('POST /v1/pan/verify', () => {
  it("masks an individual's name and matches the name sent against the full name", async () => {
    const { pan } = scenario('individual-pan').identifiers;
    const plain = await data('/v1/pan/verify', { pan });
    expect(plain).toMatchObject({ pan, valid: true, status: 'Valid', category: 'Individual', name_match: null });
    expect(plain.registered_name).toMatch(/^([A-Z]\**)( [A-Z]\**)*$/);

    const gst = await data('/v1/gst/verify', { gstin: scenario('individual-pan').identifiers.gstin });
    const matched = await data('/v1/pan/verify', { pan, name: gst.legal_name.toLowerCase() });
    expect(matched.name_match).toMatchObject({ input: gst.legal_name.toLowerCase(), result: 'match' });
    expect(matched.name_match.score).toBeGreaterThanOrEqual(0.85);
  });

  it("shows a company's name in full and scores an unrelated name as no match", async () => {
    const { pan } = scenario('clean-company').identifiers;
    const result = await data('/v1/pan/verify', { pan, name: 'Zebra Umbrella Works' });
    expect(result.category).toBe('Company');
    expect(result.registered_name).not.toContain('*');
    expect(result.name_match.result).toBe('no_match');
  });

  it('answers a deactivated PAN as Invalid', async () => {
    const result = await data('/v1/pan/verify', { pan: scenario('pan-deactivated').identifiers.pan });
    expect(result).toMatchObject({ valid: false, status: 'Invalid' });
  });

  it('answers a PAN unknown to the tax database as Invalid, not 404', async () => {
    const result = await data('/v1/pan/verify', { pan: scenario('unknown-pan').identifiers.pan });
    expect(result).toMatchObject({ valid: false, status: 'Invalid', registered_name: '' });
  });
});

describe('POST /v1/mca/company', () => {
  it('answers a company by CIN and an LLP by LLPIN', async () => {
    const company = await data('/v1/mca/company', { cin: scenario('clean-company').identifiers.cin });
    expect(company).toMatchObject({ entity_type: 'company', cin: scenario('clean-company').identifiers.cin, llpin: null, status: 'Active' });
    const llp = await data('/v1/mca/company', { llpin: scenario('llp').identifiers.llpin });
    expect(llp).toMatchObject({ entity_type: 'llp', cin: null, llpin: scenario('llp').identifiers.llpin, authorised_capital_inr: 0 });
  });

  it('reports struck-off companies and companies under liquidation', async () => {
    expect((await data('/v1/mca/company', { cin: scenario('struck-off-company').identifiers.cin })).status).toBe('Strike Off');
    expect((await data('/v1/mca/company', { cin: scenario('company-under-liquidation').identifiers.cin })).status).toBe(
      'Under Liquidation',
    );
  });
});

describe('POST /v1/mca/search', () => {
  it('ranks matches by score, at most the default 5', async () => {
    const result = await data('/v1/mca/search', { name: 'kaveri logistics' });
    expect(result.query).toBe('kaveri logistics');
    expect(result.count).toBe(result.results.length);
    expect(result.count).toBeGreaterThan(0);
    expect(result.count).toBeLessThanOrEqual(5);
    const scores = result.results.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(result.results[0].name).toMatch(/KAVERI LOGISTICS/);
  });

  it('honours the limit', async () => {
    expect((await data('/v1/mca/search', { name: 'shree', limit: 20 })).count).toBe(20);
    expect((await data('/v1/mca/search', { name: 'shree', limit: 1 })).count).toBe(1);
  });

  it('answers count 0 when nothing matches', async () => {
    expect(await data('/v1/mca/search', { name: 'qqqq xxxx' })).toMatchObject({ count: 0, results: [] });
  });
});

describe('POST /v1/mca/cin-to-pan', () => {
  it('maps a CIN to its PAN and the PAN back to the CIN', async () => {
    const { cin, pan } = scenario('clean-company').identifiers;
    expect(await data('/v1/mca/cin-to-pan', { cin })).toMatchObject({ cin, pan, llpin: null, direction: 'cin_to_pan' });
    expect(await data('/v1/mca/cin-to-pan', { pan })).toMatchObject({ cin, pan, direction: 'pan_to_cin' });
  });

  it("maps an LLP's PAN to its LLPIN", async () => {
    const { llpin, pan } = scenario('llp').identifiers;
    expect(await data('/v1/mca/cin-to-pan', { pan })).toMatchObject({ cin: null, llpin, pan, direction: 'pan_to_cin' });
  });
});

describe('POST /v1/mca/directors', () => {
  it('lists current and past directors with counts that agree with the list', async () => {
    const record = await data('/v1/mca/directors', { cin: scenario('disqualified-director').identifiers.cin });
    expect(record.count).toBe(record.directors.length);
    expect(record.current).toBe(record.directors.filter((d: { ceased_on: string | null }) => d.ceased_on === null).length);
    expect(
      record.directors.some((d: { ceased_on: string | null; din_status: string }) => d.ceased_on === null && d.din_status === 'Disqualified'),
    ).toBe(true);
  });

  it("lists an LLP's designated partners", async () => {
    const record = await data('/v1/mca/directors', { llpin: scenario('llp').identifiers.llpin });
    expect(record).toMatchObject({ cin: null, llpin: scenario('llp').identifiers.llpin });
    expect(record.directors.length).toBeGreaterThan(0);
  });
});

describe('POST /v1/mca/din', () => {
  it('lists every company the director is or was associated with, including this one', async () => {
    const { din, cin } = scenario('clean-company').identifiers;
    const record = await data('/v1/mca/din', { din });
    expect(record.din).toBe(din);
    expect(record.companies.map((c: { cin: string | null }) => c.cin)).toContain(cin);
  });
});
