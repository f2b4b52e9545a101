import { describe, expect, it } from 'vitest';
import { checkCin, checkDin, checkGstin, checkLlpin, checkPan } from '../../src/domain/identifiers/index.js';
import { GST_STATES } from '../../src/domain/identifiers/state-codes.js';
import type { CompanyRecord, GstRecord } from '../../src/domain/records.js';
import { INDUSTRIES } from '../../src/sources/sandbox/industries.js';
import { buildSandboxRegistry, loadSandboxRegistry, type IdentifierKind } from '../../src/sources/sandbox/registry.js';
import { NOWS } from './sandbox-support.js';
import { DRIFTING_IDENTIFIERS } from '../../src/sources/sandbox/drifting-scenarios.js';

const NOW = NOWS[0].now;
const registry = loadSandboxRegistry();

const gstins = registry.identifiers('gstin');
const gstRecords: GstRecord[] = gstins.map((g) => registry.gstVerify(g, NOW)!);
const companies: CompanyRecord[] = [
  ...registry.identifiers('cin').map((cin) => registry.company({ cin }, NOW)!),
  ...registry.identifiers('llpin').map((llpin) => registry.company({ llpin }, NOW)!),
];

/** Scenario entities whose facts deliberately break a general rule, each for a documented reason. */
const RENAMED_COMPANY_PAN = 'AAICS8823F';
const RECENT_COMPANY_CIN = 'U62011KA2026PTC213579';
const UNDATED_CANCELLATION_GSTIN = registry.scenarios.find((s) => s.name === 'itc-cancelled-undated')?.identifiers.gstin;

function share<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  return items.filter(predicate).length / items.length;
}

/** The first two digits PIN codes take in each state (India Post's postal circles). */
const PIN_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  '01': ['18', '19'], '02': ['17'], '03': ['14', '15', '16'], '04': ['16'], '05': ['24', '26'], '06': ['12', '13'],
  '07': ['11'], '08': ['30', '31', '32', '33', '34'], '09': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  '10': ['80', '81', '82', '83', '84', '85'], '18': ['78'], '19': ['70', '71', '72', '73', '74'], '20': ['81', '82', '83'],
  '21': ['75', '76', '77'], '22': ['49'], '23': ['45', '46', '47', '48'], '24': ['36', '37', '38', '39'], '27': ['40', '41', '42', '43', '44'],
  '29': ['56', '57', '58', '59'], '30': ['40'], '32': ['67', '68', '69'], '33': ['60', '61', '62', '63', '64'], '34': ['60'],
  '36': ['50'], '37': ['51', '52', '53'],
};

describe('sandbox universe size and determinism', () => {
  it('holds at least 20,000 legal entities of every kind', () => {
    expect(registry.size.entities).toBeGreaterThanOrEqual(20_000);
    expect(registry.size.companies).toBeGreaterThan(5_000);
    expect(registry.size.llps).toBeGreaterThan(1_000);
    expect(registry.size.proprietorships).toBeGreaterThan(4_000);
    expect(registry.size.firms).toBeGreaterThan(1_000);
  });

  it('is the same universe, record for record, when built twice from one seed', () => {
    const again = buildSandboxRegistry(registry.seed);
    for (const kind of ['gstin', 'pan', 'cin', 'llpin', 'din'] as IdentifierKind[]) {
      expect(again.identifiers(kind)).toEqual(registry.identifiers(kind));
    }
    const render = (r: typeof registry): string =>
      JSON.stringify([
        gstins.map((gstin) => r.gstVerify(gstin, NOW)),
        gstins.filter((_, i) => i % 20 === 0).map((gstin) => r.gstReturns(gstin, NOW)),
        registry.identifiers('cin').map((cin) => [r.company({ cin }, NOW), r.directors({ cin }, NOW)]),
        registry.identifiers('din').map((din) => r.din(din, NOW)),
        registry.identifiers('pan').map((pan) => r.panVerify(pan)),
      ]);
    expect(render(again) === render(registry)).toBe(true);
  });

  it('is a different universe for a different seed, with the same scenarios', () => {
    const other = buildSandboxRegistry(registry.seed + 1);
    const mine = new Set(gstins);
    const theirs = other.identifiers('gstin');
    expect(share(theirs, (g) => mine.has(g))).toBeLessThan(0.01);
    expect(other.gstVerify('27AAPFU0939F1ZV', NOW)).toEqual(registry.gstVerify('27AAPFU0939F1ZV', NOW));
  });

  it('shares one registry per seed within a process', () => {
    expect(loadSandboxRegistry()).toBe(registry);
  });
});

describe('sandbox identifiers', () => {
  const validators: Record<IdentifierKind, (value: string) => boolean> = {
    gstin: (v) => checkGstin(v).ok,
    pan: (v) => checkPan(v).ok,
    cin: (v) => checkCin(v, NOW).ok,
    llpin: (v) => checkLlpin(v).ok,
    din: (v) => checkDin(v).ok,
  };

  for (const kind of Object.keys(validators) as IdentifierKind[]) {
    it(`issues only ${kind.toUpperCase()}s that pass local validation, each once`, () => {
      const values = registry.identifiers(kind);
      expect(values.length).toBeGreaterThan(0);
      expect(values.filter((v) => !validators[kind](v))).toEqual([]);
      expect(new Set(values).size).toBe(values.length);
    });
  }

  it('never issues identifiers reserved for fault triggers and unknown cases', () => {
    expect(registry.identifiers('pan').filter((p) => p.startsWith('ZZZ'))).toEqual([]);
    expect(registry.identifiers('llpin').filter((l) => l.startsWith('ZZZ-'))).toEqual([]);
    expect(registry.identifiers('cin').filter((c) => c.slice(1, 6) === '00000')).toEqual([]);
    expect(registry.identifiers('din').filter((d) => d.startsWith('9999'))).toEqual([]);
  });

  it('gives PANs the holder type and initial the ITD would: C companies, F LLPs and firms, P proprietors', () => {
    const wrong: string[] = [];
    for (const gst of gstRecords) {
      const holder = gst.pan.charAt(3);
      const expected = { 'Private Limited Company': 'C', 'Public Limited Company': 'C', 'Limited Liability Partnership': 'F', Partnership: 'F', Proprietorship: 'P' }[gst.constitution];
      if (holder !== expected) wrong.push(`${gst.gstin} holder type`);
      const pan = registry.panVerify(gst.pan);
      // Individuals' PANs carry the surname's initial, everyone else's the name's.
      const initial = holder === 'P' ? pan.fullName.split(' ').pop()!.charAt(0) : pan.fullName.charAt(0);
      if (gst.pan !== RENAMED_COMPANY_PAN && gst.pan.charAt(4) !== initial) wrong.push(`${gst.gstin} initial`);
    }
    expect(wrong).toEqual([]);
  });

  it('builds each CIN from the company\'s listing, industry, state, year and ownership', () => {
    const wrong: string[] = [];
    for (const company of companies.filter((c) => c.cin !== null)) {
      const parts = checkCin(company.cin!, NOW);
      if (!parts.ok) throw new Error(company.cin!);
      // A one person company's class is Private (the interface document's classes), its CIN's ownership OPC.
      const ownership = { Private: ['PTC', 'FTC', 'OPC'], Public: ['PLC', 'SGC', 'GOI'] }[company.class] ?? [];
      // The recently-incorporated scenario's date moves with the clock; its CIN cannot.
      const yearRight = company.cin === RECENT_COMPANY_CIN || String(parts.value.year) === company.date_of_incorporation.slice(0, 4);
      if (parts.value.listed !== (company.listing_status === 'Listed')) wrong.push(`${company.cin} listing`);
      if (parts.value.nicCode !== company.industry?.nic_code) wrong.push(`${company.cin} industry`);
      if (!yearRight) wrong.push(`${company.cin} year`);
      if (!ownership.includes(parts.value.ownership)) wrong.push(`${company.cin} ownership`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives GSTINs entity numbers 1 to 9 per PAN and state', () => {
    expect(gstins.filter((g) => !'123456789'.includes(g.charAt(12)))).toEqual([]);
    expect(new Set(gstins.map((g) => g.slice(0, 13))).size).toBe(gstins.length);
  });
});

describe('sandbox status shares', () => {
  it('keeps GSTINs about 85% Active, 11% Cancelled, 4% Suspended', () => {
    expect(share(gstRecords, (g) => g.status === 'Active')).toBeGreaterThan(0.8);
    expect(share(gstRecords, (g) => g.status === 'Active')).toBeLessThan(0.9);
    expect(share(gstRecords, (g) => g.status === 'Cancelled')).toBeGreaterThan(0.08);
    expect(share(gstRecords, (g) => g.status === 'Cancelled')).toBeLessThan(0.15);
    expect(share(gstRecords, (g) => g.status === 'Suspended')).toBeGreaterThan(0.02);
    expect(share(gstRecords, (g) => g.status === 'Suspended')).toBeLessThan(0.07);
  });

  it('puts about 12% of GSTINs under composition, mostly proprietorships, none e-invoicing', () => {
    const composition = gstRecords.filter((g) => g.taxpayer_type === 'Composition');
    expect(composition.length / gstRecords.length).toBeGreaterThan(0.08);
    expect(composition.length / gstRecords.length).toBeLessThan(0.16);
    expect(share(composition, (g) => g.constitution === 'Proprietorship')).toBeGreaterThan(0.6);
    expect(composition.filter((g) => g.einvoice_enabled)).toEqual([]);
    expect(share(gstRecords, (g) => g.einvoice_enabled)).toBeGreaterThan(0.05);
  });

  it('keeps companies about 88% Active, 8% struck off, 2-3% under liquidation', () => {
    const registered = companies.filter((c) => c.entity_type === 'company');
    expect(share(registered, (c) => c.status === 'Active')).toBeGreaterThan(0.84);
    expect(share(registered, (c) => c.status === 'Active')).toBeLessThan(0.92);
    expect(share(registered, (c) => c.status === 'Strike Off')).toBeGreaterThan(0.05);
    expect(share(registered, (c) => c.status === 'Strike Off')).toBeLessThan(0.11);
    expect(share(registered, (c) => c.status === 'Under Liquidation')).toBeGreaterThan(0.015);
    expect(share(registered, (c) => c.status === 'Under Liquidation')).toBeLessThan(0.04);
    expect(registered.some((c) => c.listing_status === 'Listed')).toBe(true);
    expect(registered.some((c) => c.cin?.slice(12, 15) === 'OPC' && c.class === 'Private')).toBe(true);
  });

  it('disqualifies about 3% of DINs and has about a fifth of appointments ceased', () => {
    const dins = registry.identifiers('din').map((din) => registry.din(din, NOW)!);
    expect(share(dins, (d) => d.din_status === 'Disqualified')).toBeGreaterThan(0.02);
    expect(share(dins, (d) => d.din_status === 'Disqualified')).toBeLessThan(0.045);
    const appointments = dins.flatMap((d) => d.companies);
    expect(share(appointments, (a) => a.ceased_on !== null)).toBeGreaterThan(0.15);
    expect(share(appointments, (a) => a.ceased_on !== null)).toBeLessThan(0.25);
    expect(share(dins, (d) => d.companies.length > 1)).toBeGreaterThan(0.05);
  });

  it('has most entities in one state and some in up to four', () => {
    const counts = registry.identifiers('pan').map((pan) => registry.gstByPan(pan, NOW)!.length);
    expect(share(counts, (n) => n === 1)).toBeGreaterThan(0.6);
    expect(Math.max(...counts)).toBe(4);
    expect(counts.some((n) => n === 0)).toBe(true);
  });
});

describe('sandbox records', () => {
  it('registers GSTINs from 1 July 2017, never before incorporation, and cancels only after registration', () => {
    const wrong: string[] = [];
    for (const gst of gstRecords) {
      if (gst.registration_date < '2017-07-01') wrong.push(`${gst.gstin} before GST`);
      if (gst.cancellation_date !== null && gst.cancellation_date <= gst.registration_date) wrong.push(`${gst.gstin} cancelled first`);
      // The itc-cancelled-undated scenario is Cancelled with no date on purpose (the ITC check's registration_dates_unknown).
      if ((gst.cancellation_date === null) !== (gst.status !== 'Cancelled') && gst.gstin !== UNDATED_CANCELLATION_GSTIN) wrong.push(`${gst.gstin} cancellation date`);
      const mapping = registry.cinToPan({ pan: gst.pan });
      if (mapping === undefined) continue;
      const company = registry.company(mapping.cin !== null ? { cin: mapping.cin } : { llpin: mapping.llpin! }, NOW)!;
      if (gst.registration_date < company.date_of_incorporation) wrong.push(`${gst.gstin} before incorporation`);
    }
    expect(wrong).toEqual([]);
  });

  it('dates nothing after 2026-10-01 except what moves with the clock', () => {
    // The drifting scenarios' dates (a cancellation on this week's Monday) move with the clock by design.
    const moving = new Set([registry.scenarios.find((s) => s.name === 'recently-incorporated')?.identifiers.gstin, ...DRIFTING_IDENTIFIERS]);
    const fixed = gstRecords.filter((g) => !moving.has(g.gstin));
    expect(fixed.filter((g) => g.registration_date > '2026-10-01' || (g.cancellation_date ?? '') > '2026-10-01')).toEqual([]);
    const inc = companies.filter((c) => c.cin !== RECENT_COMPANY_CIN && c.date_of_incorporation > '2026-10-01');
    expect(inc).toEqual([]);
  });

  it('names businesses in upper case with the legal form the register expects', () => {
    const legalForm = (c: CompanyRecord): boolean =>
      c.entity_type === 'llp'
        ? c.name.endsWith(' LLP')
        : c.class === 'Public'
          ? / LIMITED$/.test(c.name) && !/PRIVATE LIMITED$/.test(c.name)
          : c.name.endsWith(' PRIVATE LIMITED');
    expect(companies.filter((c) => c.name !== c.name.toUpperCase() || !legalForm(c)).map((c) => c.name)).toEqual([]);
    expect(new Set(companies.map((c) => c.name)).size).toBe(companies.length);
    const badNames = gstRecords.filter(
      (g) => g.legal_name !== g.legal_name.toUpperCase() || g.trade_name !== g.trade_name.toUpperCase() || /FAULT/.test(g.legal_name + g.trade_name),
    );
    expect(badNames).toEqual([]);
  });

  it('gives every address six non-empty parts and a PIN code that fits its state', () => {
    const addresses = [
      ...gstRecords.map((g) => ({ address: g.principal_place, code: g.state_code })),
      ...companies.map((c) => ({ address: c.registered_address, code: stateCodeOf(c.registered_address.state) })),
    ];
    const wrong = addresses.filter(
      ({ address, code }) =>
        Object.keys(address).length !== 6 ||
        Object.values(address).some((part) => typeof part !== 'string' || part.trim() === '') ||
        !/^[1-9][0-9]{5}$/.test(address.pincode) ||
        address.state !== GST_STATES[code] ||
        !(PIN_PREFIXES[code] ?? []).includes(address.pincode.slice(0, 2)),
    );
    expect(wrong).toEqual([]);
    expect(new Set(addresses.map((a) => a.code)).size).toBeGreaterThan(20);
  });

  it('uses the GST and MCA vocabularies', () => {
    const constitutions = new Set(gstRecords.map((g) => g.constitution));
    expect([...constitutions].sort()).toEqual(
      ['Limited Liability Partnership', 'Partnership', 'Private Limited Company', 'Proprietorship', 'Public Limited Company'],
    );
    const natures = new Set(gstRecords.flatMap((g) => g.nature_of_business));
    for (const nature of natures) {
      expect([
        'Wholesale Business', 'Retail Business', 'Office / Sale Office', 'Factory / Manufacturing', 'Supplier of Services',
        'Warehouse / Depot', 'Works Contract', 'Leasing Business', 'Import', 'Export',
      ]).toContain(nature);
    }
    // The interface document's classes: Private / Public / LLP.
    expect(new Set(companies.map((c) => c.class))).toEqual(new Set(['Private', 'Public', 'LLP']));
    const subCategories = ['Non-government company', 'Subsidiary of company incorporated outside India', 'State government company', 'Union government company'];
    const nics = new Set(INDUSTRIES.map((i) => i.nic));
    const wrong = companies.filter(
      (c) =>
        c.entity_type === 'company' &&
        (c.category !== 'Company limited by Shares' ||
          !subCategories.includes(c.sub_category) ||
          !/^ROC [A-Z][a-z]+/.test(c.roc) ||
          !nics.has(c.industry?.nic_code ?? '')),
    );
    expect(wrong).toEqual([]);
  });

  it('gives LLPs no AGM and no authorised capital', () => {
    const llps = companies.filter((c) => c.entity_type === 'llp');
    expect(llps.length).toBeGreaterThan(0);
    expect(llps.filter((l) => l.last_agm_date !== null || l.authorised_capital_inr !== 0 || l.paid_up_capital_inr <= 0 || l.class !== 'LLP')).toEqual([]);
  });
});

function stateCodeOf(state: string): string {
  return Object.entries(GST_STATES).find(([, name]) => name === state)?.[0] ?? '';
}
