import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItcCheckShape } from '../../src/api/schemas/itc-check-shape.js';
import { envelopeShape } from '../../src/api/schemas/records.js';
import { addMonths, daysBetween, istDate } from '../../src/domain/dates.js';
import { REASON_CODES } from '../../src/domain/itc/reasons.js';
import { driftPhase, type DriftPhase } from '../../src/sources/sandbox/drift.js';
import { itcExpectation, itcRequest, type ItcScenario } from '../../src/sources/sandbox/itc-scenarios.js';
import { countingSandbox } from '../helpers/counting-source.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CLEAN = scenario('docs-example-llp').identifiers.gstin!;
const RETURNS_DOWN = scenario('returns-unavailable').identifiers.gstin!;
const UNKNOWN = scenario('unknown-gstin').identifiers.gstin!;
const DOWN = scenario('unavailable-gstin').identifiers.gstin!;

/** The 15th of the month `months` before this one (India's calendar), as an invoice date. */
const monthsAgo = (months: number): string => `${addMonths(istDate(new Date()).slice(0, 7), -months)}-15`;

interface Answer {
  status: number;
  body: {
    success: boolean;
    data: { supplier: { gstin: string; filing_frequency: string }; as_of: string; invoices: { number: string; verdict: string; period: string; tax_inr: number | null; tax_at_risk_inr: number; claim_by: string | null; availed_in: string | null }[]; totals: { invoices: number; tax_inr: number; earliest_deadline: string | null; next_deadline: string | null } } | null;
    meta: { charged: boolean; amount_inr: number; checks: number };
    error?: { code: string; message: string; details?: { field: string; message: string }[] };
  };
}

describe('POST /v1/gst/itc-check (an addition)', () => {
  let t: TestApp;
  let counted: ReturnType<typeof countingSandbox>;
  beforeAll(async () => {
    counted = countingSandbox();
    t = await createTestApp({ chains: counted.chains });
  });
  afterAll(() => t.close());

  const check = async (body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/itc-check',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() as Answer['body'] };
  };
  const balancePaise = async () => Math.round((((await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json() as { sandbox_balance_inr: number }).sandbox_balance_inr) * 100);
  const calls = () => counted.calls['gst.verify'] + counted.calls['gst.returns'];

  it('judges each invoice of a supplier that files on time as eligible, in the order sent, for ₹1.75 (GST Verify + GST Returns)', async () => {
    const before = await balancePaise();
    const { status, body } = await check({
      gstin: CLEAN.toLowerCase(),
      invoices: [
        { number: 'INV/001', date: monthsAgo(3), tax_inr: 1800 },
        { number: 'INV/002', date: monthsAgo(4) },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(envelopeShape('gst.itc_check', ItcCheckShape).safeParse(body).error).toBeUndefined();
    expect(body.meta).toMatchObject({ charged: true, amount_inr: 1.75, checks: 2 });
    expect(body.data!.supplier).toMatchObject({ gstin: CLEAN, filing_frequency: 'monthly' });
    expect(body.data!.as_of).toBe(istDate(new Date()));
    expect(body.data!.invoices.map((i) => [i.number, i.verdict, i.period, i.tax_inr, i.tax_at_risk_inr])).toEqual([
      ['INV/001', 'eligible', monthsAgo(3).slice(0, 7), 1800, 0],
      ['INV/002', 'eligible', monthsAgo(4).slice(0, 7), null, 0],
    ]);
    expect(body.data!.invoices.map((i) => i.availed_in)).toEqual([null, null]);
    expect(body.data!.totals).toMatchObject({ invoices: 2, tax_inr: 1800 });
    // Nothing overdue: the next date to act by is the earliest claim_by, as is the earliest.
    const firstClaimBy = body.data!.invoices.map((i) => i.claim_by!).sort()[0];
    expect(body.data!.totals).toMatchObject({ earliest_deadline: firstClaimBy, next_deadline: firstClaimBy });
    expect(before - (await balancePaise())).toBe(175);
  });

  it('refuses bad input with the invoice index and field, holding and running nothing', async () => {
    const before = await balancePaise();
    const callsBefore = calls();
    const tomorrow = istDate(new Date(Date.now() + 2 * 86_400_000));
    const cases: [unknown, string, RegExp][] = [
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(1) }, { number: 'B', date: tomorrow }] }, 'invoices.1.date', /must not be in the future/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: '2017-06-30' }] }, 'invoices.0.date', /must not be before 2017-07-01/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: '2025-02-30' }] }, 'invoices.0.date', /must be a real calendar date written YYYY-MM-DD, e\.g\. 2024-07-10/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: '10-07-2024' }] }, 'invoices.0.date', /^must be a date written YYYY-MM-DD, e\.g\. 2024-07-10$/],
      [
        { gstin: CLEAN, invoices: [{ number: 'A1', date: monthsAgo(2) }, { number: 'B', date: monthsAgo(2) }, { number: 'A1', date: monthsAgo(2) }] },
        'invoices.2.number',
        /^repeats invoices\.0 \(number "A1" in FY \d{4}-\d{2}\)/,
      ],
      [{ gstin: '27AAPFU0939F1ZW', invoices: [{ number: 'A', date: monthsAgo(1) }] }, 'gstin', /checksum/],
      [{ gstin: CLEAN, invoices: Array.from({ length: 101 }, (_, i) => ({ number: `N${i}`, date: monthsAgo(1) })) }, 'invoices', /1 to 100 invoices/],
      [{ gstin: CLEAN, invoices: [] }, 'invoices', /1 to 100 invoices/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(1), tax_inr: -1 }] }, 'invoices.0.tax_inr', /at least 0/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(1), tax_inr: 10.005 }] }, 'invoices.0.tax_inr', /at most 2 decimals/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(2), availed_in: addMonths(monthsAgo(2).slice(0, 7), -1) }] }, 'invoices.0.availed_in', /before the invoice's month/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(1), availed_in: '2026-13' }] }, 'invoices.0.availed_in', /YYYY-MM/],
      [{ gstin: CLEAN, invoices: [{ number: 'x'.repeat(65), date: monthsAgo(1) }] }, 'invoices.0.number', /at most 64/],
      [{ gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(1), note: 'x' }] }, 'invoices.0.note', /not allowed/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await check(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error!.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error!.details, JSON.stringify(answer.body.error)).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringMatching(message) })]));
      expect(answer.body.meta.charged).toBe(false);
    }
    expect(calls()).toBe(callsBefore);
    expect(await balancePaise()).toBe(before);
  });

  it('says which check could not be delivered and bills nothing; a GSTIN no source knows is a 404', async () => {
    const before = await balancePaise();
    const returnsDown = await check({ gstin: RETURNS_DOWN, invoices: [{ number: 'A', date: monthsAgo(2) }] });
    expect(returnsDown.status).toBe(503);
    expect(returnsDown.body.error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', details: [{ field: 'gst.returns', message: expect.any(String) }] });
    expect(returnsDown.body.error!.message).toContain('GST Returns (filings) could not be checked (GST Verify (registration) answered, but a verdict needs both)');
    expect(returnsDown.body.meta).toMatchObject({ charged: false, amount_inr: 0, checks: 2 });

    const bothDown = await check({ gstin: DOWN, invoices: [{ number: 'A', date: monthsAgo(2) }] });
    expect(bothDown.status).toBe(503);
    expect(bothDown.body.error!.details!.map((d) => d.field)).toEqual(['gst.verify', 'gst.returns']);

    const unknown = await check({ gstin: UNKNOWN, invoices: [{ number: 'A', date: monthsAgo(2) }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'RECORD_NOT_FOUND' });
    expect(await balancePaise()).toBe(before);
  });

  it('asks GST Returns back to the earliest invoice, beyond the 12 periods GST Returns shows', async () => {
    const old = monthsAgo(30);
    const { status, body } = await check({ gstin: CLEAN, invoices: [{ number: 'OLD', date: old }, { number: 'NEW', date: monthsAgo(2) }] });
    expect(status, JSON.stringify(body)).toBe(200);
    const supplier = body.data!.supplier as unknown as { filings_from: string };
    expect(supplier.filings_from <= old.slice(0, 7)).toBe(true);
    expect(body.data!.invoices.map((i) => i.verdict)).not.toContain('unknown');
  });

  it('replays an Idempotency-Key without running or billing again', async () => {
    const before = await balancePaise();
    const body = { gstin: CLEAN, invoices: [{ number: 'ONCE', date: monthsAgo(2), tax_inr: 90 }] };
    const first = await check(body, { 'idempotency-key': 'itc-once' });
    const callsAfterFirst = calls();
    const second = await check(body, { 'idempotency-key': 'itc-once' });
    expect(second.body).toEqual(first.body);
    expect(calls()).toBe(callsAfterFirst);
    expect(before - (await balancePaise())).toBe(175);
    // The same key with another body is refused, not replayed.
    const other = await check({ ...body, invoices: [{ number: 'OTHER', date: monthsAgo(2) }] }, { 'idempotency-key': 'itc-once' });
    expect(other.status).toBe(422);
  });

  it('spends only the live wallet with a live key, and answers 402 when it is short', async () => {
    const wallets = async () => (await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json() as { balance_inr: number; sandbox_balance_inr: number };
    const before = await wallets();
    const response = await t.post('/v1/gst/itc-check', { gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(2) }] }, t.liveKey);
    // The test app's live chains are the counting sandbox too: the live wallet pays.
    expect(response.statusCode, response.body).toBe(200);
    const after = await wallets();
    expect([Math.round((before.balance_inr - after.balance_inr) * 100), after.sandbox_balance_inr]).toEqual([175, before.sandbox_balance_inr]);
    const poor = (await t.admin('POST', '/admin/v1/accounts', { name: 'Poor', balance_inr: 1, sandbox_balance_inr: 1 })).json() as { sandbox_key: string };
    const short = await t.post('/v1/gst/itc-check', { gstin: CLEAN, invoices: [{ number: 'A', date: monthsAgo(2) }] }, poor.sandbox_key);
    expect(short.statusCode).toBe(402);
    expect(short.json().error.message).toContain('₹1.75');
  });
});

/** The published ITC scenarios, as a user of samples/sandbox-identifiers.json sends them. */
const PUBLISHED = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url)), 'utf8')) as { itc: ItcScenario[] };

describe('POST /v1/gst/itc-check on the published sandbox scenarios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 1_000, reference: 'itc scenarios', environment: 'sandbox' });
  });
  afterAll(() => t.close());

  /** Each case as the API answers it on the account's sandbox clock now; the phase it was in. */
  async function answerAll(): Promise<{ phase: DriftPhase; seen: Set<string>; verdicts: Set<string>; wrong: string[] }> {
    const clock = (await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json() as { sandbox_now: string };
    const now = new Date(clock.sandbox_now);
    const phase = driftPhase(now);
    const seen = new Set<string>();
    const verdicts = new Set<string>();
    const wrong: string[] = [];
    for (const scenario of PUBLISHED.itc) {
      const response = await t.post('/v1/gst/itc-check', itcRequest(scenario, istDate(now)));
      if (response.statusCode !== 200) {
        wrong.push(`${scenario.name}: ${response.statusCode} ${response.body}`);
        continue;
      }
      const answered = response.json().data.invoices as { verdict: string; reasons: { code: string }[]; reverse_by: string | null; availed_in: string | null }[];
      scenario.invoices.forEach((invoice, i) => {
        const expected = itcExpectation(invoice, phase, istDate(now));
        const got = answered[i]!;
        const codes = got.reasons.map((r) => r.code);
        codes.forEach((code) => seen.add(code));
        verdicts.add(got.verdict);
        if (got.availed_in !== (invoice.availed_in ?? null)) wrong.push(`${scenario.name} ${invoice.number}: availed_in ${got.availed_in}, sent ${invoice.availed_in}`);
        if (got.verdict !== expected.verdict || JSON.stringify(codes) !== JSON.stringify(expected.reason_codes)) {
          wrong.push(`${scenario.name} ${invoice.number}: ${got.verdict} [${codes.join(', ')}], documented ${expected.verdict} [${expected.reason_codes.join(', ')}]`);
        }
      });
    }
    return { phase, seen, verdicts, wrong };
  }

  it('answers every case as documented in both weeks of the drifting supplier, and together they give every reason code and verdict', async () => {
    // First to the next 5 November, so both answers fall in the weeks before 30 November, when
    // claim_window_closing can be seen (the unit test holds the rest of the year to the file).
    const clock = (await t.admin('GET', `/admin/v1/accounts/${t.accountId}/sandbox-clock`)).json() as { sandbox_now: string };
    const today = istDate(new Date(clock.sandbox_now));
    const year = Number(today.slice(0, 4)) + (today.slice(5) > '11-05' ? 1 : 0);
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { advance_days: daysBetween(today, `${year}-11-05`) });
    const first = await answerAll();
    // A week on, the drifting supplier is in its other phase.
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/sandbox-clock`, { advance_days: 7 });
    const second = await answerAll();
    expect(new Set([first.phase, second.phase])).toEqual(new Set(['even', 'odd']));
    expect([...first.wrong, ...second.wrong]).toEqual([]);
    expect([...new Set([...first.seen, ...second.seen])].sort()).toEqual([...REASON_CODES].sort());
    expect([...new Set([...first.verdicts, ...second.verdicts])].sort()).toEqual(['at_risk', 'blocked', 'eligible', 'reverse', 'unknown']);
  });
});
