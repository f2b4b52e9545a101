import { describe, expect, it } from 'vitest';
import { describeChange, readableDate, readableMonth } from '../../src/domain/portfolio/change-description.js';
import { diffRuns, type RunRow } from '../../src/domain/portfolio/changes.js';
import { supplierLabel } from '../../src/domain/portfolio/supplier-columns.js';
import { gstRecord } from './business360-builders.js';

const say = (check: string, field: string, before: string | null, after: string | null): string => describeChange({ check, field, before, after });

describe('describeChange: every kind of change diffRuns reports reads as a sentence', () => {
  describe('row status (the operation found the identifier, or no longer)', () => {
    it('a registration that stopped being found', () => {
      expect(say('gst.verify', 'status', 'ok', 'not_found')).toBe('GST registration no longer found');
    });
    it('one found again', () => {
      expect(say('gst.returns', 'status', 'not_found', 'ok')).toBe('GST return filings found again');
      expect(say('business360', 'status', 'not_found', 'ok')).toBe('Business found again');
    });
  });

  describe('gst.verify', () => {
    it('status cancelled, suspended, active again, anything else', () => {
      expect(say('gst.verify', 'gst_status', 'Active', 'Cancelled')).toBe('GST registration cancelled');
      expect(say('gst.verify', 'gst_status', 'Active', 'Suspended')).toBe('GST registration suspended');
      expect(say('gst.verify', 'gst_status', 'Cancelled', 'Active')).toBe('GST registration active again (was Cancelled)');
      expect(say('gst.verify', 'gst_status', 'Active', 'Inactive')).toBe('GST registration status changed from Active to Inactive');
    });
    it('a cancellation date appearing, withdrawn or moved, as an Indian reader writes dates', () => {
      expect(say('gst.verify', 'cancellation_date', null, '2026-11-30')).toBe('GST registration cancelled on 30 Nov 2026');
      expect(say('gst.verify', 'cancellation_date', '2026-11-30', null)).toBe('GST cancellation withdrawn (had been cancelled on 30 Nov 2026)');
      expect(say('gst.verify', 'cancellation_date', '2026-11-02', '2026-12-01')).toBe('GST cancellation date changed from 2 Nov 2026 to 1 Dec 2026');
    });
    it('taxpayer type, legal and trade names, e-invoicing', () => {
      expect(say('gst.verify', 'taxpayer_type', 'Regular', 'Composition')).toBe('Taxpayer type changed from Regular to Composition');
      expect(say('gst.verify', 'legal_name', 'SHARMA TRADERS', 'SHARMA TRADERS PVT LTD')).toBe('Legal name changed from “SHARMA TRADERS” to “SHARMA TRADERS PVT LTD”');
      expect(say('gst.verify', 'trade_name', null, 'ST Mart')).toBe('Trade name changed from none to “ST Mart”');
      expect(say('gst.verify', 'einvoice_enabled', 'false', 'true')).toBe('e-invoicing now enabled');
      expect(say('gst.verify', 'einvoice_enabled', 'true', 'false')).toBe('e-invoicing no longer enabled');
    });
    it('a Business360 profile moving to another GSTIN', () => {
      expect(say('gst.verify', 'gstin', '24AHRPM2741D1ZG', '24AHRPM2741D2ZF')).toBe('Profiled under GSTIN 24AHRPM2741D2ZF instead of 24AHRPM2741D1ZG');
    });
  });

  describe('gst.returns', () => {
    it('a return not filed, per return and month', () => {
      expect(say('gst.returns', 'periods.2026-10.gstr3b', 'filed', 'not_filed')).toBe('GSTR-3B for Oct 2026 not filed');
      expect(say('gst.returns', 'periods.2026-09.gstr1', null, 'not_filed')).toBe('GSTR-1 for Sep 2026 not filed');
    });
    it('a gap that got filed, on time or late', () => {
      expect(say('gst.returns', 'periods.2026-10.gstr3b', 'not_filed', 'late')).toBe('GSTR-3B for Oct 2026 now filed late (was not filed)');
      expect(say('gst.returns', 'periods.2026-10.gstr1', 'not_filed', 'filed')).toBe('GSTR-1 for Oct 2026 now filed (was not filed)');
    });
    it('the filing frequency', () => {
      expect(say('gst.returns', 'filing_frequency', 'monthly', 'quarterly')).toBe('Return filing frequency changed from monthly to quarterly');
    });
  });

  describe('mca.company and mca.directors', () => {
    it('a company struck off, under liquidation, restored', () => {
      expect(say('mca.company', 'company_status', 'Active', 'Strike Off')).toBe('Company struck off the register');
      expect(say('mca.company', 'company_status', 'Active', 'Under Liquidation')).toBe('Company under liquidation');
      expect(say('mca.company', 'company_status', 'Strike Off', 'Active')).toBe('Company active again (was Strike Off)');
      expect(say('mca.company', 'company_status', 'Active', 'Dormant')).toBe('Company status changed from Active to Dormant');
    });
    it('a profile moving to another CIN or LLPIN', () => {
      expect(say('mca.company', 'cin', 'U25999MH2012PTC231906', 'U25999MH2013PTC231907')).toBe('Company now identified by CIN U25999MH2013PTC231907 instead of U25999MH2012PTC231906');
      expect(say('mca.company', 'llpin', 'AAA-1234', 'AAB-1234')).toBe('LLP now identified by LLPIN AAB-1234 instead of AAA-1234');
    });
    it('a director disqualified, a disqualified newcomer, a DIN approved again: the DIN path reads as words', () => {
      expect(say('mca.directors', 'directors.09900032.din_status', 'Approved', 'Disqualified')).toBe('Director 09900032 disqualified');
      expect(say('mca.directors', 'directors.09900032.din_status', null, 'Disqualified')).toBe('New director 09900032 is disqualified');
      expect(say('mca.directors', 'directors.09900032.din_status', 'Disqualified', 'Approved')).toBe('Director 09900032’s DIN approved again (was Disqualified)');
      expect(say('mca.directors', 'directors.09900032.din_status', 'Approved', 'Deactivated')).toBe('Director 09900032’s DIN status changed from Approved to Deactivated');
    });
  });

  describe('business360', () => {
    it('a module no longer found, found again, skipped', () => {
      expect(say('mca.company', 'status', 'ok', 'not_found')).toBe('Company record no longer found');
      expect(say('mca.directors', 'status', 'not_found', 'ok')).toBe('Directors list found again');
      expect(say('pan.verify', 'status', 'ok', 'skipped')).toBe('PAN check skipped this time (was ok)');
      expect(say('mca.cin_to_pan', 'status', 'skipped', 'ok')).toBe('CIN–PAN link found again (was skipped)');
    });
    it('the risk level rising and falling', () => {
      expect(say('business360', 'risk.level', 'low', 'high')).toBe('Risk level rose from low to high');
      expect(say('business360', 'risk.level', 'high', 'medium')).toBe('Risk level fell from high to medium');
    });
    it('a risk flag raised, cleared, changing severity, by name rather than code', () => {
      expect(say('business360', 'risk.flags.GST_CANCELLED', null, 'high')).toBe('Risk flag “GST registration cancelled” raised (high severity)');
      expect(say('business360', 'risk.flags.DIRECTOR_DISQUALIFIED', 'high', null)).toBe('Risk flag “director disqualified” cleared (was high severity)');
      expect(say('business360', 'risk.flags.GST_RETURNS_LATE', 'low', 'medium')).toBe('Risk flag “GST returns filed late” rose from low to medium severity');
      expect(say('business360', 'risk.flags.SOME_NEW_FLAG', null, 'low')).toBe('Risk flag “some new flag” raised (low severity)');
    });
  });

  it('reads a field it does not know as words, never as a dotted path', () => {
    expect(say('gst.verify', 'address.pin_code', '380001', '380015')).toBe('GST registration address pin code changed from 380001 to 380015');
  });
});

describe('readableDate and readableMonth', () => {
  it('write 30 Nov 2026 and Oct 2026, and leave anything else as it is', () => {
    expect(readableDate('2026-11-30')).toBe('30 Nov 2026');
    expect(readableDate('2027-01-04')).toBe('4 Jan 2027');
    expect(readableDate('30/11/2026')).toBe('30/11/2026');
    expect(readableMonth('2026-10')).toBe('Oct 2026');
    expect(readableMonth('2026-13')).toBe('2026-13');
  });
});

describe('supplierLabel: the vendor name and code among the kept columns', () => {
  it('finds them under the headers ERPs and our samples use, case and punctuation ignored', () => {
    expect(supplierLabel({ gstin: 'X', vendor_code: 'V0001', vendor_name_in_erp: 'Vendor 1' })).toEqual({ vendor_name: 'Vendor 1', vendor_code: 'V0001' });
    expect(supplierLabel({ GSTIN: 'X', 'Vendor Name': ' Sharma Traders ', 'Vendor Code': 'V9' })).toEqual({ vendor_name: 'Sharma Traders', vendor_code: 'V9' });
    expect(supplierLabel({ 'Party Name': 'Patel & Sons', 'Supplier Code': 'S-1' })).toEqual({ vendor_name: 'Patel & Sons', vendor_code: 'S-1' });
    // Every name the bulk intake reads as a name column is a supplier name here too.
    expect(supplierLabel({ GSTIN: 'X', 'Name of Party': 'Rao Printers' }).vendor_name).toBe('Rao Printers');
    expect(supplierLabel({ GSTIN: 'X', 'Legal Name': 'Gujarat Castings Pvt Ltd' }).vendor_name).toBe('Gujarat Castings Pvt Ltd');
  });
  it('prefers the specific header over a generic name, and skips blank cells', () => {
    expect(supplierLabel({ name: 'Generic', vendor_name: '' , supplier_name: 'Specific' })).toEqual({ vendor_name: 'Specific', vendor_code: null });
  });
  it('is null for a row without such columns', () => {
    expect(supplierLabel({ gstin: 'X', city: 'Surat' })).toEqual({ vendor_name: null, vendor_code: null });
    expect(supplierLabel(undefined)).toEqual({ vendor_name: null, vendor_code: null });
  });
});

describe('diffRuns: each change carries the supplier and its sentence', () => {
  it('takes the name and code from the current row, the sentence from the change', () => {
    const ID = '27AAPFU0939F1ZV';
    const active = gstRecord({ status: 'Active', cancellation_date: null });
    const cancelled = gstRecord({ status: 'Cancelled', cancellation_date: '2026-11-30' });
    const before: RunRow = { status: 'ok', data: active, columns: { gstin: ID, vendor_code: 'V0001', vendor_name: 'Old name' } };
    const after: RunRow = { status: 'ok', data: cancelled, columns: { gstin: ID, vendor_code: 'V0001', vendor_name: 'Sharma Traders' } };
    const changes = diffRuns('gst.verify', new Map([[ID, before]]), new Map([[ID, after]]), '2026-11-30T06:00:00.000Z');
    expect(changes.map((c) => [c.vendor_name, c.vendor_code, c.field, c.description])).toEqual([
      ['Sharma Traders', 'V0001', 'cancellation_date', 'GST registration cancelled on 30 Nov 2026'],
      ['Sharma Traders', 'V0001', 'gst_status', 'GST registration cancelled'],
    ]);
    // The JSON report's key order is the CSV's column order.
    expect(Object.keys(changes[0] ?? {})).toEqual(['identifier', 'vendor_name', 'vendor_code', 'check', 'field', 'description', 'before', 'after', 'severity', 'detected_at']);
  });
});
