/**
 * suppliers.jsonl (domain/itc/supplier-listing.ts): the totals line first, then each supplier in
 * rank order with exact amounts; a supplier whose checks were not delivered needs action too.
 */
import { describe, expect, it } from 'vitest';
import type { SupplierSummary } from '../../src/domain/itc/register-results.js';
import { supplierListingLines, supplierListingTotals } from '../../src/domain/itc/supplier-listing.js';

const verdicts = (v: Partial<SupplierSummary['byVerdict']> = {}) => ({ eligible: 0, at_risk: 0, reverse: 0, blocked: 0, unknown: 0, ...v });
const summary = (s: Partial<SupplierSummary>): SupplierSummary => ({
  gstin: '27AAJCS4821K1Z1', name: '', status: 'ok', error: '', gstStatus: 'Active', taxpayerType: 'Regular', filingFrequency: 'monthly',
  invoices: 1, byVerdict: verdicts({ eligible: 1 }), taxPaise: 0, taxAtRiskPaise: 0, worstVerdict: 'eligible', earliestDeadline: null, chargedPaise: 175, ...s,
});

describe('the suppliers listing file', () => {
  it('adds up the totals in paise, counts the suppliers needing action (tax at risk, or not checked) and takes the earliest deadline', () => {
    const ranked = [
      summary({ gstin: 'A', taxPaise: 10_01, taxAtRiskPaise: 10_01, worstVerdict: 'reverse', byVerdict: verdicts({ reverse: 1 }), earliestDeadline: '2025-11-30' }),
      summary({ gstin: 'B', taxPaise: 20_02, earliestDeadline: '2025-10-31', invoices: 2, byVerdict: verdicts({ eligible: 2 }) }),
      summary({ gstin: 'C', status: 'failed', error: 'GST Verify could not be checked', taxPaise: 30_03, worstVerdict: null, byVerdict: verdicts(), chargedPaise: 0 }),
    ];
    expect(supplierListingTotals(ranked)).toEqual({
      suppliers: 3,
      suppliers_needing_action: 2,
      invoices: 4,
      tax_inr: 60.06,
      tax_at_risk_inr: 10.01,
      earliest_deadline: '2025-10-31',
      verdicts: verdicts({ reverse: 1, eligible: 2 }),
      charged_inr: 3.5,
    });
    const lines = [...supplierListingLines(ranked)].map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toHaveProperty('totals.suppliers', 3);
    expect(lines.slice(1).map((l) => [l.rank, l.gstin, l.check_status, l.worst_verdict])).toEqual([[1, 'A', 'ok', 'reverse'], [2, 'B', 'ok', 'eligible'], [3, 'C', 'failed', null]]);
    expect(lines[3]).toMatchObject({ error_message: 'GST Verify could not be checked', tax_inr: 30.03, charged_inr: 0 });
  });

  it('is a totals line alone for a register without suppliers', () => {
    expect([...supplierListingLines([])]).toEqual([JSON.stringify({ totals: supplierListingTotals([]) })]);
    expect(supplierListingTotals([])).toMatchObject({ suppliers: 0, tax_inr: 0, earliest_deadline: null });
  });
});
