import { describe, expect, it } from 'vitest';
import { checkInvoice } from '../../src/domain/itc/check-invoice.js';
import { codes, supplier } from './itc-support.js';

const TODAY = '2025-08-01';
const invoice = (date: string, taxPaise = 18_000_00) => ({ number: 'INV-1', date, taxPaise });

describe('ITC check: registration on the invoice date', () => {
  it('blocks an invoice dated the day before the effective date of registration', () => {
    const result = checkInvoice(supplier({ registrationDate: '2025-05-10' }), invoice('2025-05-09'), TODAY);
    expect(result.verdict).toBe('blocked');
    expect(codes(result)).toEqual(['not_registered_on_invoice_date']);
    expect(result.reasons[0]).toMatchObject({ severity: 'critical', rule: 'CGST Act s.16(2)(a), s.31(1)' });
    expect(result.reasons[0]!.message).toContain('10 May 2025');
    expect(result.claimBy).toBeNull();
    expect(result.taxAtRiskPaise).toBe(18_000_00);
  });

  it('counts an invoice dated on the effective date of registration as registered', () => {
    const result = checkInvoice(supplier({ registrationDate: '2025-05-10' }), invoice('2025-05-10'), TODAY);
    expect(result.verdict).toBe('eligible');
    expect(result.reasons).toEqual([]);
    expect(result.claimBy).toBe('2026-11-30');
    expect(result.taxAtRiskPaise).toBe(0);
  });

  it('counts 29 February of a leap year as registered when registration took effect that day', () => {
    const result = checkInvoice(supplier({ registrationDate: '2024-02-29' }), invoice('2024-02-29'), TODAY);
    expect(result).toMatchObject({ verdict: 'eligible', period: '2024-02', claimBy: '2024-11-30' });
    expect(checkInvoice(supplier({ registrationDate: '2024-03-01' }), invoice('2024-02-29'), TODAY).verdict).toBe('blocked');
  });

  it('blocks an invoice dated on the effective date of cancellation', () => {
    const cancelled = supplier({ status: 'Cancelled', cancellationDate: '2025-03-31' });
    const result = checkInvoice(cancelled, invoice('2025-03-31'), TODAY);
    expect(result.verdict).toBe('blocked');
    expect(codes(result)).toEqual(['cancelled_on_or_before_invoice_date']);
    expect(result.reasons[0]!.rule).toBe('CGST Act s.29(2), s.16(2)(a)');
  });

  it('lets an invoice of the day before the cancellation through, saying the date can still move back', () => {
    const cancelled = supplier({ status: 'Cancelled', cancellationDate: '2025-03-31' });
    const result = checkInvoice(cancelled, invoice('2025-03-30'), TODAY);
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['cancelled_after_invoice_date']);
    expect(result.reasons[0]!.severity).toBe('info');
  });

  it('blocks an invoice issued before a cancellation was ordered when the cancellation is effective from before it (retrospective)', () => {
    // The invoice was issued on 10 Feb 2025; the supplier was still shown Active then. The cancellation,
    // ordered in July 2025, takes effect from 1 Jan 2025.
    const retro = supplier({ status: 'Cancelled', cancellationDate: '2025-01-01' });
    const result = checkInvoice(retro, invoice('2025-02-10'), TODAY);
    expect(result.verdict).toBe('blocked');
    expect(result.reasons[0]!.message).toMatch(/retrospective/);
  });

  it('does not also report returns a supplier did not owe for periods it was not registered in', () => {
    const cancelled = supplier({ status: 'Cancelled', cancellationDate: '2025-01-01', filings: [] });
    expect(codes(checkInvoice(cancelled, invoice('2025-02-10'), TODAY))).toEqual(['cancelled_on_or_before_invoice_date']);
  });

  it('does not block when an Active registration still shows a cancellation date (the cancellation was revoked)', () => {
    const revoked = supplier({ status: 'Active', cancellationDate: '2025-01-01' });
    expect(checkInvoice(revoked, invoice('2025-02-10'), TODAY).verdict).toBe('eligible');
  });

  it('says unknown when a cancelled registration has no effective date of cancellation', () => {
    const result = checkInvoice(supplier({ status: 'Cancelled', cancellationDate: null }), invoice('2025-02-10'), TODAY);
    expect(result.verdict).toBe('unknown');
    expect(codes(result)).toEqual(['registration_dates_unknown']);
    expect(result.taxAtRiskPaise).toBe(0);
  });

  it('says unknown when the effective date of registration is missing', () => {
    const result = checkInvoice(supplier({ registrationDate: '' }), invoice('2025-02-10'), TODAY);
    expect(result.verdict).toBe('unknown');
    expect(codes(result)).toEqual(['registration_dates_unknown']);
  });
});

describe('ITC check: composition and suspension', () => {
  it('blocks any invoice of a composition supplier, which cannot charge tax (s.10(4)), without asking for returns it does not file', () => {
    const result = checkInvoice(supplier({ taxpayerType: 'Composition', filings: [] }), invoice('2025-02-10'), TODAY);
    expect(result.verdict).toBe('blocked');
    expect(codes(result)).toEqual(['composition_supplier']);
    expect(result.reasons[0]!.rule).toBe('CGST Act s.10(4), s.31(3)(c)');
  });

  it('puts an invoice of a supplier suspended today at risk (r.21A), with its filings still checked', () => {
    const result = checkInvoice(supplier({ status: 'Suspended' }), invoice('2025-02-10'), TODAY);
    expect(result.verdict).toBe('at_risk');
    expect(codes(result)).toEqual(['supplier_suspended']);
    expect(result.reasons[0]).toMatchObject({ severity: 'warning', rule: 'CGST Rules r.21A(3)' });
    expect(result.taxAtRiskPaise).toBe(18_000_00);
  });

  it('lists every supplier-side reason that applies, the blocking ones first', () => {
    const result = checkInvoice(
      supplier({ status: 'Suspended', taxpayerType: 'Composition', registrationDate: '2025-03-01' }),
      invoice('2025-02-10'),
      TODAY,
    );
    expect(result.verdict).toBe('blocked');
    expect(codes(result)).toEqual(['not_registered_on_invoice_date', 'composition_supplier', 'supplier_suspended']);
  });
});
