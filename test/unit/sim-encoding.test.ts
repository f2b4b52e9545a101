import { describe, expect, it } from 'vitest';
import { parseAddressString } from '../../src/domain/address-string.js';
import { companyStatusOf, dinStatusOf, gstStatusOf, nicStatusOf, taxpayerTypeOf } from '../../src/domain/upstream-status.js';
import type { GstStatus } from '../../src/domain/records.js';
import { encodeGspSearch, encodeNicGstin, encodeRetTrack } from '../../src/sim/encode-gst.js';
import { encodeGstByPan, encodePanVerify, encodeSearch } from '../../src/sim/encode-kyb.js';
import { encodeMcaCompany, encodeMcaDirector, encodeMcaLlp } from '../../src/sim/encode-mca.js';
import { dinStatusFor, gstDtyFor, gstStsFor, mcaStatusFor, nicStatusFor, pickFor, stableHash } from '../../src/sim/variety.js';
import {
  financialYearOf,
  financialYearStart,
  formatMcaAddress,
  indianGrouping,
  isoToDmy,
  periodToRetPrd,
  splitLine1,
} from '../../src/sim/wire-format.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read wire answers by path
type Json = any;
const registry = loadSandboxRegistry();
const NOW = new Date('2026-06-15T06:30:00Z');
const TODAY = '2026-06-15';

/** The adapters' line-1 rule of the wire agreement: the non-empty parts joined with ", ". */
function joinLine1(parts: string[]): string {
  return parts.filter((p) => p !== '').join(', ');
}

describe('wire value formats', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(indianGrouping(0)).toBe('0');
    expect(indianGrouping(999)).toBe('999');
    expect(indianGrouping(1000)).toBe('1,000');
    expect(indianGrouping(100000)).toBe('1,00,000');
    expect(indianGrouping(12345678)).toBe('1,23,45,678');
    expect(indianGrouping(5_000_000_000)).toBe('5,00,00,00,000');
  });

  it('writes dates as dd/mm/yyyy, RETTRACK dates as dd-mm-yyyy and periods as MMYYYY', () => {
    expect(isoToDmy('2017-07-01')).toBe('01/07/2017');
    expect(isoToDmy('2021-01-12', '-')).toBe('12-01-2021');
    expect(periodToRetPrd('2020-12')).toBe('122020');
  });

  it('knows the financial year (April to March) of a period', () => {
    expect(financialYearOf('2025-04')).toBe('2025-26');
    expect(financialYearOf('2026-03')).toBe('2025-26');
    expect(financialYearOf('1999-12')).toBe('1999-00');
    expect(financialYearStart('2025-26')).toBe(2025);
    expect(financialYearStart('1999-00')).toBe(1999);
    expect(financialYearStart('2025-27')).toBeUndefined();
    expect(financialYearStart('2025')).toBeUndefined();
  });

  it('splits line 1 into bno, bnm and st so that joining the parts gives it back', () => {
    expect(splitLine1('Plot 420')).toEqual({ bno: 'Plot 420', bnm: '', st: '' });
    expect(splitLine1('Plot 420, GIDC')).toEqual({ bno: 'Plot 420', bnm: '', st: 'GIDC' });
    expect(splitLine1('Office No. 12, Sahyadri Business Park, Solapur Road')).toEqual({
      bno: 'Office No. 12',
      bnm: 'Sahyadri Business Park',
      st: 'Solapur Road',
    });
    expect(splitLine1('A-1, Tower B, 4th Cross, MG Road')).toEqual({ bno: 'A-1', bnm: 'Tower B', st: '4th Cross, MG Road' });
    for (const line1 of ['x', 'a, b', 'a, b, c', 'a, b, c, d, e']) {
      const { bno, bnm, st } = splitLine1(line1);
      expect(joinLine1([bno, '', bnm, st])).toBe(line1);
    }
  });

  it('writes the MCA address with the district only when it differs from the city', () => {
    const base = { line1: 'No 12, 3rd Cross', locality: 'Indiranagar', city: 'Bengaluru', district: 'Bengaluru', state: 'Karnataka', pincode: '560038' };
    expect(formatMcaAddress(base)).toBe('No 12, 3rd Cross, Indiranagar, Bengaluru, Karnataka, India, 560038');
    expect(formatMcaAddress({ ...base, district: 'Bengaluru Urban' })).toBe(
      'No 12, 3rd Cross, Indiranagar, Bengaluru, District Bengaluru Urban, Karnataka, India, 560038',
    );
  });

  it('writes every sandbox company and LLP address so that the agreed parser reads it back unchanged', () => {
    const refs = [...registry.identifiers('cin').map((cin) => ({ cin })), ...registry.identifiers('llpin').map((llpin) => ({ llpin }))];
    let checked = 0;
    for (const ref of refs) {
      const address = registry.company(ref, NOW)!.registered_address;
      expect(parseAddressString(formatMcaAddress(address))).toEqual(address);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('deterministic variety', () => {
  it('picks the same wire value for the same identifier, in any case and across calls', () => {
    expect(stableHash('27AAPFU0939F1ZV')).toBe(stableHash('27AAPFU0939F1ZV'));
    const choices = [['a', 1], ['b', 1], ['c', 1]] as const;
    expect(pickFor('27aapfu0939f1zv', 'salt', choices)).toBe(pickFor(' 27AAPFU0939F1ZV ', 'salt', choices));
  });

  it('shows every wire spelling somewhere in the sandbox, each mapping back to the sandbox value', () => {
    const gstins = registry.identifiers('gstin').slice(0, 4000);
    const seen = { sts: new Set<string>(), nic: new Set<string>(), dty: new Set<string>(), mca: new Set<string>(), din: new Set<string>() };
    for (const gstin of gstins) {
      for (const status of ['Active', 'Cancelled', 'Suspended'] as GstStatus[]) {
        const sts = gstStsFor(gstin, status);
        const nic = nicStatusFor(gstin, status);
        expect(gstStatusOf(sts)).toBe(status);
        expect(nicStatusOf(nic)).toBe(status);
        seen.sts.add(sts);
        seen.nic.add(nic);
      }
      const dty = gstDtyFor(gstin, 'Regular');
      expect(taxpayerTypeOf(dty)).toBe('Regular');
      seen.dty.add(dty);
      for (const status of ['Active', 'Strike Off', 'Under Liquidation'] as const) {
        const mca = mcaStatusFor(gstin, status);
        expect(companyStatusOf(mca)).toBe(status);
        seen.mca.add(mca);
      }
      const din = dinStatusFor(gstin, 'Disqualified');
      expect(dinStatusOf(din)).toBe('Disqualified');
      seen.din.add(din);
    }
    expect(seen.sts.size).toBe(5);
    expect(seen.nic.size).toBe(5);
    expect(seen.dty).toEqual(new Set(['Regular', 'SEZ Unit', 'Input Service Distributor (ISD)']));
    expect(seen.mca.size).toBe(14);
    expect(seen.din.size).toBe(2);
    expect(gstDtyFor('27AAPFU0939F1ZV', 'Composition')).toBe('Composition');
    expect(dinStatusFor('09900001', 'Approved')).toBe('Approved');
  });
});

describe('GST encoders', () => {
  const gstin = '27AAPFU0939F1ZV';
  const record = registry.gstVerify(gstin, NOW)!;

  it('encodes a GSTN search answer that decodes back to the sandbox record', () => {
    const wire = encodeGspSearch(record) as Json;
    const addr = wire.pradr.addr;
    expect(wire.gstin).toBe(gstin);
    expect(wire.lgnm).toBe(record.legal_name);
    expect(wire.tradeNam).toBe(record.trade_name);
    expect(gstStatusOf(wire.sts)).toBe(record.status);
    expect(wire.rgdt).toBe(isoToDmy(record.registration_date));
    expect(wire.cxdt).toBe('');
    expect(wire.ctb).toBe(record.constitution);
    expect(wire.nba).toEqual(record.nature_of_business);
    expect(wire.pradr.ntr).toBe(record.nature_of_business.join(', '));
    expect(wire.einvoiceStatus).toBe(record.einvoice_enabled ? 'Yes' : 'No');
    expect({
      line1: joinLine1([addr.bno, addr.flno, addr.bnm, addr.st]),
      locality: addr.loc,
      city: addr.city || addr.dst,
      district: addr.dst,
      state: addr.stcd,
      pincode: addr.pncd,
    }).toEqual(record.principal_place);
  });

  it('writes the cancellation date of a cancelled GSTIN', () => {
    const cancelled = registry.gstVerify('09BCKPY4417Q1ZK', NOW)!;
    expect(cancelled.cancellation_date).not.toBeNull();
    expect((encodeGspSearch(cancelled) as { cxdt: string }).cxdt).toBe(isoToDmy(cancelled.cancellation_date!));
  });

  it('encodes the NIC answer with numeric state code and pincode', () => {
    const wire = encodeNicGstin(record) as Json;
    expect(wire).toMatchObject({ Gstin: gstin, LegalName: record.legal_name, StateCode: 27, BlkStatus: 'U', DtReg: record.registration_date, DtDReg: null });
    expect(String(wire.AddrPncd).padStart(6, '0')).toBe(record.principal_place.pincode);
    expect(nicStatusOf(wire.Status)).toBe(record.status);
    expect(joinLine1([wire.AddrBno, wire.AddrFlno, wire.AddrBnm, wire.AddrSt])).toBe(record.principal_place.line1);
  });

  it('lists a financial year of filings for RETTRACK, with GSTR-9 once the year is over', () => {
    const answer = registry.gstReturns(gstin, NOW)!;
    const past = encodeRetTrack(answer, 2024, TODAY)!;
    const monthly = past.EFiledlist.filter((e) => e.rtntype !== 'GSTR9');
    const expected = answer.filings.filter((f) => f.period >= '2024-04' && f.period <= '2025-03');
    expect(monthly).toHaveLength(expected.length);
    for (const entry of monthly) {
      expect(entry.ret_prd).toMatch(/^(0[1-9]|1[0-2])20(24|25)$/);
      expect(entry.dof).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(['GSTR1', 'GSTR3B']).toContain(entry.rtntype);
    }
    expect(past.EFiledlist.filter((e) => e.rtntype === 'GSTR9')).toEqual([expect.objectContaining({ ret_prd: '032025', dof: '31-12-2025' })]);
    const current = encodeRetTrack(answer, 2026, TODAY);
    expect(current?.EFiledlist.some((e) => e.rtntype === 'GSTR9') ?? false).toBe(false);
    expect(encodeRetTrack(answer, 2010, TODAY)).toBeUndefined();
  });
});

describe('MCA encoders', () => {
  it('encodes a company with grouped capital, the address string and its signatories', () => {
    const cin = 'U10611MH2011PTC221847';
    const record = registry.company({ cin }, NOW)!;
    const directors = registry.directors({ cin }, NOW)!;
    const wire = encodeMcaCompany(record, directors) as Json;
    expect(wire).toMatchObject({ companyName: record.name, cin, registrationNumber: '221847', classOfCompany: record.class, rocCode: record.roc });
    expect(Number(wire.paidUpCapitalRs.replace(/,/g, ''))).toBe(record.paid_up_capital_inr);
    expect(Number(wire.authorisedCapitalRs.replace(/,/g, ''))).toBe(record.authorised_capital_inr);
    expect(parseAddressString(wire.registeredAddress)).toEqual(record.registered_address);
    expect(companyStatusOf(wire.companyStatusForEfiling)).toBe(record.status);
    expect(wire.mainDivisionOfBusinessActivity).toBe(record.industry?.nic_code);
    expect(wire.directorsOrsignatoryDetails.map((d: { dinOrPan: string }) => d.dinOrPan)).toEqual(directors.directors.map((d) => d.din));
    expect(wire.directorsOrsignatoryDetails.at(-1).endDate).not.toBe('-');
    expect(wire.directorsOrsignatoryDetails[0].endDate).toBe('-');
  });

  it('writes a missing AGM date as "" or "-" and leaves out the industry keys when there is none', () => {
    const cin = 'U10611MH2011PTC221847';
    const record = { ...registry.company({ cin }, NOW)!, last_agm_date: null, industry: null };
    const wire = encodeMcaCompany(record, undefined);
    expect(['', '-']).toContain(wire.dateOfLastAgm);
    expect(wire).not.toHaveProperty('mainDivisionOfBusinessActivity');
    expect(wire).not.toHaveProperty('descriptionOfMainDivision');
  });

  it('encodes an LLP with its contribution and partner counts', () => {
    const llpin = 'AAQ-0939';
    const record = registry.company({ llpin }, NOW)!;
    const wire = encodeMcaLlp(record, registry.directors({ llpin }, NOW)) as Json;
    expect(wire).toMatchObject({ llpName: record.name, llpin, numberOfPartners: 2, numberOfDesignatedPartners: 2 });
    expect(Number(wire.totalObligationOfContribution.replace(/,/g, ''))).toBe(record.paid_up_capital_inr);
    expect(wire.dateOfLastFinancialYearEndForStatementOfAccounts).toBe(isoToDmy(record.last_balance_sheet_date!));
  });

  it('splits a director\'s appointments into companies and LLPs', () => {
    const din = '09900001';
    const record = registry.din(din, NOW)!;
    const wire = encodeMcaDirector(record) as Json;
    expect(wire.directorData).toEqual({ din, name: record.name, dinStatus: 'Approved' });
    expect(wire.llpData.map((l: { llpin: string }) => l.llpin)).toEqual(record.companies.filter((c) => c.cin === null).map((c) => c.llpin));
    expect(wire.companyData).toHaveLength(record.companies.filter((c) => c.cin !== null).length);
  });
});

describe('PAN and KYB encoders', () => {
  it('answers an unknown PAN with status N, an empty name and INVALID', () => {
    const wire = encodePanVerify(registry.panVerify('ZZZCZ0404Z'), undefined, TODAY);
    expect(wire).toMatchObject({ pan: 'ZZZCZ0404Z', name: '', pan_status: 'N', status: 'INVALID', name_match: 'N' });
  });

  it('answers a known PAN with its holder name and status code', () => {
    const answer = registry.panVerify('AAPFU0939F');
    const wire = encodePanVerify(answer, answer.fullName.toLowerCase(), TODAY);
    expect(wire).toMatchObject({ pan: 'AAPFU0939F', name: answer.fullName, pan_status: answer.statusCode, status: 'VALID', name_match: 'Y' });
    expect(String(wire.last_updated) <= TODAY).toBe(true);
  });

  it('sends GSTINs by PAN with dd/mm/yyyy registration dates and search hits with raw MCA statuses', () => {
    const list = registry.gstByPan('AAJCS4821K', NOW)!;
    expect(encodeGstByPan(list).gstin_list[0]).toEqual({
      gstin: list[0]!.gstin,
      state: list[0]!.state,
      state_code: list[0]!.state_code,
      active_status: list[0]!.status,
      registration_date: isoToDmy(list[0]!.registration_date),
    });
    const candidates = registry.search('sahyadri', NOW);
    const results = encodeSearch(candidates).results;
    expect(results).toHaveLength(candidates.length);
    results.forEach((hit, i) => expect(companyStatusOf(hit.status as string)).toBe(candidates[i]!.status));
  });
});
