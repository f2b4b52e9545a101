import { describe, expect, it } from 'vitest';
import { gstByPanOf, mappingOf, searchCandidatesOf } from '../../src/sources/adapters/kyb-aggregator/map.js';
import { kybGstByPan, kybMapping, kybSearch } from '../../src/sources/adapters/kyb-aggregator/wire.js';
import { companyRecordOf, dinRecordOf, directorsAnswerOf, llpRecordOf, signatoriesOf } from '../../src/sources/adapters/mca-master/map.js';
import { mcaCompany, mcaDirector, mcaLlp } from '../../src/sources/adapters/mca-master/wire.js';
import { panAnswerOf } from '../../src/sources/adapters/pan-aggregator/map.js';
import { panReply } from '../../src/sources/adapters/pan-aggregator/wire.js';
import { upstreamFixture } from '../helpers/upstream-fixtures.js';

function company(name: string, change: Record<string, unknown> = {}) {
  return mcaCompany.parse({ ...upstreamFixture('mca-master', name), ...change });
}

describe('mca-master company master data → mca.company', () => {
  it('maps a private company field by field, capitals without their Indian grouping', () => {
    expect(companyRecordOf(company('company-private'), 'U72200KA2009PTC049889')).toEqual({
      outcome: 'ok',
      value: {
        entity_type: 'company',
        cin: 'U72200KA2009PTC049889',
        llpin: null,
        name: 'EXAMPLE PRIVATE LIMITED',
        status: 'Active',
        class: 'Private',
        category: 'Company limited by Shares',
        sub_category: 'Non-government company',
        date_of_incorporation: '2009-05-12',
        roc: 'ROC Bangalore',
        listing_status: 'Unlisted',
        authorised_capital_inr: 1_000_000,
        paid_up_capital_inr: 100_000,
        industry: { nic_code: '62', description: 'Computer programming, consultancy and related activities' },
        last_agm_date: '2024-09-30',
        last_balance_sheet_date: '2024-03-31',
        registered_address: { line1: 'No 12, 3rd Cross', locality: 'Indiranagar', city: 'Bangalore', district: 'Bangalore', state: 'Karnataka', pincode: '560038' },
      },
    });
  });

  it('reads a messy listed company: "Rs." capital with paise, "-" and "" dates as null, no industry keys, a glued pincode', () => {
    expect(companyRecordOf(company('company-public-messy'), 'U13111TN1996PLC035421')).toEqual({
      outcome: 'ok',
      value: {
        entity_type: 'company',
        cin: 'U13111TN1996PLC035421',
        llpin: null,
        name: 'GANESH SPINNING MILLS LIMITED',
        status: 'Under Liquidation',
        class: 'Public',
        category: 'Company limited by Shares',
        sub_category: 'Non-government company',
        date_of_incorporation: '1996-09-04',
        roc: 'ROC Coimbatore',
        listing_status: 'Listed',
        authorised_capital_inr: 250_000_000,
        paid_up_capital_inr: 187_550_000,
        industry: null,
        last_agm_date: null,
        last_balance_sheet_date: null,
        registered_address: {
          line1: 'Survey No. 112/3, Avinashi Road',
          locality: 'Peelamedu',
          city: 'Coimbatore',
          district: 'Coimbatore North',
          state: 'Tamil Nadu',
          pincode: '641004',
        },
      },
    });
  });

  it.each([
    ['Active', 'Active'],
    ['Active In Progress', 'Active'],
    ['Dormant', 'Active'],
    ['Dormant Under Section 455', 'Active'],
    ['Amalgamated', 'Active'],
    ['Not Available for eFiling', 'Active'],
    ['Converted to LLP', 'Active'],
    ['Captured', 'Active'],
    ['Converted to LLP and Dissolved', 'Under Liquidation'],
    ['Dissolved', 'Under Liquidation'],
    ['Under Liquidation', 'Under Liquidation'],
    ['Liquidated', 'Under Liquidation'],
    ['Under Process of Striking Off', 'Strike Off'],
    ['Strike Off', 'Strike Off'],
  ])('maps companyStatusForEfiling %s to %s', (raw, status) => {
    expect(companyRecordOf(company('company-private', { companyStatusForEfiling: raw }), 'U72200KA2009PTC049889')).toMatchObject({ outcome: 'ok', value: { status } });
  });

  it('answers bad_response for an unreadable capital, date, a missing status or another CIN', () => {
    const cin = 'U72200KA2009PTC049889';
    expect(companyRecordOf(company('company-private', { paidUpCapitalRs: 'one lakh' }), cin).outcome).toBe('bad_response');
    expect(companyRecordOf(company('company-private', { dateOfIncorporation: '' }), cin).outcome).toBe('bad_response');
    expect(companyRecordOf(company('company-private', { dateOfLastAgm: '30-09-24' }), cin).outcome).toBe('bad_response');
    expect(companyRecordOf(company('company-private', { companyStatusForEfiling: 'NA' }), cin).outcome).toBe('bad_response');
    expect(companyRecordOf(company('company-private'), 'L27100MH1907PLC000260').outcome).toBe('bad_response');
  });
});

describe('mca-master LLP master data → mca.company', () => {
  it('maps an LLP with the sandbox constants and its contribution as paid-up capital', () => {
    expect(llpRecordOf(mcaLlp.parse(upstreamFixture('mca-master', 'llp')), 'AAB-1234')).toEqual({
      outcome: 'ok',
      value: {
        entity_type: 'llp',
        cin: null,
        llpin: 'AAB-1234',
        name: 'SHARMA AND ASSOCIATES LLP',
        status: 'Active',
        class: 'LLP',
        category: 'Limited Liability Partnership',
        sub_category: 'Non-government',
        date_of_incorporation: '2014-11-21',
        roc: 'ROC Delhi',
        listing_status: 'Unlisted',
        authorised_capital_inr: 0,
        paid_up_capital_inr: 500_000,
        industry: { nic_code: '69', description: 'Legal and accounting activities' },
        last_agm_date: null,
        last_balance_sheet_date: '2025-03-31',
        registered_address: { line1: 'Office No. 305, Vikas Bhavan', locality: 'Nehru Place', city: 'New Delhi', district: 'South East Delhi', state: 'Delhi', pincode: '110019' },
      },
    });
  });
});

describe('mca-master signatories → mca.directors', () => {
  it('reads "-", "" and NA end dates as in office, orders current first and keeps PAN signatories as Approved', () => {
    const wire = company('company-private');
    const record = companyRecordOf(wire, 'U72200KA2009PTC049889');
    const signatories = signatoriesOf(wire.directorsOrsignatoryDetails);
    if (record.outcome !== 'ok' || signatories.outcome !== 'ok') throw new Error('a record and signatories were expected');
    const statuses = new Map([['01234567', 'Approved'], ['07654321', 'Disqualified'], ['08888888', 'Disqualified'], ['03333333', 'Approved']] as const);
    const answer = directorsAnswerOf(record.value, signatories.value, statuses);
    expect(answer.cin).toBe('U72200KA2009PTC049889');
    expect(answer.llpin).toBeNull();
    expect(answer.company_name).toBe('EXAMPLE PRIVATE LIMITED');
    expect(answer.directors.map((d) => [d.din, d.appointed_on, d.ceased_on, d.din_status])).toEqual([
      ['01234567', '2009-05-12', null, 'Approved'],
      ['ABCPS1234K', '2012-07-01', null, 'Approved'],
      ['08888888', '2021-06-15', null, 'Disqualified'],
      ['03333333', '2012-01-01', '2022-06-30', 'Approved'],
      ['07654321', '2015-04-01', '2020-03-31', 'Disqualified'],
    ]);
  });

  it('answers bad_response for a signatory without an appointment date', () => {
    expect(signatoriesOf([{ dinOrPan: '01234567', name: 'X', designation: 'Director', beginDate: 'NA', endDate: '-' }]).outcome).toBe('bad_response');
  });
});

describe('mca-master director data → mca.din', () => {
  it('maps companies and LLPs, ordered by appointment then name', () => {
    expect(dinRecordOf(mcaDirector.parse(upstreamFixture('mca-master', 'director-approved')), '01234567')).toEqual({
      outcome: 'ok',
      value: {
        din: '01234567',
        name: 'ANIL KUMAR SHARMA',
        din_status: 'Approved',
        companies: [
          { cin: 'U74999DL2001PTC110022', llpin: null, name: 'ZED HOLDINGS PRIVATE LIMITED', designation: 'Director', appointed_on: '2001-02-03', ceased_on: null },
          { cin: 'L24110MH1990PLC012345', llpin: null, name: 'ACME CHEMICALS LIMITED', designation: 'Independent Director', appointed_on: '2009-05-12', ceased_on: '2019-03-31' },
          { cin: 'U72200KA2009PTC049889', llpin: null, name: 'EXAMPLE PRIVATE LIMITED', designation: 'Director', appointed_on: '2009-05-12', ceased_on: null },
          { cin: null, llpin: 'AAB-1234', name: 'SHARMA AND ASSOCIATES LLP', designation: 'Designated Partner', appointed_on: '2014-11-21', ceased_on: null },
        ],
      },
    });
  });

  it.each([
    ['director-deactivated', '07654321', 'Disqualified'],
    ['director-disqualified', '08888888', 'Disqualified'],
    ['director-approved-caps', '03333333', 'Approved'],
  ])('maps the DIN status of %s', (fixture, din, status) => {
    expect(dinRecordOf(mcaDirector.parse(upstreamFixture('mca-master', fixture)), din)).toMatchObject({ outcome: 'ok', value: { din, din_status: status } });
  });

  it('reads a null llpData as no LLPs', () => {
    expect(dinRecordOf(mcaDirector.parse(upstreamFixture('mca-master', 'director-deactivated')), '07654321')).toMatchObject({ outcome: 'ok', value: { companies: [] } });
  });

  it('rejects a body without directorData', () => {
    expect(mcaDirector.safeParse({ companyData: [] }).success).toBe(false);
  });
});

describe('pan-aggregator → pan.verify', () => {
  it('answers the status code and the full name, and never the upstream name_match', () => {
    const answer = panAnswerOf(panReply.parse(upstreamFixture('pan-aggregator', 'valid-individual')), 'ABCPV1234D');
    expect(answer).toEqual({ outcome: 'ok', value: { pan: 'ABCPV1234D', statusCode: 'E', fullName: 'RAHUL KUMAR VERMA' } });
  });

  it.each(['E', 'EA', 'EC', 'ED', 'EI', 'EL', 'EM', 'EP', 'ES', 'EU', 'F', 'X', 'D'])('passes pan_status %s through', (code) => {
    const wire = panReply.parse({ ...upstreamFixture('pan-aggregator', 'event-company'), pan_status: code });
    expect(panAnswerOf(wire, 'AABCG3345D')).toEqual({ outcome: 'ok', value: { pan: 'AABCG3345D', statusCode: code, fullName: 'GANESH SPINNING MILLS LIMITED' } });
  });

  it('answers N (not in the ITD database) as a normal answer with an empty name', () => {
    expect(panAnswerOf(panReply.parse(upstreamFixture('pan-aggregator', 'not-found-n')), 'ZZZCZ0404Z')).toEqual({
      outcome: 'ok',
      value: { pan: 'ZZZCZ0404Z', statusCode: 'N', fullName: '' },
    });
    expect(panAnswerOf(panReply.parse(upstreamFixture('pan-aggregator', 'deactivated-x')), 'AGWPP3340L')).toMatchObject({ outcome: 'ok', value: { statusCode: 'X' } });
  });

  it('answers bad_response without a pan_status, with an unknown one, or for another PAN', () => {
    expect(panAnswerOf(panReply.parse(upstreamFixture('pan-aggregator', 'missing-status')), 'ABCPV1234D').outcome).toBe('bad_response');
    expect(panAnswerOf(panReply.parse({ ...upstreamFixture('pan-aggregator', 'valid-individual'), pan_status: 'VALID' }), 'ABCPV1234D').outcome).toBe('bad_response');
    expect(panAnswerOf(panReply.parse(upstreamFixture('pan-aggregator', 'valid-individual')), 'AABCG3345D').outcome).toBe('bad_response');
  });
});

describe('kyb-aggregator', () => {
  it('gst/by-pan: maps statuses, takes state from the GSTIN and orders by registration date then GSTIN', () => {
    expect(gstByPanOf(kybGstByPan.parse(upstreamFixture('kyb-aggregator', 'gst-by-pan')), 'AABCE1234F')).toEqual({
      outcome: 'ok',
      value: [
        { gstin: '07AABCE1234F1ZQ', state: 'Delhi', state_code: '07', status: 'Suspended', registration_date: '2017-07-01' },
        { gstin: '27AABCE1234F1Z1', state: 'Maharashtra', state_code: '27', status: 'Cancelled', registration_date: '2017-07-01' },
        { gstin: '29AABCE1234F1ZK', state: 'Karnataka', state_code: '29', status: 'Active', registration_date: '2019-03-15' },
        { gstin: '24AABCE1234F1ZN', state: 'Gujarat', state_code: '24', status: 'Cancelled', registration_date: '2020-08-20' },
      ],
    });
  });

  it('gst/by-pan: an empty list is an empty answer; a GSTIN of another PAN or without a registration date is bad_response', () => {
    expect(gstByPanOf(kybGstByPan.parse(upstreamFixture('kyb-aggregator', 'gst-by-pan-empty')), 'AABCE1234F')).toEqual({ outcome: 'ok', value: [] });
    expect(gstByPanOf(kybGstByPan.parse(upstreamFixture('kyb-aggregator', 'gst-by-pan')), 'AAAAA0000A').outcome).toBe('bad_response');
    const undated = { gstin_list: [{ gstin: '29AABCE1234F1ZK', state_code: '29', active_status: 'Active' }] };
    expect(gstByPanOf(kybGstByPan.parse(undated), 'AABCE1234F').outcome).toBe('bad_response');
  });

  it('corporate/search: keeps the order, maps raw MCA statuses, reads "" as no LLPIN and drops the upstream score', () => {
    expect(searchCandidatesOf(kybSearch.parse(upstreamFixture('kyb-aggregator', 'search')))).toEqual({
      outcome: 'ok',
      value: [
        { name: 'TATA STEEL LIMITED', cin: 'L27100MH1907PLC000260', llpin: null, status: 'Active', state: 'Maharashtra', incorporated_on: '1907-08-26' },
        { name: 'TATA ADVISORY LLP', cin: null, llpin: 'AAC-5678', status: 'Strike Off', state: 'Maharashtra', incorporated_on: '2016-02-02' },
        { name: 'TATA TRADING PRIVATE LIMITED', cin: 'U51909DL2005PTC123456', llpin: null, status: 'Under Liquidation', state: 'Delhi', incorporated_on: '2005-10-10' },
      ],
    });
  });

  it('corporate/cin-to-pan and pan-to-cin: map the pair, an LLP with "NA" as CIN', () => {
    expect(mappingOf(kybMapping.parse(upstreamFixture('kyb-aggregator', 'cin-to-pan')), { cin: 'U72200KA2009PTC049889' })).toEqual({
      outcome: 'ok',
      value: { cin: 'U72200KA2009PTC049889', llpin: null, pan: 'AABCE1234F', company_name: 'EXAMPLE PRIVATE LIMITED' },
    });
    expect(mappingOf(kybMapping.parse(upstreamFixture('kyb-aggregator', 'pan-to-cin-llp')), { pan: 'ABAFS1234C' })).toEqual({
      outcome: 'ok',
      value: { cin: null, llpin: 'AAB-1234', pan: 'ABAFS1234C', company_name: 'SHARMA AND ASSOCIATES LLP' },
    });
  });

  it('corporate mappings: an answer for another identifier or without a PAN is bad_response', () => {
    expect(mappingOf(kybMapping.parse(upstreamFixture('kyb-aggregator', 'cin-to-pan')), { cin: 'L27100MH1907PLC000260' }).outcome).toBe('bad_response');
    expect(mappingOf(kybMapping.parse(upstreamFixture('kyb-aggregator', 'cin-to-pan')), { pan: 'AAAAA0000A' }).outcome).toBe('bad_response');
    expect(mappingOf(kybMapping.parse({ cin: 'U72200KA2009PTC049889', pan: '' }), { cin: 'U72200KA2009PTC049889' }).outcome).toBe('bad_response');
  });
});
