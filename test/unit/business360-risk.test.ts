import { describe, expect, it } from 'vitest';
import type { RiskFlag } from '../../src/domain/business360/profile.js';
import { addMonthsToDate } from '../../src/domain/business360/calendar.js';
import { riskFlags, riskLevel, type RiskContext } from '../../src/domain/business360/risk.js';
import {
  NOW,
  cleanModules,
  companyRecord,
  director,
  directorsRecord,
  failed,
  gstRecord,
  llpRecord,
  months,
  notFound,
  ok,
  panRecord,
  period,
  returnsRecord,
  skipped,
  twelvePeriods,
} from './business360-builders.js';

const at: RiskContext = { now: NOW };
const codes = (flags: RiskFlag[]) => flags.map((f) => `${f.module}:${f.code}:${f.severity}`);

describe('Business360 risk flags', () => {
  it('raises nothing for a clean, established business', () => {
    expect(riskFlags(cleanModules(), at)).toEqual([]);
  });

  describe('GST registration', () => {
    it('flags a cancelled GSTIN as high and names the cancellation date', () => {
      const modules = cleanModules({
        gst: ok(gstRecord({ status: 'Cancelled', cancellation_date: '2024-10-15' })),
      });
      expect(riskFlags(modules, at)).toEqual([
        {
          code: 'GST_CANCELLED',
          severity: 'high',
          message: 'GSTIN 27AAPFU0939F1ZV was cancelled on 2024-10-15',
          module: 'gst',
        },
      ]);
    });

    it('flags a suspended GSTIN as high', () => {
      const flags = riskFlags(cleanModules({ gst: ok(gstRecord({ status: 'Suspended' })) }), at);
      expect(codes(flags)).toEqual(['gst:GST_SUSPENDED:high']);
      expect(flags[0]?.message).toBe('GSTIN 27AAPFU0939F1ZV is suspended');
    });

    it('flags a registration 179 days old as recent (low)', () => {
      const flags = riskFlags(cleanModules({ gst: ok(gstRecord({ registration_date: '2026-05-26' })) }), at);
      expect(codes(flags)).toEqual(['gst:GST_RECENTLY_REGISTERED:low']);
      expect(flags[0]?.message).toBe('GSTIN 27AAPFU0939F1ZV was registered on 2026-05-26, less than 180 days ago');
    });

    it('does not flag a registration exactly 180 days old, nor 181', () => {
      for (const date of ['2026-05-25', '2026-05-24']) {
        expect(riskFlags(cleanModules({ gst: ok(gstRecord({ registration_date: date })) }), at)).toEqual([]);
      }
    });

    it('counts days by the calendar date in India, not UTC', () => {
      // 20 Nov 2026 19:00 UTC is already 21 Nov 00:30 in India: 2026-05-25 is 180 days back.
      const justAfterIstMidnight = new Date('2026-11-20T19:00:00Z');
      const modules = cleanModules({ gst: ok(gstRecord({ registration_date: '2026-05-25' })) });
      expect(riskFlags(modules, { now: justAfterIstMidnight })).toEqual([]);
      expect(codes(riskFlags(modules, { now: new Date('2026-11-20T18:00:00Z') }))).toEqual([
        'gst:GST_RECENTLY_REGISTERED:low',
      ]);
    });
  });

  describe('GST returns', () => {
    const withReturns = (periods: ReturnType<typeof twelvePeriods>) =>
      riskFlags(cleanModules({ gst_returns: ok(returnsRecord(periods)) }), at);

    it('flags one period not filed in the last 6 as medium and names it', () => {
      const flags = withReturns(twelvePeriods({ 2: ['filed', 'not_filed'] }));
      expect(flags).toEqual([
        {
          code: 'GST_RETURNS_NOT_FILED',
          severity: 'medium',
          message: '1 of the last 6 GST return periods was not filed: 2026-08 (GSTR-3B)',
          module: 'gst_returns',
        },
      ]);
    });

    it('flags two periods not filed in the last 6 as high', () => {
      const flags = withReturns(twelvePeriods({ 0: ['not_filed', 'not_filed'], 5: ['filed', 'not_filed'] }));
      expect(codes(flags)).toEqual(['gst_returns:GST_RETURNS_NOT_FILED:high']);
      expect(flags[0]?.message).toBe(
        '2 of the last 6 GST return periods were not filed: 2026-10 (GSTR-1, GSTR-3B), 2026-05 (GSTR-3B)',
      );
    });

    it('ignores a period not filed outside the last 6 (the 7th most recent)', () => {
      const flags = withReturns(twelvePeriods({ 1: ['filed', 'not_filed'], 6: ['filed', 'not_filed'] }));
      expect(codes(flags)).toEqual(['gst_returns:GST_RETURNS_NOT_FILED:medium']);
      expect(withReturns(twelvePeriods({ 6: ['not_filed', 'not_filed'], 11: ['not_filed', 'not_filed'] }))).toEqual([]);
    });

    it('counts a period as not filed when only its GSTR-1 is missing', () => {
      expect(codes(withReturns(twelvePeriods({ 0: ['not_filed', 'filed'] })))).toEqual([
        'gst_returns:GST_RETURNS_NOT_FILED:medium',
      ]);
    });

    it('judges a new registration with fewer than 6 periods on the periods it has', () => {
      const [m0, m1, m2] = months(3) as [string, string, string];
      const flags = withReturns([period(m0, 'filed', 'not_filed'), period(m1), period(m2, 'filed', 'not_filed')]);
      expect(codes(flags)).toEqual(['gst_returns:GST_RETURNS_NOT_FILED:high']);
      expect(flags[0]?.message).toMatch(/^2 of the last 3 GST return periods were not filed/);
      expect(withReturns([])).toEqual([]);
    });

    it('flags 3 periods filed late in the last 12 as medium', () => {
      const flags = withReturns(twelvePeriods({ 0: ['late', 'filed'], 4: ['filed', 'late'], 11: ['late', 'late'] }));
      expect(flags).toEqual([
        {
          code: 'GST_RETURNS_LATE',
          severity: 'medium',
          message:
            '3 of the last 12 GST return periods were filed late: 2026-10 (GSTR-1), 2026-06 (GSTR-3B), 2025-11 (GSTR-1, GSTR-3B)',
          module: 'gst_returns',
        },
      ]);
    });

    it('does not flag 2 periods filed late in the last 12', () => {
      expect(withReturns(twelvePeriods({ 0: ['late', 'filed'], 11: ['filed', 'late'] }))).toEqual([]);
    });

    it('ignores a late period beyond the last 12', () => {
      const thirteen = months(13).map((m, i) => (i === 0 || i === 5 || i === 12 ? period(m, 'late', 'filed') : period(m)));
      expect(withReturns(thirteen)).toEqual([]);
    });

    it('counts a period with one late and one missing return as not filed, never as late', () => {
      // Three such periods: not filed (high), and not 3 late periods.
      const flags = withReturns(
        twelvePeriods({ 0: ['late', 'not_filed'], 1: ['not_filed', 'late'], 2: ['late', 'not_filed'] }),
      );
      expect(codes(flags)).toEqual(['gst_returns:GST_RETURNS_NOT_FILED:high']);
    });

    it('reports not filed before late when both apply', () => {
      const flags = withReturns(
        twelvePeriods({ 0: ['not_filed', 'filed'], 3: ['late', 'filed'], 7: ['late', 'filed'], 9: ['filed', 'late'] }),
      );
      expect(codes(flags)).toEqual(['gst_returns:GST_RETURNS_NOT_FILED:medium', 'gst_returns:GST_RETURNS_LATE:medium']);
    });
  });

  describe('PAN', () => {
    it('flags an invalid PAN as high', () => {
      const flags = riskFlags(cleanModules({ pan: ok(panRecord({ valid: false, status: 'Invalid' })) }), at);
      expect(flags).toEqual([{ code: 'PAN_INVALID', severity: 'high', message: 'PAN AAPFU0939F is not valid', module: 'pan' }]);
    });

    it('flags a GST legal name that does not match the PAN name as medium, without the PAN name', () => {
      const flags = riskFlags(cleanModules(), { now: NOW, panNameMatch: 'no_match' });
      expect(flags).toEqual([
        {
          code: 'PAN_NAME_MISMATCH',
          severity: 'medium',
          message: 'GST legal name "UNITED TRADERS" does not match the name registered for PAN AAPFU0939F',
          module: 'pan',
        },
      ]);
    });

    it('does not flag a partial match, a match, or no comparison', () => {
      for (const panNameMatch of ['match', 'partial', null, undefined] as const) {
        expect(riskFlags(cleanModules(), { now: NOW, panNameMatch })).toEqual([]);
      }
    });

    it('does not flag a name mismatch when the GST module is not ok (no legal name to compare)', () => {
      expect(riskFlags(cleanModules({ gst: skipped() }), { now: NOW, panNameMatch: 'no_match' })).toEqual([]);
    });
  });

  describe('company', () => {
    const withCompany = (company: ReturnType<typeof companyRecord>) => riskFlags(cleanModules({ company: ok(company) }), at);

    it('flags a struck-off company as high', () => {
      const flags = withCompany(companyRecord({ status: 'Strike Off' }));
      expect(flags).toEqual([
        {
          code: 'COMPANY_STRUCK_OFF',
          severity: 'high',
          message: 'Company U51909MH2010PTC201234 (UNITED TRADERS PRIVATE LIMITED) is struck off the register',
          module: 'company',
        },
      ]);
    });

    it('flags a company under liquidation as high', () => {
      expect(codes(withCompany(companyRecord({ status: 'Under Liquidation' })))).toEqual([
        'company:COMPANY_UNDER_LIQUIDATION:high',
      ]);
    });

    it('does not flag an AGM exactly 18 months ago, and flags one a day earlier as overdue', () => {
      expect(withCompany(companyRecord({ last_agm_date: '2025-05-21' }))).toEqual([]);
      const flags = withCompany(companyRecord({ last_agm_date: '2025-05-20' }));
      expect(codes(flags)).toEqual(['company:COMPANY_FILINGS_OVERDUE:medium']);
      expect(flags[0]?.message).toBe(
        'Company U51909MH2010PTC201234 (UNITED TRADERS PRIVATE LIMITED) filings are more than 18 months old: last AGM 2025-05-20',
      );
    });

    it('does not flag a balance sheet exactly 18 months old, and flags one a day older', () => {
      expect(withCompany(companyRecord({ last_balance_sheet_date: '2025-05-21' }))).toEqual([]);
      expect(codes(withCompany(companyRecord({ last_balance_sheet_date: '2025-05-20' })))).toEqual([
        'company:COMPANY_FILINGS_OVERDUE:medium',
      ]);
    });

    it('counts 18 calendar months from a month-end date to the end of the shorter month', () => {
      // 2025-05-31 + 18 months = 2026-11-30 (November has no 31st).
      const company = cleanModules({ company: ok(companyRecord({ last_agm_date: '2025-05-31' })) });
      expect(riskFlags(company, { now: new Date('2026-11-30T06:30:00Z') })).toEqual([]);
      expect(codes(riskFlags(company, { now: new Date('2026-12-01T06:30:00Z') }))).toEqual([
        'company:COMPANY_FILINGS_OVERDUE:medium',
      ]);
    });

    it('names both stale dates in one flag', () => {
      const flags = withCompany(companyRecord({ last_agm_date: '2023-09-30', last_balance_sheet_date: '2023-03-31' }));
      expect(flags).toHaveLength(1);
      expect(flags[0]?.message).toMatch(/last AGM 2023-09-30; last balance sheet 2023-03-31$/);
    });

    it('counts a missing AGM as overdue for a company incorporated more than 18 months ago', () => {
      const flags = withCompany(companyRecord({ last_agm_date: null }));
      expect(codes(flags)).toEqual(['company:COMPANY_FILINGS_OVERDUE:medium']);
      expect(flags[0]?.message).toMatch(/no AGM on record since incorporation on 2010-04-01$/);
    });

    it('does not count missing filings against a company incorporated exactly 18 months ago', () => {
      const young = companyRecord({ date_of_incorporation: '2025-05-21', last_agm_date: null, last_balance_sheet_date: null });
      expect(withCompany(young)).toEqual([]);
      const older = companyRecord({ date_of_incorporation: '2025-05-20', last_agm_date: null, last_balance_sheet_date: null });
      expect(withCompany(older)[0]?.message).toMatch(
        /no AGM on record since incorporation on 2025-05-20; no balance sheet on record since incorporation on 2025-05-20$/,
      );
    });

    it('judges an LLP by its balance sheet only, since an LLP holds no AGM', () => {
      expect(withCompany(llpRecord({ last_agm_date: null, last_balance_sheet_date: '2025-05-21' }))).toEqual([]);
      const flags = withCompany(llpRecord({ last_agm_date: null, last_balance_sheet_date: '2025-05-20' }));
      expect(flags.map((f) => f.message)).toEqual([
        'LLP AAB-1234 (UNITED TRADERS LLP) filings are more than 18 months old: last balance sheet 2025-05-20',
      ]);
      expect(codes(withCompany(llpRecord({ last_balance_sheet_date: null })))).toEqual([
        'company:COMPANY_FILINGS_OVERDUE:medium',
      ]);
    });

    it('flags a company incorporated less than a year ago as low, and not one incorporated exactly a year ago', () => {
      const recent = withCompany(companyRecord({ date_of_incorporation: '2025-11-22', last_agm_date: null, last_balance_sheet_date: null }));
      expect(recent).toEqual([
        {
          code: 'COMPANY_RECENTLY_INCORPORATED',
          severity: 'low',
          message: 'Company U51909MH2010PTC201234 (UNITED TRADERS PRIVATE LIMITED) was incorporated on 2025-11-22, less than a year ago',
          module: 'company',
        },
      ]);
      expect(withCompany(companyRecord({ date_of_incorporation: '2025-11-21', last_agm_date: null, last_balance_sheet_date: null }))).toEqual([]);
    });
  });

  describe('directors', () => {
    const withDirectors = (...list: ReturnType<typeof director>[]) =>
      riskFlags(cleanModules({ directors: ok(directorsRecord(list)) }), at);

    it('flags a current director whose DIN is disqualified as high and names them', () => {
      expect(withDirectors(director(), director({ din: '07654321', name: 'RAVI MEHTA', din_status: 'Disqualified' }))).toEqual([
        {
          code: 'DIRECTOR_DISQUALIFIED',
          severity: 'high',
          message: 'Current director RAVI MEHTA (DIN 07654321) is disqualified',
          module: 'directors',
        },
      ]);
    });

    it('does not flag a disqualified director who has ceased', () => {
      expect(withDirectors(director(), director({ din: '07654321', ceased_on: '2022-03-31', din_status: 'Disqualified' }))).toEqual([]);
    });

    it('raises one flag naming every disqualified current director', () => {
      const flags = withDirectors(
        director({ din_status: 'Disqualified' }),
        director({ din: '07654321', name: 'RAVI MEHTA', din_status: 'Disqualified' }),
      );
      expect(flags.map((f) => f.message)).toEqual([
        '2 current directors are disqualified: ASHA MEHTA (DIN 01234567), RAVI MEHTA (DIN 07654321)',
      ]);
    });
  });

  describe('modules that did not answer ok', () => {
    it('raises MODULE_UNAVAILABLE (low) for each failed module, naming the module and error code', () => {
      const flags = riskFlags(cleanModules({ pan: failed(), cin_pan: failed() }), at);
      expect(flags).toEqual([
        {
          code: 'MODULE_UNAVAILABLE',
          severity: 'low',
          message: 'The pan check failed (SOURCE_UNAVAILABLE), so that part of the profile is missing',
          module: 'pan',
        },
        {
          code: 'MODULE_UNAVAILABLE',
          severity: 'low',
          message: 'The cin_pan check failed (SOURCE_UNAVAILABLE), so that part of the profile is missing',
          module: 'cin_pan',
        },
      ]);
    });

    it('raises nothing for a module not found or skipped', () => {
      expect(riskFlags(cleanModules({ company: notFound(), directors: skipped() }), at)).toEqual([]);
    });

    it('ignores the data of a module that is not ok', () => {
      const cancelled = gstRecord({ status: 'Cancelled', cancellation_date: '2024-10-15' });
      const struckOff = companyRecord({ status: 'Strike Off' });
      const modules = cleanModules({
        gst: failed(cancelled),
        company: { ...notFound(), data: struckOff },
        pan: { ...skipped(), data: panRecord({ valid: false }) },
      });
      expect(codes(riskFlags(modules, at))).toEqual(['gst:MODULE_UNAVAILABLE:low']);
    });
  });

  it('orders flags by module (gst, gst_returns, pan, company, directors, cin_pan), then by the table', () => {
    const modules = cleanModules({
      directors: ok(directorsRecord([director({ din_status: 'Disqualified' })])),
      cin_pan: failed(),
      company: ok(companyRecord({ status: 'Strike Off', last_agm_date: '2020-09-30' })),
      pan: ok(panRecord({ valid: false })),
      gst_returns: ok(returnsRecord(twelvePeriods({ 0: ['filed', 'not_filed'], 1: ['late', 'filed'], 2: ['late', 'filed'], 3: ['late', 'filed'] }))),
      gst: ok(gstRecord({ status: 'Cancelled', registration_date: '2026-06-01', cancellation_date: '2026-11-01' })),
    });
    expect(codes(riskFlags(modules, { now: NOW, panNameMatch: 'no_match' }))).toEqual([
      'gst:GST_CANCELLED:high',
      'gst:GST_RECENTLY_REGISTERED:low',
      'gst_returns:GST_RETURNS_NOT_FILED:medium',
      'gst_returns:GST_RETURNS_LATE:medium',
      'pan:PAN_INVALID:high',
      'pan:PAN_NAME_MISMATCH:medium',
      'company:COMPANY_STRUCK_OFF:high',
      'company:COMPANY_FILINGS_OVERDUE:medium',
      'directors:DIRECTOR_DISQUALIFIED:high',
      'cin_pan:MODULE_UNAVAILABLE:low',
    ]);
  });
});

describe('Business360 risk level', () => {
  const f = (severity: RiskFlag['severity'], code = 'X'): RiskFlag => ({ code, severity, message: code, module: 'gst' });

  it('is low with no flags', () => {
    expect(riskLevel([])).toBe('low');
  });

  it('is low with two low flags', () => {
    expect(riskLevel([f('low'), f('low')])).toBe('low');
  });

  it('is medium with three low flags', () => {
    expect(riskLevel([f('low'), f('low'), f('low')])).toBe('medium');
  });

  it('is medium with one medium flag', () => {
    expect(riskLevel([f('medium')])).toBe('medium');
    expect(riskLevel([f('low'), f('medium')])).toBe('medium');
  });

  it('is high with one high flag, whatever else is present', () => {
    expect(riskLevel([f('high')])).toBe('high');
    expect(riskLevel([f('low'), f('low'), f('low'), f('medium'), f('high')])).toBe('high');
  });

  it('counts three failed modules as a medium risk: too much of the picture is missing', () => {
    const flags = riskFlags(cleanModules({ gst: failed(), pan: failed(), company: failed() }), at);
    expect(riskLevel(flags)).toBe('medium');
  });
});

describe('calendar months for the risk rules', () => {
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonthsToDate('2025-05-21', 18)).toBe('2026-11-21');
    expect(addMonthsToDate('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonthsToDate('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsToDate('2027-08-31', 6)).toBe('2028-02-29');
  });
});
