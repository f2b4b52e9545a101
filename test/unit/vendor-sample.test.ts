import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/bulk/intake/csv-intake.js';
import { RowDeduper } from '../../src/bulk/dedupe.js';
import type { OperationName } from '../../src/domain/operations.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { renderVendorSample } from '../../src/sources/sandbox/write-vendor-sample.js';

const SAMPLE = fileURLToPath(new URL('../../samples/vendors-10k.csv', import.meta.url));
const LIMITS = { maxBytes: 10_000_000, maxRecordBytes: 65_536, maxRows: 1_000_000 };

async function intake(operation: OperationName) {
  const deduper = new RowDeduper();
  let header: string[] = [];
  for await (const item of readCsv(Readable.from([readFileSync(SAMPLE)]), operation, LIMITS)) {
    if (item.kind === 'header') header = item.header;
    else if (item.kind === 'row') deduper.add(item.row, item.result);
  }
  return { header, counts: deduper.counts() };
}

describe('samples/vendors-10k.csv', () => {
  it('is exactly what the registry renders (regenerate: npx tsx src/sources/sandbox/write-vendor-sample.ts)', () => {
    expect(readFileSync(SAMPLE, 'utf8')).toBe(renderVendorSample(loadSandboxRegistry()));
  });

  it('has 10,000 rows with invalid ones, repeats and an extra vendor_code column, for gst.verify and business360 alike', async () => {
    const gst = await intake('gst.verify');
    expect(gst.header).toEqual(['gstin', 'pan', 'cin', 'vendor_code', 'vendor_name_in_erp']);
    expect(gst.counts.total).toBe(10_000);
    expect(gst.counts.invalid).toBeGreaterThan(100);
    expect(gst.counts.duplicates).toBeGreaterThan(100);
    const b360 = await intake('business360');
    expect(b360.counts.total).toBe(10_000);
    // Rows with only a PAN or a CIN are valid Business360 entries; only broken checksums are not.
    expect(b360.counts.invalid).toBeGreaterThan(50);
    expect(b360.counts.invalid).toBeLessThan(gst.counts.invalid);
  });
});
