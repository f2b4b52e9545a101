import { describe, expect, it } from 'vitest';
import { allocateCharges, maxHoldPaise, moduleCharge, priceBundle } from '../../src/domain/business360/pricing.js';
import { MODULES, type ModuleName } from '../../src/domain/business360/profile.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('Business360 bundle price', () => {
  it('caps the full bundle at 10.00: list 14.75, discount 4.75', () => {
    expect(priceBundle([...MODULES])).toEqual({ chargedPaise: 10_00, listTotalPaise: 14_75, discountPaise: 4_75 });
  });

  it('bills a partial bundle at list price with no discount (gst + pan = 2.75)', () => {
    expect(priceBundle(['gst', 'pan'])).toEqual({ chargedPaise: 2_75, listTotalPaise: 2_75, discountPaise: 0 });
  });

  it('applies the cap only once the list total passes 10.00', () => {
    // company 3.50 + cin_pan 3.50 + gst_returns 1.00 + gst 0.75 = 8.75: under the cap.
    expect(priceBundle(['company', 'cin_pan', 'gst_returns', 'gst']).discountPaise).toBe(0);
    // + directors 4.00 = 12.75: capped.
    expect(priceBundle(['company', 'cin_pan', 'gst_returns', 'gst', 'directors'])).toEqual({
      chargedPaise: 10_00,
      listTotalPaise: 12_75,
      discountPaise: 2_75,
    });
  });

  it('charges nothing when no module succeeded', () => {
    expect(priceBundle([])).toEqual({ chargedPaise: 0, listTotalPaise: 0, discountPaise: 0 });
  });

  it('bills a module listed twice once', () => {
    expect(priceBundle(['pan', 'pan']).chargedPaise).toBe(2_00);
  });
});

describe('Business360 wallet hold', () => {
  it('holds the cap for the full bundle', () => {
    expect(maxHoldPaise([...MODULES])).toBe(10_00);
  });

  it('holds the list total of the requested modules when under the cap', () => {
    expect(maxHoldPaise(['gst', 'gst_returns'])).toBe(1_75);
  });
});

describe('Business360 per-module charges', () => {
  it('bills modules in order at full price until the cap; the one crossing it pays the remainder, later ones nothing', () => {
    expect(allocateCharges([...MODULES])).toEqual({
      gst: 75,
      gst_returns: 1_00,
      pan: 2_00,
      company: 3_50,
      directors: 2_75,
      cin_pan: 0,
    });
  });

  it('bills each successful module its full price under the cap and failed ones nothing', () => {
    expect(allocateCharges(['pan', 'gst'])).toEqual({ gst: 75, gst_returns: 0, pan: 2_00, company: 0, directors: 0, cin_pan: 0 });
  });

  it('allocates by module order, not by the order succeeded modules are given', () => {
    const reversed = [...MODULES].reverse();
    expect(allocateCharges(reversed)).toEqual(allocateCharges([...MODULES]));
  });

  it('always adds up to the bundle charge', () => {
    const subsets: ModuleName[][] = [
      [...MODULES],
      ['gst', 'pan'],
      ['directors', 'company', 'cin_pan'],
      ['gst_returns', 'pan', 'company', 'directors'],
      [],
    ];
    for (const subset of subsets) {
      expect(sum(Object.values(allocateCharges(subset)))).toBe(priceBundle(subset).chargedPaise);
    }
  });

  it('reports a module the cap made free as not charged, so charged wrappers sum to the charge in INR', () => {
    const allocation = allocateCharges([...MODULES]);
    const wrappers = MODULES.map((m) => moduleCharge(allocation[m]));
    expect(wrappers.at(-1)).toEqual({ charged: false, amount_inr: 0 });
    expect(moduleCharge(allocation.directors)).toEqual({ charged: true, amount_inr: 2.75 });
    expect(sum(wrappers.filter((w) => w.charged).map((w) => w.amount_inr))).toBe(10);
  });
});
