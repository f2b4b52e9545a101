import { describe, expect, it } from 'vitest';
import type { RiskFlag } from '../../src/domain/business360/profile.js';
import { buildSummary, type Business360Identifiers } from '../../src/domain/business360/summary.js';
import {
  cinPanRecord,
  cleanModules,
  companyRecord,
  failed,
  gstRecord,
  notFound,
  ok,
  panRecord,
  skipped,
  skippedModules,
} from './business360-builders.js';

const ids = (overrides: Partial<Business360Identifiers> = {}): Business360Identifiers => ({
  pan: null,
  gstin: null,
  cin: null,
  llpin: null,
  ...overrides,
});

const lowFlag = (code: string): RiskFlag => ({ code, severity: 'low', message: code, module: 'gst' });

describe('Business360 summary', () => {
  describe('legal_name', () => {
    it('comes from the GST legal name first', () => {
      expect(buildSummary({ identifiers: ids(), modules: cleanModules(), flags: [] }).legal_name).toBe('UNITED TRADERS');
    });

    it('falls back to the company name when GST did not answer', () => {
      const modules = cleanModules({ gst: failed(gstRecord({ legal_name: 'STALE NAME' })) });
      expect(buildSummary({ identifiers: ids(), modules, flags: [] }).legal_name).toBe('UNITED TRADERS PRIVATE LIMITED');
    });

    it('falls back to the CIN-PAN mapping name after the company', () => {
      const modules = skippedModules({ cin_pan: ok(cinPanRecord({ company_name: 'MAPPED NAME LIMITED' })), pan: ok(panRecord()) });
      expect(buildSummary({ identifiers: ids(), modules, flags: [] }).legal_name).toBe('MAPPED NAME LIMITED');
    });

    it("uses the PAN's registered name last, for a non-individual PAN", () => {
      const modules = skippedModules({ pan: ok(panRecord({ pan: 'AAACU1234B', registered_name: 'UNITED TRADERS LIMITED' })) });
      expect(buildSummary({ identifiers: ids(), modules, flags: [] }).legal_name).toBe('UNITED TRADERS LIMITED');
    });

    it("never uses an individual's (masked) PAN name", () => {
      const modules = skippedModules({ pan: ok(panRecord({ pan: 'ABCPM1234K', registered_name: 'A**** M****' })) });
      expect(buildSummary({ identifiers: ids({ pan: 'ABCPM1234K' }), modules, flags: [] }).legal_name).toBeNull();
    });

    it('is null when no module answered', () => {
      expect(buildSummary({ identifiers: ids(), modules: skippedModules(), flags: [] }).legal_name).toBeNull();
    });
  });

  describe('trade_name', () => {
    it('comes from GST', () => {
      expect(buildSummary({ identifiers: ids(), modules: cleanModules(), flags: [] }).trade_name).toBe('UNITED TRADING CO');
    });

    it('is null without GST, or when GST has a blank trade name', () => {
      expect(buildSummary({ identifiers: ids(), modules: cleanModules({ gst: notFound() }), flags: [] }).trade_name).toBeNull();
      const blank = cleanModules({ gst: ok(gstRecord({ trade_name: '' })) });
      expect(buildSummary({ identifiers: ids(), modules: blank, flags: [] }).trade_name).toBeNull();
    });
  });

  describe('entity_type', () => {
    const entityType = (identifiers: Business360Identifiers) =>
      buildSummary({ identifiers, modules: skippedModules(), flags: [] }).entity_type;

    it('is company when a CIN is known', () => {
      expect(entityType(ids({ cin: 'U51909MH2010PTC201234', pan: 'AAACU1234B' }))).toBe('company');
    });

    it('is llp when an LLPIN is known', () => {
      expect(entityType(ids({ llpin: 'AAB-1234', pan: 'AAFFU1234B' }))).toBe('llp');
    });

    it("is proprietorship for an individual's PAN (4th character P)", () => {
      expect(entityType(ids({ pan: 'ABCPM1234K', gstin: '27ABCPM1234K1Z5' }))).toBe('proprietorship');
    });

    it('is null for any other PAN without a CIN or LLPIN (e.g. a firm)', () => {
      expect(entityType(ids({ pan: 'AAPFU0939F' }))).toBeNull();
      expect(entityType(ids())).toBeNull();
    });
  });

  describe('state', () => {
    it('comes from GST first', () => {
      expect(buildSummary({ identifiers: ids(), modules: cleanModules(), flags: [] }).state).toBe('Maharashtra');
    });

    it("falls back to the company's registered address", () => {
      const modules = skippedModules({ company: ok(companyRecord()) });
      expect(buildSummary({ identifiers: ids(), modules, flags: [] }).state).toBe('Karnataka');
    });

    it('is null when neither answered', () => {
      expect(buildSummary({ identifiers: ids(), modules: skippedModules({ pan: ok(panRecord()) }), flags: [] }).state).toBeNull();
    });
  });

  it('carries the identifiers through and sets the risk level from the flags', () => {
    const identifiers = ids({ pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV' });
    const flags = [lowFlag('A'), lowFlag('B'), lowFlag('C')];
    expect(buildSummary({ identifiers, modules: cleanModules({ directors: skipped() }), flags })).toEqual({
      legal_name: 'UNITED TRADERS',
      trade_name: 'UNITED TRADING CO',
      entity_type: null,
      pan: 'AAPFU0939F',
      gstin: '27AAPFU0939F1ZV',
      cin: null,
      llpin: null,
      state: 'Maharashtra',
      risk: { level: 'medium', flags },
    });
  });
});
