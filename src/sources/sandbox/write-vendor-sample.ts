/**
 * Writes samples/vendors-10k.csv: a 10,000-row vendor list on sandbox identifiers, the size
 * of a mid-sized company's supplier master, for trying bulk jobs (`bv bulk submit
 * samples/vendors-10k.csv --operation gst.verify --wait`). Rendered from the registry so it
 * stays true to it; a unit test fails when the committed file differs. Run from the root:
 *
 *   npx tsx src/sources/sandbox/write-vendor-sample.ts
 *
 * Columns: gstin, pan, cin (known columns; each row fills one, as a supplier master holds one
 * identifier per vendor: a gst.verify job verifies the gstin rows and reports the others
 * invalid, a business360 job takes any), vendor_code and vendor_name_in_erp (carried
 * through). The mix, by row number:
 * - most rows: a GSTIN of the universe (every kind of taxpayer);
 * - every 50th: a repeat of an earlier row (verified and billed once);
 * - every 97th: a GSTIN with a broken checksum (invalid, never billed);
 * - every 89th: a valid GSTIN the registry does not know (not_found);
 * - every 151st: a PAN only, every 173rd a CIN only (invalid for gst.verify, fine for business360);
 * - the documented scenarios' GSTINs in the first rows, so the file shows each case.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeGstin } from '../../domain/identifiers/gstin.js';
import { loadSandboxRegistry, type SandboxRegistry } from './registry.js';

export const VENDOR_SAMPLE_FILE = path.join('samples', 'vendors-10k.csv');
const ROWS = 10_000;

/** The same GSTIN with its check character changed: well-formed but failing the checksum. */
function brokenChecksum(gstin: string): string {
  const last = gstin.at(-1) === 'A' ? 'B' : 'A';
  return `${gstin.slice(0, -1)}${last}`;
}

export function renderVendorSample(registry: SandboxRegistry = loadSandboxRegistry(), rows = ROWS): string {
  const known = registry.identifiers('gstin').filter((gstin) => registry.gstVerify(gstin) !== undefined);
  const scenarioGstins = registry.scenarios.map((s) => s.identifiers.gstin).filter((g): g is string => g !== undefined && !/5030|5040/.test(g));
  // Well-formed GSTINs on PANs the universe never issues (the ZZY… series): each one unknown.
  const unknown = Array.from({ length: 200 }, (_, i) => makeGstin('29', `ZZYPZ${String(1000 + i * 37).slice(-4)}Q`, '1')).filter(
    (gstin) => registry.gstVerify(gstin) === undefined && !/5030|5040/.test(gstin),
  );
  const lines: string[][] = [];
  let next = 0;
  for (let row = 1; row <= rows; row++) {
    const code = `V${String(row).padStart(5, '0')}`;
    const name = `Vendor ${row}`;
    if (row % 50 === 0 && lines.length > 10) {
      const earlier = lines[(row * 37) % (lines.length - 1)] as string[];
      lines.push([earlier[0] as string, earlier[1] as string, earlier[2] as string, code, `${name} (repeat of ${earlier[3]})`]);
      continue;
    }
    let gstin: string;
    if (row <= scenarioGstins.length) gstin = scenarioGstins[row - 1] as string;
    else if (row % 89 === 0 && unknown.length > 0) gstin = unknown[Math.floor(row / 89) % unknown.length] as string;
    else gstin = known[(next++ * 7919) % known.length] as string;
    const record = registry.gstVerify(gstin);
    const pan = record?.pan ?? gstin.slice(2, 12);
    const cin = registry.cinToPan({ pan }, new Date())?.cin ?? '';
    if (row % 151 === 0) lines.push(['', pan, '', code, name]);
    else if (row % 173 === 0 && cin !== '') lines.push(['', '', cin, code, name]);
    else if (row % 97 === 0) lines.push([brokenChecksum(gstin), '', '', code, name]);
    else lines.push([gstin, '', '', code, name]);
  }
  return `gstin,pan,cin,vendor_code,vendor_name_in_erp\n${lines.map((cells) => cells.join(',')).join('\n')}\n`;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const target = process.argv[2] ?? VENDOR_SAMPLE_FILE;
  writeFileSync(target, renderVendorSample());
  process.stdout.write(`wrote ${target}\n`);
}
