import { describe, expect, it } from 'vitest';
import { parseAddressString } from '../../src/domain/address-string.js';
import { compareDinCompanies, compareDirectors, compareGstByPan } from '../../src/domain/record-order.js';
import type { Address, DinCompany, Director, GstByPanEntry } from '../../src/domain/records.js';
import { companyStatusOf, dinStatusOf, gstStatusOf, nicStatusOf, nicTaxpayerTypeOf, taxpayerTypeOf } from '../../src/domain/upstream-status.js';
import { returnPeriodOf, rupeesOf, textOf, upstreamDate } from '../../src/domain/upstream-values.js';
import { STATES, stateName } from '../../src/sources/sandbox/places.js';

describe('upstream values', () => {
  it('reads missing, null, "", "NA", "N/A", "-" and "--" as no value', () => {
    for (const value of [undefined, null, '', ' ', 'NA', 'na', 'N/A', '-', '--']) expect(textOf(value)).toBeUndefined();
    expect(textOf(' Plot 4 ')).toBe('Plot 4');
    expect(textOf(560038)).toBe('560038');
  });

  it('converts dd/mm/yyyy and dd-mm-yyyy dates, passes YYYY-MM-DD, and tells no value (null) from a bad date (undefined)', () => {
    expect(upstreamDate('12/05/2009')).toBe('2009-05-12');
    expect(upstreamDate('12-01-2021')).toBe('2021-01-12');
    expect(upstreamDate('2017-07-01')).toBe('2017-07-01');
    expect(upstreamDate('12/05/2009 00:00:00')).toBe('2009-05-12');
    expect(upstreamDate('-')).toBeNull();
    expect(upstreamDate('')).toBeNull();
    expect(upstreamDate(undefined)).toBeNull();
    expect(upstreamDate('31/02/2024')).toBeUndefined();
    expect(upstreamDate('2024/13/01')).toBeUndefined();
    expect(upstreamDate('yesterday')).toBeUndefined();
  });

  it('reads Indian-grouped rupee amounts, with or without a currency mark and paise', () => {
    expect(rupeesOf('1,00,000')).toBe(100_000);
    expect(rupeesOf('25,00,00,000')).toBe(250_000_000);
    expect(rupeesOf('Rs. 10,00,000.00')).toBe(1_000_000);
    expect(rupeesOf('₹ 5,000')).toBe(5_000);
    expect(rupeesOf('1000000')).toBe(1_000_000);
    expect(rupeesOf(150000)).toBe(150_000);
    expect(rupeesOf('NA')).toBe(0);
    expect(rupeesOf('ten lakh')).toBeUndefined();
  });

  it('reads a return period MMYYYY as YYYY-MM', () => {
    expect(returnPeriodOf('122020')).toBe('2020-12');
    expect(returnPeriodOf('032019')).toBe('2019-03');
    expect(returnPeriodOf('132020')).toBeUndefined();
    expect(returnPeriodOf('2020-12')).toBeUndefined();
  });
});

describe('upstream status maps', () => {
  it('maps GST sts: Active and Provisional → Active, Cancelled and Inactive → Cancelled, Suspended → Suspended', () => {
    expect(['Active', 'Provisional', 'Cancelled', 'Inactive', 'Suspended', 'ACTIVE', ' cancelled '].map(gstStatusOf)).toEqual([
      'Active', 'Active', 'Cancelled', 'Cancelled', 'Suspended', 'Active', 'Cancelled',
    ]);
    expect(gstStatusOf('Migrated')).toBeUndefined();
  });

  it('maps NIC Status: ACT and PRO → Active, CNL and INA → Cancelled, SUS → Suspended', () => {
    expect(['ACT', 'PRO', 'CNL', 'INA', 'SUS'].map(nicStatusOf)).toEqual(['Active', 'Active', 'Cancelled', 'Cancelled', 'Suspended']);
    expect(nicStatusOf('XYZ')).toBeUndefined();
  });

  it('maps every dty seen: only Composition is Composition', () => {
    const regular = [
      'Regular', 'Input Service Distributor (ISD)', 'Tax Deductor', 'Tax Collector (Electronic Commerce Operator)', 'SEZ Unit',
      'SEZ Developer', 'United Nation Body', 'Consulate or Embassy of Foreign Country', 'Non Resident Taxable Person',
      'Non Resident Online Services Provider', '',
    ];
    for (const dty of regular) expect(taxpayerTypeOf(dty)).toBe('Regular');
    expect(taxpayerTypeOf('Composition')).toBe('Composition');
    expect(taxpayerTypeOf('COMPOSITION')).toBe('Composition');
    expect(nicTaxpayerTypeOf('COM')).toBe('Composition');
    expect(nicTaxpayerTypeOf('REG')).toBe('Regular');
    expect(nicTaxpayerTypeOf('SEZ')).toBe('Regular');
  });

  it('maps all 14 MCA statuses onto Active, Strike Off and Under Liquidation', () => {
    const expected: Record<string, string> = {
      Active: 'Active',
      'Active In Progress': 'Active',
      Dormant: 'Active',
      'Dormant Under Section 455': 'Active',
      Amalgamated: 'Active',
      'Not Available for eFiling': 'Active',
      'Converted to LLP': 'Active',
      Captured: 'Active',
      'Converted to LLP and Dissolved': 'Under Liquidation',
      Dissolved: 'Under Liquidation',
      'Under Liquidation': 'Under Liquidation',
      Liquidated: 'Under Liquidation',
      'Under Process of Striking Off': 'Strike Off',
      'Strike Off': 'Strike Off',
    };
    for (const [raw, status] of Object.entries(expected)) expect(companyStatusOf(raw), raw).toBe(status);
    expect(companyStatusOf('STRIKE OFF')).toBe('Strike Off');
  });

  it('maps DIN status: Approved → Approved, any other text → Disqualified', () => {
    expect(dinStatusOf('Approved')).toBe('Approved');
    expect(dinStatusOf('APPROVED')).toBe('Approved');
    expect(dinStatusOf('Deactivated due to non-filing of DIR-3 KYC')).toBe('Disqualified');
    expect(dinStatusOf('Disqualified under section 164(2)')).toBe('Disqualified');
  });
});

describe('record order', () => {
  const director = (din: string, appointed: string, ceased: string | null): Director => ({
    din, name: din, designation: 'Director', appointed_on: appointed, ceased_on: ceased, din_status: 'Approved',
  });

  it('puts current directors first by appointment then DIN, and past ones most recently ceased first', () => {
    const list = [
      director('00000005', '2010-01-01', '2015-01-01'),
      director('00000004', '2012-01-01', null),
      director('00000003', '2011-01-01', '2020-01-01'),
      director('00000002', '2012-01-01', null),
      director('00000001', '2015-01-01', null),
    ];
    expect(list.sort(compareDirectors).map((d) => d.din)).toEqual(['00000002', '00000004', '00000001', '00000003', '00000005']);
  });

  it("orders a director's companies by appointment then name", () => {
    const company = (name: string, appointed: string): DinCompany => ({ cin: null, llpin: 'AAA-0001', name, designation: 'Director', appointed_on: appointed, ceased_on: null });
    const list = [company('ZED', '2001-01-01'), company('BETA', '2009-01-01'), company('ALPHA', '2009-01-01')];
    expect(list.sort(compareDinCompanies).map((c) => c.name)).toEqual(['ZED', 'ALPHA', 'BETA']);
  });

  it("orders a PAN's GSTINs by registration date then GSTIN", () => {
    const entry = (gstin: string, date: string): GstByPanEntry => ({ gstin, state: '', state_code: gstin.slice(0, 2), status: 'Active', registration_date: date });
    const list = [entry('29AABCE1234F1ZK', '2019-03-15'), entry('27AABCE1234F1Z1', '2017-07-01'), entry('07AABCE1234F1ZQ', '2017-07-01')];
    expect(list.sort(compareGstByPan).map((e) => e.gstin)).toEqual(['07AABCE1234F1ZQ', '27AABCE1234F1Z1', '29AABCE1234F1ZK']);
  });
});

describe('parseAddressString over every sandbox place', () => {
  /** The agreed encoding: line1, locality, city, [District d,] state, India, pincode. */
  function encode(a: Address): string {
    return [a.line1, a.locality, a.city, ...(a.district === a.city ? [] : [`District ${a.district}`]), a.state, 'India', a.pincode].join(', ');
  }

  it('gives back each address the sandbox can generate', () => {
    let checked = 0;
    for (const state of STATES) {
      for (const city of state.cities) {
        for (const [locality, pincode, district] of city.localities) {
          for (const line1 of ['Plot No. A-12, MIDC Estate', 'Unit 501, Acme Business Park', '12, Second Floor, Lotus Towers, Ring Road']) {
            const address: Address = { line1, locality, city: city.name, district: district ?? city.district, state: stateName(state), pincode };
            expect(parseAddressString(encode(address))).toEqual(address);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
