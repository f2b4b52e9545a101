import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  financialYearsFor,
  gspErrorMeaning,
  gspFilings,
  gspRegistration,
  gspReturnsAnswer,
  gspTaxpayerRecord,
  moreYearsIfQuarterly,
} from '../../src/sources/adapters/gstn-gsp/map.js';
import { gspEnvelope, gspReturns, gspTaxpayer } from '../../src/sources/adapters/gstn-gsp/wire.js';
import { nicNotFound, nicRecord } from '../../src/sources/adapters/nic-einvoice/map.js';
import { nicGstin } from '../../src/sources/adapters/nic-einvoice/wire.js';
import { upstreamFixture } from '../helpers/upstream-fixtures.js';

function taxpayer(name: string, change: Record<string, unknown> = {}) {
  return gspTaxpayer.parse({ ...upstreamFixture('gstn-gsp', name), ...change });
}

function errorOf(name: string) {
  const envelope = gspEnvelope.parse(upstreamFixture('gstn-gsp', name));
  return gspErrorMeaning(envelope.status_cd, envelope.error);
}

function filingsOf(name: string) {
  return gspFilings(gspReturns.parse(upstreamFixture('gstn-gsp', name)).EFiledlist ?? []);
}

describe('gstn-gsp search → gst.verify', () => {
  it('maps the documented example field by field', () => {
    expect(gspTaxpayerRecord(taxpayer('search-active'), '24AABCX1234X1ZR')).toEqual({
      outcome: 'ok',
      value: {
        gstin: '24AABCX1234X1ZR',
        legal_name: 'EXAMPLE PRIVATE LIMITED',
        trade_name: 'EXAMPLE',
        status: 'Active',
        registration_date: '2017-07-01',
        cancellation_date: null,
        taxpayer_type: 'Regular',
        constitution: 'Private Limited Company',
        state: 'Gujarat',
        state_code: '24',
        pan: 'AABCX1234X',
        // line1 from bno, flno, bnm, st without the empty ones; city falls back to dst.
        principal_place: { line1: 'Plot 420, GIDC', locality: 'Por', city: 'Vadodara', district: 'Vadodara', state: 'Gujarat', pincode: '391243' },
        nature_of_business: ['Wholesale Business', 'Office / Sale Office'],
        einvoice_enabled: false,
      },
    });
  });

  it('reads NA and "-" as empty, ignores extra keys, and joins every building part in order', () => {
    const result = gspTaxpayerRecord(taxpayer('search-provisional-sparse'), '29AAGCB7383J1Z4');
    expect(result).toMatchObject({
      outcome: 'ok',
      value: {
        status: 'Active',
        trade_name: '',
        constitution: '',
        cancellation_date: null,
        taxpayer_type: 'Regular',
        nature_of_business: ['Warehouse / Depot'],
        einvoice_enabled: true,
        principal_place: {
          line1: 'Unit 512, 5th Floor, Prestige Tech Park, Outer Ring Road',
          locality: 'Marathahalli',
          city: 'Bengaluru',
          district: 'Bengaluru Urban',
          state: 'Karnataka',
          pincode: '560103',
        },
      },
    });
  });

  it('maps a cancelled composition taxpayer with its cancellation date', () => {
    expect(gspTaxpayerRecord(taxpayer('search-cancelled-composition'), '27AAPFU0939F1ZV')).toMatchObject({
      outcome: 'ok',
      value: { status: 'Cancelled', cancellation_date: '2023-08-31', taxpayer_type: 'Composition', state: 'Maharashtra', state_code: '27', pan: 'AAPFU0939F' },
    });
  });

  it('parses a flat pradr.adr string with a glued pincode', () => {
    expect(gspTaxpayerRecord(taxpayer('search-flat-address'), '33AAACT2727Q1ZW')).toMatchObject({
      outcome: 'ok',
      value: {
        status: 'Suspended',
        taxpayer_type: 'Regular',
        state: 'Tamil Nadu',
        principal_place: { line1: 'Survey No. 112/3, Avinashi Road', locality: 'Peelamedu', city: 'Coimbatore', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641004' },
      },
    });
  });

  it.each([
    ['Active', 'Active'],
    ['Provisional', 'Active'],
    ['Cancelled', 'Cancelled'],
    ['Inactive', 'Cancelled'],
    ['Suspended', 'Suspended'],
  ])('maps sts %s to %s', (sts, status) => {
    expect(gspTaxpayerRecord(taxpayer('search-active', { sts }), '24AABCX1234X1ZR')).toMatchObject({ outcome: 'ok', value: { status } });
  });

  it.each([
    ['Composition', 'Composition'],
    ['Regular', 'Regular'],
    ['Input Service Distributor (ISD)', 'Regular'],
    ['Tax Deductor', 'Regular'],
    ['Tax Collector (Electronic Commerce Operator)', 'Regular'],
    ['SEZ Unit', 'Regular'],
    ['SEZ Developer', 'Regular'],
    ['United Nation Body', 'Regular'],
    ['Consulate or Embassy of Foreign Country', 'Regular'],
    ['Non Resident Taxable Person', 'Regular'],
    ['Non Resident Online Services Provider', 'Regular'],
  ])('maps dty %s to %s', (dty, taxpayerType) => {
    expect(gspTaxpayerRecord(taxpayer('search-active', { dty }), '24AABCX1234X1ZR')).toMatchObject({ outcome: 'ok', value: { taxpayer_type: taxpayerType } });
  });

  it('answers bad_response for an unknown sts, an unreadable date, no legal name, or another GSTIN', () => {
    expect(gspTaxpayerRecord(taxpayer('search-active', { sts: 'Migrated' }), '24AABCX1234X1ZR').outcome).toBe('bad_response');
    expect(gspTaxpayerRecord(taxpayer('search-active', { rgdt: '31/02/2017' }), '24AABCX1234X1ZR').outcome).toBe('bad_response');
    expect(gspTaxpayerRecord(taxpayer('search-active', { rgdt: 'NA' }), '24AABCX1234X1ZR').outcome).toBe('bad_response');
    expect(gspTaxpayerRecord(taxpayer('search-active', { cxdt: 'soon' }), '24AABCX1234X1ZR').outcome).toBe('bad_response');
    expect(gspTaxpayerRecord(taxpayer('search-active', { lgnm: '' }), '24AABCX1234X1ZR').outcome).toBe('bad_response');
    expect(gspTaxpayerRecord(taxpayer('search-active'), '27AAPFU0939F1ZV').outcome).toBe('bad_response');
  });

  it('rejects a body whose shape is wrong (nba not a list)', () => {
    expect(gspTaxpayer.safeParse({ ...upstreamFixture('gstn-gsp', 'search-active'), nba: 'Retail' }).success).toBe(false);
  });
});

describe('gstn-gsp error envelope', () => {
  it('reads SWEB_9035 and FO8000 as not_found', () => {
    expect(errorOf('error-sweb-9035')).toMatchObject({ kind: 'failure', outcome: 'not_found' });
    expect(errorOf('error-fo8000')).toMatchObject({ kind: 'failure', outcome: 'not_found' });
  });

  it('reads GSPERR300, and GSPGSTDOWN in a message, as unavailable', () => {
    expect(errorOf('error-gsperr300')).toMatchObject({ kind: 'failure', outcome: 'unavailable' });
    expect(errorOf('error-gspgstdown-message')).toMatchObject({ kind: 'failure', outcome: 'unavailable' });
  });

  it('reads RET13510 as "no records", an empty list', () => {
    expect(errorOf('error-ret13510')).toEqual({ kind: 'no_records' });
  });

  it('reads an error code it does not know as bad_response', () => {
    expect(errorOf('error-unknown')).toMatchObject({ kind: 'failure', outcome: 'bad_response' });
  });

  it('finds no error in a taxpayer answer', () => {
    const envelope = gspEnvelope.parse(upstreamFixture('gstn-gsp', 'search-active'));
    expect(gspErrorMeaning(envelope.status_cd, envelope.error)).toBeUndefined();
  });
});

describe('gstn-gsp RETTRACK → gst.returns', () => {
  it('keeps GSTR-1 and GSTR-3B with YYYY-MM periods and ISO filing dates; drops GSTR9, GSTR9C and entries marked invalid', () => {
    expect(filingsOf('rettrack-monthly')).toEqual({
      outcome: 'ok',
      value: [
        { period: '2026-10', returnType: 'GSTR1', filedOn: '2026-11-09' },
        { period: '2026-10', returnType: 'GSTR3B', filedOn: '2026-11-18' },
        { period: '2026-09', returnType: 'GSTR1', filedOn: '2026-10-11' },
        { period: '2026-09', returnType: 'GSTR3B', filedOn: '2026-10-25' },
      ],
    });
  });

  it('answers bad_response for an unreadable dof or ret_prd', () => {
    expect(filingsOf('rettrack-bad-date').outcome).toBe('bad_response');
    expect(filingsOf('rettrack-bad-period').outcome).toBe('bad_response');
  });

  it('infers quarterly when every filing is for a quarter-end month, monthly otherwise', () => {
    const registration = gspRegistration(taxpayer('search-cancelled-composition', { sts: 'Active', cxdt: '' }), '27AAPFU0939F1ZV');
    if (registration.outcome !== 'ok') throw new Error('registration expected');
    const quarterly = filingsOf('rettrack-quarterly');
    const monthly = filingsOf('rettrack-monthly');
    if (quarterly.outcome !== 'ok' || monthly.outcome !== 'ok') throw new Error('filings expected');
    expect(gspReturnsAnswer(registration.value, quarterly.value).frequency).toBe('quarterly');
    expect(gspReturnsAnswer(registration.value, monthly.value).frequency).toBe('monthly');
  });

  it('with no filings at all, reads Composition as quarterly and anything else as monthly', () => {
    const composition = gspRegistration(taxpayer('search-cancelled-composition'), '27AAPFU0939F1ZV');
    const regular = gspRegistration(taxpayer('search-active'), '24AABCX1234X1ZR');
    if (composition.outcome !== 'ok' || regular.outcome !== 'ok') throw new Error('registrations expected');
    expect(gspReturnsAnswer(composition.value, [])).toEqual({
      gstin: '27AAPFU0939F1ZV',
      frequency: 'quarterly',
      filings: [],
      registrationDate: '2017-07-01',
      cancellationDate: '2023-08-31',
    });
    expect(gspReturnsAnswer(regular.value, []).frequency).toBe('monthly');
  });

  it('names financial years as RETTRACK does (April to March)', () => {
    expect(financialYearOf('2026-04')).toBe('2026-27');
    expect(financialYearOf('2026-03')).toBe('2025-26');
    expect(financialYearOf('2099-12')).toBe('2099-00');
  });

  it('asks for the current and previous financial years for a monthly filer', () => {
    expect(financialYearsFor(new Date('2026-11-21T06:00:00Z'), 'monthly', '2017-07-01')).toEqual(['2026-27', '2025-26']);
  });

  it('also asks for the year before in early April, when the 12th period back lies there', () => {
    // On 10 April 2026 the last due period is February 2026; twelve back is March 2025 (FY 2024-25).
    expect(financialYearsFor(new Date('2026-04-10T06:00:00Z'), 'monthly', '2017-07-01')).toEqual(['2026-27', '2025-26', '2024-25']);
  });

  it('asks for at least four years for a quarterly filer, and only those not yet asked', () => {
    const now = new Date('2026-11-21T06:00:00Z');
    expect(financialYearsFor(now, 'quarterly', '2017-07-01')).toEqual(['2026-27', '2025-26', '2024-25', '2023-24']);
    expect(moreYearsIfQuarterly(now, '2017-07-01', ['2026-27', '2025-26'])).toEqual(['2024-25', '2023-24']);
  });

  it('asks for the years before the cancellation for a cancelled registration, whose periods end there', () => {
    // Cancelled in October 2024: the twelve periods listed run to September/October 2024.
    expect(financialYearsFor(new Date('2026-11-21T06:00:00Z'), 'monthly', '2017-07-01', '2024-10-15')).toEqual(['2024-25', '2023-24']);
  });

  it('skips financial years that ended before the registration date', () => {
    expect(financialYearsFor(new Date('2026-11-21T06:00:00Z'), 'quarterly', '2025-04-01')).toEqual(['2026-27', '2025-26']);
    expect(financialYearsFor(new Date('2026-11-21T06:00:00Z'), 'monthly', '2026-03-31')).toEqual(['2026-27', '2025-26']);
  });

  it('uses the date in India, not UTC, to pick the current year', () => {
    // 31 March 2026 21:00 UTC is already 1 April 2026 in India.
    expect(financialYearsFor(new Date('2026-03-31T21:00:00Z'), 'monthly', '2017-07-01')[0]).toBe('2026-27');
  });
});

describe('nic-einvoice → gst.verify', () => {
  it('maps the documented example; constitution, nature of business, e-invoice flag, city and district are empty', () => {
    const wire = nicGstin.parse(upstreamFixture('nic-einvoice', 'gstin-active'));
    expect(nicNotFound(wire)).toBeUndefined();
    expect(nicRecord(wire, '29AWGPV7107B1Z1')).toEqual({
      outcome: 'ok',
      value: {
        gstin: '29AWGPV7107B1Z1',
        legal_name: 'VIJAYA KUMAR RAO',
        trade_name: 'VIJAY ENTERPRISES',
        status: 'Active',
        registration_date: '2017-07-01',
        cancellation_date: null,
        taxpayer_type: 'Regular',
        constitution: '',
        state: 'Karnataka',
        state_code: '29',
        pan: 'AWGPV7107B',
        principal_place: { line1: 'No 12, Sri Sai Complex, 80 Feet Road', locality: 'Indiranagar', city: '', district: '', state: 'Karnataka', pincode: '560038' },
        nature_of_business: [],
        einvoice_enabled: false,
      },
    });
  });

  it('zero-pads StateCode, reads COM as Composition, CNL as Cancelled with DtDReg, and NA/"-" as empty', () => {
    const wire = nicGstin.parse(upstreamFixture('nic-einvoice', 'gstin-cancelled-composition'));
    expect(nicRecord(wire, '07AAGFD1234K1Z9')).toMatchObject({
      outcome: 'ok',
      value: {
        status: 'Cancelled',
        cancellation_date: '2024-02-29',
        taxpayer_type: 'Composition',
        trade_name: '',
        state: 'Delhi',
        principal_place: { line1: 'B-14, Okhla Industrial Area Phase II', locality: 'Okhla', state: 'Delhi', pincode: '110020' },
      },
    });
  });

  it.each([
    ['ACT', 'Active'],
    ['PRO', 'Active'],
    ['CNL', 'Cancelled'],
    ['INA', 'Cancelled'],
    ['SUS', 'Suspended'],
  ])('maps Status %s to %s', (Status, status) => {
    const wire = nicGstin.parse({ ...upstreamFixture('nic-einvoice', 'gstin-active'), Status });
    expect(nicRecord(wire, '29AWGPV7107B1Z1')).toMatchObject({ outcome: 'ok', value: { status } });
  });

  it('reads any ErrorDetails without a Gstin as not found', () => {
    expect(nicNotFound(nicGstin.parse(upstreamFixture('nic-einvoice', 'not-found-3001')))).toContain('3001');
    expect(nicNotFound(nicGstin.parse(upstreamFixture('nic-einvoice', 'not-found-3028')))).toContain('3028');
  });

  it('answers bad_response for an unknown Status or a GSTIN other than the one asked', () => {
    const wire = nicGstin.parse({ ...upstreamFixture('nic-einvoice', 'gstin-active'), Status: 'XYZ' });
    expect(nicRecord(wire, '29AWGPV7107B1Z1').outcome).toBe('bad_response');
    expect(nicRecord(nicGstin.parse(upstreamFixture('nic-einvoice', 'gstin-active')), '29AAAAA0000A1Z5').outcome).toBe('bad_response');
  });
});
