import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Business360Modules, Business360Profile } from '../../src/domain/business360/profile.js';
import { riskFlags } from '../../src/domain/business360/risk.js';
import { buildSummary } from '../../src/domain/business360/summary.js';
import { buildReturnsRecord } from '../../src/domain/gst-returns.js';
import { business360Baseline } from '../../src/domain/portfolio/business360-baseline.js';
import { changesCsvHeader, changesToCsv } from '../../src/domain/portfolio/changes-csv.js';
import {
  diffRuns,
  newIdentifiers,
  summarizeChanges,
  type PortfolioChange,
  type RunRow,
} from '../../src/domain/portfolio/changes.js';
import type { PortfolioOperation } from '../../src/domain/portfolio/operations.js';
import type { GstRecord, GstReturnsRecord } from '../../src/domain/records.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import {
  NOW,
  cleanModules,
  companyRecord,
  director,
  directorsRecord,
  failed,
  gstRecord,
  notFound,
  ok,
  period,
  returnsRecord,
  skipped,
  twelvePeriods,
} from './business360-builders.js';

const DETECTED_AT = '2026-11-21T06:30:00.000Z';
const ID = '27AAPFU0939F1ZV';

const okRow = (data: unknown): RunRow => ({ status: 'ok', data });
const statusRow = (status: string): RunRow => ({ status, data: null });

/** The changes of one identifier between two runs, without the repeated columns. */
function diffOne(operation: PortfolioOperation, before: RunRow, after: RunRow): Pick<PortfolioChange, 'check' | 'field' | 'before' | 'after' | 'severity'>[] {
  const changes = diffRuns(operation, new Map([[ID, before]]), new Map([[ID, after]]), DETECTED_AT);
  for (const change of changes) expect(change).toMatchObject({ identifier: ID, detected_at: DETECTED_AT });
  return changes.map(({ check, field, before: b, after: a, severity }) => ({ check, field, before: b, after: a, severity }));
}

const diffGst = (before: GstRecord, after: GstRecord) => diffOne('gst.verify', okRow(before), okRow(after));
const diffReturns = (before: GstReturnsRecord, after: GstReturnsRecord) => diffOne('gst.returns', okRow(before), okRow(after));

/** A Business360 profile whose summary and flags are computed by the real rules at NOW. */
function profile(overrides: Partial<Business360Modules> = {}): Business360Profile {
  const modules = cleanModules(overrides);
  const flags = riskFlags(modules, { now: NOW });
  const identifiers = { pan: 'AAPFU0939F', gstin: ID, cin: 'U51909MH2010PTC201234', llpin: null };
  return { summary: buildSummary({ identifiers, modules, flags }), ...modules };
}
const diff360 = (before: Business360Profile, after: Business360Profile) => diffOne('business360', okRow(before), okRow(after));

const registry = loadSandboxRegistry();
const scenarioGstin = (name: string): string => {
  const gstin = registry.scenarios.find((s) => s.name === name)?.identifiers.gstin;
  if (gstin === undefined) throw new Error(`no sandbox scenario ${name}`);
  return gstin;
};

describe('diffRuns: gst.verify', () => {
  it('finds no change between two identical answers (a real sandbox record)', () => {
    const record = registry.gstVerify(scenarioGstin('clean-company'), NOW);
    expect(record).toBeDefined();
    expect(diffGst(record as GstRecord, structuredClone(record as GstRecord))).toEqual([]);
  });

  it('reports a cancellation as two high changes: the status and the date appearing', () => {
    // The sandbox's cancelled GSTIN as it answers now, and as it read before it was cancelled.
    const cancelled = registry.gstVerify(scenarioGstin('cancelled-gstin'), NOW) as GstRecord;
    const active: GstRecord = { ...cancelled, status: 'Active', cancellation_date: null };
    expect(diffGst(active, cancelled)).toEqual([
      { check: 'gst.verify', field: 'cancellation_date', before: null, after: '2024-09-30', severity: 'high' },
      { check: 'gst.verify', field: 'gst_status', before: 'Active', after: 'Cancelled', severity: 'high' },
    ]);
  });

  it('rates a suspension high and a return to Active medium', () => {
    expect(diffGst(gstRecord(), gstRecord({ status: 'Suspended' }))).toEqual([
      { check: 'gst.verify', field: 'gst_status', before: 'Active', after: 'Suspended', severity: 'high' },
    ]);
    expect(diffGst(gstRecord({ status: 'Suspended' }), gstRecord())).toEqual([
      { check: 'gst.verify', field: 'gst_status', before: 'Suspended', after: 'Active', severity: 'medium' },
    ]);
  });

  it('rates a revoked or corrected cancellation date medium', () => {
    const cancelled = gstRecord({ status: 'Cancelled', cancellation_date: '2026-06-30' });
    expect(diffGst(cancelled, gstRecord())).toContainEqual(
      { check: 'gst.verify', field: 'cancellation_date', before: '2026-06-30', after: null, severity: 'medium' },
    );
    expect(diffGst(cancelled, { ...cancelled, cancellation_date: '2026-05-31' })).toEqual([
      { check: 'gst.verify', field: 'cancellation_date', before: '2026-06-30', after: '2026-05-31', severity: 'medium' },
    ]);
  });

  it('rates a move to the composition scheme medium and back to regular low', () => {
    expect(diffGst(gstRecord(), gstRecord({ taxpayer_type: 'Composition' }))).toEqual([
      { check: 'gst.verify', field: 'taxpayer_type', before: 'Regular', after: 'Composition', severity: 'medium' },
    ]);
    expect(diffGst(gstRecord({ taxpayer_type: 'Composition' }), gstRecord())).toEqual([
      { check: 'gst.verify', field: 'taxpayer_type', before: 'Composition', after: 'Regular', severity: 'low' },
    ]);
  });

  it('rates a legal name change medium, a trade name change and e-invoicing low, booleans as text', () => {
    const after = gstRecord({ legal_name: 'UNITED TRADERS LLP', trade_name: 'UT', einvoice_enabled: false });
    expect(diffGst(gstRecord(), after)).toEqual([
      { check: 'gst.verify', field: 'einvoice_enabled', before: 'true', after: 'false', severity: 'low' },
      { check: 'gst.verify', field: 'legal_name', before: 'UNITED TRADERS', after: 'UNITED TRADERS LLP', severity: 'medium' },
      { check: 'gst.verify', field: 'trade_name', before: 'UNITED TRADING CO', after: 'UT', severity: 'low' },
    ]);
  });

  it('ignores case and spacing differences, and treats a blank name as absent', () => {
    expect(diffGst(gstRecord(), gstRecord({ legal_name: ' United  traders ', trade_name: 'united trading co' }))).toEqual([]);
    expect(diffGst(gstRecord({ trade_name: '' }), gstRecord({ trade_name: 'UT' }))).toEqual([
      { check: 'gst.verify', field: 'trade_name', before: null, after: 'UT', severity: 'low' },
    ]);
  });
});

describe('diffRuns: row status transitions', () => {
  const record = gstRecord();

  it('reports ok → not_found as one high status change', () => {
    expect(diffOne('gst.verify', okRow(record), statusRow('not_found'))).toEqual([
      { check: 'gst.verify', field: 'status', before: 'ok', after: 'not_found', severity: 'high' },
    ]);
  });

  it('reports not_found → ok as one medium status change and diffs nothing else', () => {
    expect(diffOne('business360', statusRow('not_found'), okRow(profile()))).toEqual([
      { check: 'business360', field: 'status', before: 'not_found', after: 'ok', severity: 'medium' },
    ]);
  });

  it.each([
    ['ok', 'failed'],
    ['failed', 'ok'],
    ['failed', 'not_found'],
    ['not_found', 'failed'],
    ['not_found', 'not_found'],
    ['ok', 'invalid'],
    ['ok', 'cancelled'],
    ['ok', 'duplicate'],
    ['invalid', 'ok'],
  ])('treats %s → %s as no change (a transient failure or an unverified row)', (before, after) => {
    const row = (status: string): RunRow => (status === 'ok' ? okRow(gstRecord({ status: 'Cancelled' })) : statusRow(status));
    expect(diffOne('gst.verify', row(before), row(after))).toEqual([]);
  });

  it.each([
    ['gst.verify', null, 'not a record'],
    ['gst.returns', { periods: 'x' }, { periods: [null, { period: 7 }] }],
    ['business360', { summary: null, gst: { status: 'ok', data: null } }, []],
  ] as const)('does not throw on an odd %s record read back from a results file', (operation, before, after) => {
    expect(diffOne(operation, okRow(before), okRow(after))).toEqual([]);
  });

  it('reports nothing for an identifier new in this run or dropped from it, and lists the new ones', () => {
    const previous = new Map([['B', okRow(record)], ['GONE', okRow(record)]]);
    const current = new Map([['C', okRow(record)], ['B', okRow(record)], ['A', statusRow('not_found')]]);
    expect(diffRuns('gst.verify', previous, current, DETECTED_AT)).toEqual([]);
    expect(newIdentifiers(previous, current)).toEqual(['A', 'C']);
  });
});

describe('diffRuns: gst.returns filing gaps', () => {
  it('reports exactly the new period of a real non-filer a month later: GSTR-3B high, GSTR-1 medium', () => {
    const gstin = scenarioGstin('non-filer');
    const record = (now: Date) => buildReturnsRecord(registry.gstReturns(gstin, now)!, 12, now);
    const before = record(new Date('2026-10-21T06:30:00Z'));
    const after = record(NOW);
    // The window slid: 2025-10 left it (not a change), 2026-10 came due unfiled.
    expect(before.periods.map((p) => p.period)).toContain('2025-10');
    expect(after.periods.map((p) => p.period)).not.toContain('2025-10');
    expect(diffReturns(before, after)).toEqual([
      { check: 'gst.returns', field: 'periods.2026-10.gstr1', before: null, after: 'not_filed', severity: 'medium' },
      { check: 'gst.returns', field: 'periods.2026-10.gstr3b', before: null, after: 'not_filed', severity: 'high' },
    ]);
  });

  it('reports a gap that got filed (late) as low', () => {
    const before = returnsRecord(twelvePeriods({ 2: ['not_filed', 'not_filed'] }));
    const after = returnsRecord(twelvePeriods({ 2: ['late', 'late'] }));
    expect(diffReturns(before, after)).toEqual([
      { check: 'gst.returns', field: 'periods.2026-08.gstr1', before: 'not_filed', after: 'late', severity: 'low' },
      { check: 'gst.returns', field: 'periods.2026-08.gstr3b', before: 'not_filed', after: 'late', severity: 'low' },
    ]);
  });

  it('reports a listed return turning not_filed, and ignores filed ↔ late', () => {
    const before = returnsRecord(twelvePeriods({ 1: ['filed', 'late'] }));
    const after = returnsRecord(twelvePeriods({ 1: ['late', 'filed'], 4: ['not_filed', 'filed'] }));
    expect(diffReturns(before, after)).toEqual([
      { check: 'gst.returns', field: 'periods.2026-06.gstr1', before: 'filed', after: 'not_filed', severity: 'medium' },
    ]);
  });

  it('ignores unfiled periods that come into view from before the previous window', () => {
    // After a cancellation the window ends at the cancellation month and reaches further back.
    const before = returnsRecord([period('2026-10'), period('2026-09')]);
    const after = returnsRecord([period('2026-09'), period('2026-08', 'not_filed', 'not_filed')]);
    expect(diffReturns(before, after)).toEqual([]);
  });

  it('reports a change of filing frequency as low', () => {
    const before = returnsRecord([period('2026-09')]);
    expect(diffReturns(before, { ...before, filing_frequency: 'quarterly' })).toEqual([
      { check: 'gst.returns', field: 'filing_frequency', before: 'monthly', after: 'quarterly', severity: 'low' },
    ]);
  });
});

describe('diffRuns: business360', () => {
  it('finds no change between two identical profiles', () => {
    expect(diff360(profile(), profile())).toEqual([]);
  });

  it('reports a GST cancellation under the gst.verify check, with the new flag and the level', () => {
    const after = profile({ gst: ok(gstRecord({ status: 'Cancelled', cancellation_date: '2026-11-01' })) });
    expect(diff360(profile(), after)).toEqual([
      { check: 'business360', field: 'risk.flags.GST_CANCELLED', before: null, after: 'high', severity: 'high' },
      { check: 'business360', field: 'risk.level', before: 'low', after: 'high', severity: 'high' },
      { check: 'gst.verify', field: 'cancellation_date', before: null, after: '2026-11-01', severity: 'high' },
      { check: 'gst.verify', field: 'gst_status', before: 'Active', after: 'Cancelled', severity: 'high' },
    ]);
  });

  it('rates a rise to medium medium, a new low flag low, and a fall low', () => {
    const late = profile({ gst_returns: ok(returnsRecord(twelvePeriods({ 0: ['late', 'filed'], 3: ['late', 'filed'], 6: ['filed', 'late'] }))) });
    expect(diff360(profile(), late)).toEqual([
      { check: 'business360', field: 'risk.flags.GST_RETURNS_LATE', before: null, after: 'medium', severity: 'medium' },
      { check: 'business360', field: 'risk.level', before: 'low', after: 'medium', severity: 'medium' },
    ]);
    expect(diff360(late, profile())).toEqual([
      { check: 'business360', field: 'risk.flags.GST_RETURNS_LATE', before: 'medium', after: null, severity: 'low' },
      { check: 'business360', field: 'risk.level', before: 'medium', after: 'low', severity: 'low' },
    ]);
    const young = profile({ gst: ok(gstRecord({ registration_date: '2026-10-01' })) });
    expect(diff360(profile(), young)).toEqual([
      { check: 'business360', field: 'risk.flags.GST_RECENTLY_REGISTERED', before: null, after: 'low', severity: 'low' },
    ]);
  });

  it('rates a flag whose own severity rises (one gap, then two) high, with the new gap', () => {
    const one = profile({ gst_returns: ok(returnsRecord(twelvePeriods({ 0: ['filed', 'not_filed'] }))) });
    const two = profile({ gst_returns: ok(returnsRecord(twelvePeriods({ 0: ['filed', 'not_filed'], 1: ['filed', 'not_filed'] }))) });
    expect(diff360(one, two)).toEqual([
      { check: 'business360', field: 'risk.flags.GST_RETURNS_NOT_FILED', before: 'medium', after: 'high', severity: 'high' },
      { check: 'business360', field: 'risk.level', before: 'medium', after: 'high', severity: 'high' },
      { check: 'gst.returns', field: 'periods.2026-09.gstr3b', before: 'filed', after: 'not_filed', severity: 'high' },
    ]);
  });

  it('reports a company struck off as high and its restoration as medium', () => {
    const struckOff = profile({ company: ok(companyRecord({ status: 'Strike Off' })) });
    expect(diff360(profile(), struckOff)).toEqual([
      { check: 'business360', field: 'risk.flags.COMPANY_STRUCK_OFF', before: null, after: 'high', severity: 'high' },
      { check: 'business360', field: 'risk.level', before: 'low', after: 'high', severity: 'high' },
      { check: 'mca.company', field: 'company_status', before: 'Active', after: 'Strike Off', severity: 'high' },
    ]);
    expect(diff360(struckOff, profile())).toContainEqual(
      { check: 'mca.company', field: 'company_status', before: 'Strike Off', after: 'Active', severity: 'medium' },
    );
    const liquidation = profile({ company: ok(companyRecord({ status: 'Under Liquidation' })) });
    expect(diff360(profile(), liquidation)).toContainEqual(
      { check: 'mca.company', field: 'company_status', before: 'Active', after: 'Under Liquidation', severity: 'high' },
    );
  });

  it('reports DIN status by director: current disqualified high, past low, approved again medium', () => {
    const board = (s1: 'Approved' | 'Disqualified', s2: 'Approved' | 'Disqualified') =>
      profile({ directors: ok(directorsRecord([
        director({ din: '01234567', din_status: s1 }),
        director({ din: '07654321', name: 'RAVI MEHTA', ceased_on: '2020-01-01', din_status: s2 }),
      ])) });
    expect(diff360(board('Approved', 'Approved'), board('Disqualified', 'Disqualified'))).toEqual([
      { check: 'business360', field: 'risk.flags.DIRECTOR_DISQUALIFIED', before: null, after: 'high', severity: 'high' },
      { check: 'business360', field: 'risk.level', before: 'low', after: 'high', severity: 'high' },
      { check: 'mca.directors', field: 'directors.01234567.din_status', before: 'Approved', after: 'Disqualified', severity: 'high' },
      { check: 'mca.directors', field: 'directors.07654321.din_status', before: 'Approved', after: 'Disqualified', severity: 'low' },
    ]);
    expect(diff360(board('Disqualified', 'Approved'), board('Approved', 'Approved'))).toContainEqual(
      { check: 'mca.directors', field: 'directors.01234567.din_status', before: 'Disqualified', after: 'Approved', severity: 'medium' },
    );
  });

  it('reports a newly appointed director only when already disqualified', () => {
    const base = [director()];
    const withNew = (status: 'Approved' | 'Disqualified') =>
      profile({ directors: ok(directorsRecord([...base, director({ din: '09999999', name: 'NEW', din_status: status })])) });
    const before = profile({ directors: ok(directorsRecord(base)) });
    expect(diff360(before, withNew('Approved'))).toEqual([]);
    expect(diff360(before, withNew('Disqualified'))).toContainEqual(
      { check: 'mca.directors', field: 'directors.09999999.din_status', before: null, after: 'Disqualified', severity: 'high' },
    );
  });

  it('ignores a module that failed: its vanished flags, MODULE_UNAVAILABLE and the level it moved', () => {
    const cancelled = profile({ gst: ok(gstRecord({ status: 'Cancelled', cancellation_date: '2026-06-30' })) });
    expect(diff360(cancelled, profile({ gst: failed() }))).toEqual([]);
    // Three failed modules raise three low flags, which alone make the level medium.
    const threeFailed = profile({ gst_returns: failed(), pan: failed(), company: failed() });
    expect(threeFailed.summary.risk.level).toBe('medium');
    expect(diff360(profile(), threeFailed)).toEqual([]);
    expect(diff360(threeFailed, profile())).toEqual([]);
  });

  it('still reports a real change in another module while one module failed, but not the level', () => {
    const after = profile({ gst_returns: failed(), company: ok(companyRecord({ status: 'Strike Off' })) });
    expect(diff360(profile(), after)).toEqual([
      { check: 'business360', field: 'risk.flags.COMPANY_STRUCK_OFF', before: null, after: 'high', severity: 'high' },
      { check: 'mca.company', field: 'company_status', before: 'Active', after: 'Strike Off', severity: 'high' },
    ]);
  });

  it('reports module statuses under the module\'s check: ok → not_found high, back medium', () => {
    const gone = profile({ company: notFound(), directors: notFound() });
    expect(diff360(profile(), gone)).toEqual([
      { check: 'mca.company', field: 'status', before: 'ok', after: 'not_found', severity: 'high' },
      { check: 'mca.directors', field: 'status', before: 'ok', after: 'not_found', severity: 'high' },
    ]);
    expect(diff360(gone, profile())).toEqual([
      { check: 'mca.company', field: 'status', before: 'not_found', after: 'ok', severity: 'medium' },
      { check: 'mca.directors', field: 'status', before: 'not_found', after: 'ok', severity: 'medium' },
    ]);
    expect(diff360(profile(), profile({ cin_pan: skipped('no CIN') }))).toEqual([
      { check: 'mca.cin_to_pan', field: 'status', before: 'ok', after: 'skipped', severity: 'medium' },
    ]);
    expect(diff360(profile({ cin_pan: skipped('no CIN') }), profile())).toEqual([
      { check: 'mca.cin_to_pan', field: 'status', before: 'skipped', after: 'ok', severity: 'low' },
    ]);
  });

  it('reports a move of the profiled GSTIN as one medium change instead of diffing two registrations', () => {
    const other = gstRecord({ gstin: '24AAPFU0939F1ZZ', state: 'Gujarat', legal_name: 'SOMEONE ELSE' });
    const after = profile({ gst: ok(other), gst_returns: ok({ ...returnsRecord([period('2026-10', 'not_filed', 'not_filed')]), gstin: other.gstin }) });
    const changes = diff360(profile(), after);
    expect(changes.filter((c) => c.check.startsWith('gst.'))).toEqual([
      { check: 'gst.verify', field: 'gstin', before: ID, after: '24AAPFU0939F1ZZ', severity: 'medium' },
    ]);
  });
});

describe('diffRuns: order and summary', () => {
  const cancelled = gstRecord({ status: 'Cancelled', cancellation_date: '2026-06-30' });
  const entries: [string, RunRow, RunRow][] = [
    ['29AAACZ0001A1Z5', okRow(gstRecord()), okRow(cancelled)],
    ['07AAACZ0002B1Z3', okRow(gstRecord()), statusRow('not_found')],
    ['27AAACZ0003C1Z1', okRow(gstRecord()), okRow(gstRecord({ trade_name: 'NEW NAME' }))],
    ['33AAACZ0004D1Z9', okRow(gstRecord()), okRow(gstRecord())],
    ['19AAACZ0005E1Z7', okRow(gstRecord()), statusRow('failed')],
  ];
  const run = (list: typeof entries) =>
    diffRuns('gst.verify', new Map(list.map(([id, b]) => [id, b])), new Map(list.map(([id, , a]) => [id, a])), DETECTED_AT);

  it('sorts by identifier, then check, then field, whatever the input order', () => {
    const changes = run(entries);
    expect(changes.map((c) => `${c.identifier} ${c.check} ${c.field}`)).toEqual([
      '07AAACZ0002B1Z3 gst.verify status',
      '27AAACZ0003C1Z1 gst.verify trade_name',
      '29AAACZ0001A1Z5 gst.verify cancellation_date',
      '29AAACZ0001A1Z5 gst.verify gst_status',
    ]);
    expect(run([...entries].reverse())).toEqual(changes);
  });

  it('counts the rows, the identifiers that changed and the high-severity changes', () => {
    expect(summarizeChanges(run(entries), entries.length)).toEqual({ rows: 5, changed: 3, new_high_severity: 3 });
    expect(summarizeChanges([], 7)).toEqual({ rows: 7, changed: 0, new_high_severity: 0 });
  });
});

describe('changesToCsv', () => {
  const change: PortfolioChange = {
    identifier: ID,
    vendor_name: 'Sharma Traders',
    vendor_code: 'V0042',
    check: 'gst.verify',
    field: 'trade_name',
    description: 'Trade name changed',
    before: null,
    after: '=HYPERLINK("http://evil.example","x")',
    severity: 'low',
    detected_at: DETECTED_AT,
  };

  it('writes the header and one line per change, BOM and CRLF, null as an empty cell', () => {
    const csv = changesToCsv([{ ...change, after: 'UT, "NEW"' }]);
    expect(csv.startsWith('\uFEFFidentifier,vendor_name,vendor_code,check,field,description,before,after,severity,detected_at\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      [...changesCsvHeader],
      [ID, 'Sharma Traders', 'V0042', 'gst.verify', 'trade_name', 'Trade name changed', '', 'UT, "NEW"', 'low', DETECTED_AT],
    ]);
  });

  it('escapes a value that starts with = against formula injection', () => {
    const [, row] = parse(changesToCsv([change]), { bom: true }) as string[][];
    expect(row?.[changesCsvHeader.indexOf('after')]).toBe('\'=HYPERLINK("http://evil.example","x")');
  });
});

describe('business360Baseline: a module that failed last time is compared with its own last answer', () => {
  const clean = profile();
  const returnsFailed = profile({ gst_returns: failed() });
  const twoGaps = profile({ gst_returns: ok(returnsRecord(twelvePeriods({ 0: ['filed', 'not_filed'], 1: ['filed', 'not_filed'] }))) });
  const gapFindings = [
    { check: 'business360', field: 'risk.flags.GST_RETURNS_NOT_FILED', before: null, after: 'high', severity: 'high' },
    { check: 'business360', field: 'risk.level', before: 'low', after: 'high', severity: 'high' },
    { check: 'gst.returns', field: 'periods.2026-09.gstr3b', before: 'filed', after: 'not_filed', severity: 'high' },
    { check: 'gst.returns', field: 'periods.2026-10.gstr3b', before: 'filed', after: 'not_filed', severity: 'high' },
  ];

  it('finds the gaps that appeared while GST Returns was failing', () => {
    // Against the failed run alone nothing of GST Returns can be judged: the gaps would be lost.
    expect(diff360(returnsFailed, twoGaps)).toEqual([]);
    const baseline = business360Baseline(okRow(returnsFailed), [okRow(clean)]);
    expect(diffOne('business360', baseline, okRow(twoGaps))).toEqual(gapFindings);
  });

  it('looks past older runs where the module failed too, and past rows that failed whole', () => {
    const baseline = business360Baseline(okRow(returnsFailed), [statusRow('failed'), okRow(returnsFailed), okRow(clean)]);
    expect(diffOne('business360', baseline, okRow(twoGaps))).toEqual(gapFindings);
  });

  it('keeps the failed module out of the comparison when no older run answered it', () => {
    const latest = okRow(returnsFailed);
    expect(business360Baseline(latest, [statusRow('failed'), okRow(returnsFailed)])).toBe(latest);
    expect(diffOne('business360', business360Baseline(latest, []), okRow(twoGaps))).toEqual([]);
  });

  it('brings back with GST the PAN name mismatch judged from it, so an unchanged profile shows no change', () => {
    const withMatch = (overrides: Partial<Business360Modules>): Business360Profile => {
      const modules = cleanModules(overrides);
      const flags = riskFlags(modules, { now: NOW, panNameMatch: 'no_match' });
      const identifiers = { pan: 'AAPFU0939F', gstin: ID, cin: 'U51909MH2010PTC201234', llpin: null };
      return { summary: buildSummary({ identifiers, modules, flags }), ...modules };
    };
    const mismatch = withMatch({});
    const gstFailed = withMatch({ gst: failed() });
    expect(mismatch.summary.risk.flags.map((f) => f.code)).toContain('PAN_NAME_MISMATCH');
    // With GST down the mismatch cannot be judged: the failed run has no such flag.
    expect(gstFailed.summary.risk.flags.map((f) => f.code)).not.toContain('PAN_NAME_MISMATCH');
    expect(diffOne('business360', business360Baseline(okRow(gstFailed), [okRow(mismatch)]), okRow(mismatch))).toEqual([]);
  });

  it('changes nothing for a row whose modules all answered, or a row not found', () => {
    expect(business360Baseline(okRow(clean), [okRow(twoGaps)])).toEqual(okRow(clean));
    expect(business360Baseline(statusRow('not_found'), [okRow(clean)])).toEqual(statusRow('not_found'));
  });
});
