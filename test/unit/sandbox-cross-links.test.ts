import { describe, expect, it } from 'vitest';
import { matchNames } from '../../src/domain/name-match.js';
import type { CompanyRef } from '../../src/sources/port.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { NOWS } from './sandbox-support.js';

const NOW = NOWS[0].now;
const registry = loadSandboxRegistry();
const gstins = registry.identifiers('gstin');
const pans = registry.identifiers('pan');
const refs: CompanyRef[] = [
  ...registry.identifiers('cin').map((cin) => ({ cin })),
  ...registry.identifiers('llpin').map((llpin) => ({ llpin })),
];

/** The one scenario whose GST legal name deliberately differs from its PAN holder's name. */
const NAME_MISMATCH_GSTIN = registry.scenarios.find((s) => s.name === 'name-mismatch')?.identifiers.gstin;

describe('sandbox cross-links over the whole universe', () => {
  it('resolves the PAN embedded in every GSTIN to a known holder', () => {
    const unknown = gstins.filter((gstin) => registry.panVerify(gstin.slice(2, 12)).statusCode === 'N');
    expect(unknown).toEqual([]);
  });

  it('lists under gst.by_pan exactly the GSTINs that embed the PAN', () => {
    const embedded = new Map<string, string[]>();
    for (const gstin of gstins) {
      const pan = gstin.slice(2, 12);
      embedded.set(pan, [...(embedded.get(pan) ?? []), gstin]);
    }
    const wrong: string[] = [];
    for (const pan of pans) {
      const listed = registry.gstByPan(pan, NOW)?.map((e) => e.gstin).sort() ?? ['(unknown PAN)'];
      const expected = (embedded.get(pan) ?? []).sort();
      if (JSON.stringify(listed) !== JSON.stringify(expected)) wrong.push(pan);
    }
    expect(wrong).toEqual([]);
  });

  it('reports in gst.by_pan the same status, state and registration date as gst.verify', () => {
    const wrong: string[] = [];
    for (const pan of pans) {
      for (const entry of registry.gstByPan(pan, NOW) ?? []) {
        const gst = registry.gstVerify(entry.gstin, NOW);
        if (
          gst === undefined ||
          gst.status !== entry.status ||
          gst.state !== entry.state ||
          gst.state_code !== entry.state_code ||
          gst.registration_date !== entry.registration_date
        ) {
          wrong.push(entry.gstin);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives every GSTIN the legal name of its PAN holder, and companies and LLPs their registered name', () => {
    const wrong: string[] = [];
    for (const gstin of gstins) {
      const gst = registry.gstVerify(gstin, NOW)!;
      if (gst.pan !== gstin.slice(2, 12) || gst.state_code !== gstin.slice(0, 2)) wrong.push(`${gstin} identifiers`);
      if (gstin === NAME_MISMATCH_GSTIN) continue;
      if (gst.legal_name !== registry.panVerify(gst.pan).fullName) wrong.push(`${gstin} PAN name`);
      const mapping = registry.cinToPan({ pan: gst.pan });
      if (mapping !== undefined && mapping.company_name !== gst.legal_name) wrong.push(`${gstin} company name`);
    }
    expect(wrong).toEqual([]);
    const mismatch = registry.gstVerify(NAME_MISMATCH_GSTIN ?? '', NOW)!;
    expect(matchNames(mismatch.legal_name, registry.panVerify(mismatch.pan).fullName).result).toBe('no_match');
  });

  it('maps every CIN to its PAN and back, and every LLP\'s PAN to its LLPIN with cin null', () => {
    const wrong: string[] = [];
    for (const cin of registry.identifiers('cin')) {
      const forward = registry.cinToPan({ cin });
      const back = forward === undefined ? undefined : registry.cinToPan({ pan: forward.pan });
      const name = registry.company({ cin }, NOW)?.name;
      if (forward === undefined || forward.pan.charAt(3) !== 'C' || forward.company_name !== name) wrong.push(cin);
      if (back?.cin !== cin || back.llpin !== null) wrong.push(`${cin} back`);
    }
    const llpinsFound: string[] = [];
    for (const pan of pans) {
      const mapping = registry.cinToPan({ pan });
      if (mapping?.llpin == null) continue;
      llpinsFound.push(mapping.llpin);
      const llp = registry.company({ llpin: mapping.llpin }, NOW);
      if (mapping.cin !== null || pan.charAt(3) !== 'F' || llp?.entity_type !== 'llp' || llp.name !== mapping.company_name) wrong.push(pan);
    }
    expect(wrong).toEqual([]);
    expect(llpinsFound.sort()).toEqual(registry.identifiers('llpin').sort());
  });

  it('maps no PAN of a proprietor or partnership firm to a registration', () => {
    const firmsAndPersons = gstins
      .map((gstin) => registry.gstVerify(gstin, NOW)!)
      .filter((g) => g.constitution === 'Proprietorship' || g.constitution === 'Partnership');
    expect(firmsAndPersons.length).toBeGreaterThan(0);
    expect(firmsAndPersons.filter((g) => registry.cinToPan({ pan: g.pan }) !== undefined)).toEqual([]);
  });

  it('lists each company under each of its directors\' DINs, with the same role and dates', () => {
    const wrong: string[] = [];
    for (const ref of refs) {
      const answer = registry.directors(ref, NOW)!;
      if (answer.directors.length === 0) wrong.push(`${JSON.stringify(ref)} has no directors`);
      if (answer.company_name !== registry.company(ref, NOW)?.name) wrong.push(`${JSON.stringify(ref)} name`);
      for (const director of answer.directors) {
        const din = registry.din(director.din, NOW);
        const entry = din?.companies.find(
          (c) => (c.cin ?? c.llpin) === ('cin' in ref ? ref.cin : ref.llpin) && c.appointed_on === director.appointed_on && c.ceased_on === director.ceased_on,
        );
        if (din === undefined || entry === undefined || entry.designation !== director.designation) wrong.push(`${director.din} in ${JSON.stringify(ref)}`);
        if (din !== undefined && (din.name !== director.name || din.din_status !== director.din_status)) wrong.push(`${director.din} details`);
        if (director.ceased_on !== null && director.ceased_on <= director.appointed_on) wrong.push(`${director.din} dates`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists under every DIN only companies that list the DIN back', () => {
    const wrong: string[] = [];
    for (const dinValue of registry.identifiers('din')) {
      const din = registry.din(dinValue, NOW)!;
      if (din.companies.length === 0) wrong.push(`${dinValue} has no companies`);
      for (const c of din.companies) {
        const ref: CompanyRef = c.cin !== null ? { cin: c.cin } : { llpin: c.llpin! };
        const directors = registry.directors(ref, NOW)?.directors ?? [];
        if (!directors.some((d) => d.din === dinValue && d.appointed_on === c.appointed_on)) wrong.push(`${dinValue} → ${c.cin ?? c.llpin}`);
        if (registry.company(ref, NOW)?.name !== c.name) wrong.push(`${dinValue} name of ${c.cin ?? c.llpin}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('seats designated partners on LLPs and directors on companies, appointed after incorporation and ceased in the DIN era', () => {
    const wrong: string[] = [];
    for (const ref of refs) {
      const company = registry.company(ref, NOW)!;
      for (const d of registry.directors(ref, NOW)!.directors) {
        if ((company.entity_type === 'llp') !== (d.designation === 'Designated Partner')) wrong.push(`${d.din} role`);
        if (d.appointed_on < company.date_of_incorporation) wrong.push(`${d.din} before incorporation`);
        // DINs began in 2006: anyone who left a board earlier never had one to show.
        if (d.ceased_on !== null && d.ceased_on < '2006-11-01') wrong.push(`${d.din} ceased before DINs existed`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
