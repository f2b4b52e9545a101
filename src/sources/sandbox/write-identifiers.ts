/**
 * Writes samples/sandbox-identifiers.json from the scenario lists, and the ITC check scenarios'
 * table into docs/itc-check.md, so the published identifiers are never edited by hand. Unit tests
 * fail when the committed files differ from what this renders. Run from the repository root:
 *
 *   npx tsx src/sources/sandbox/write-identifiers.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DRIFTING_SCENARIOS, type DriftingScenario } from './drifting-scenarios.js';
import { withItcScenarioTable } from './itc-scenario-table.js';
import { ITC_SCENARIOS, type ItcScenario } from './itc-scenarios.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from './scenarios.js';

export const SANDBOX_IDENTIFIERS_FILE = path.join('samples', 'sandbox-identifiers.json');
export const ITC_DOC_FILE = path.join('docs', 'itc-check.md');

const ABOUT = [
  'Sandbox scenario identifiers: send them with a sandbox key (bv_test_...) to get each documented case.',
  'expect: the HTTP status each operation answers. GST Verify and GST Returns take the gstin; GST by PAN and PAN Verify the pan;',
  'Company and Directors the cin, else the llpin; CIN <-> PAN the cin, else the pan; DIN Lookup the din; Company Search the name.',
  'flags: the Business360 risk flag codes for the scenario called with its gstin (else cin, else pan).',
  'The fault-trigger identifiers listed here (the 5030 ones) answer 503 and the 5040 ones 504, as does any GSTIN embedding a fault PAN; the 0404 ones are valid but never found. Other identifiers that merely contain these digits are ordinary.',
  'drifting: scenarios whose records change with the ISO week of the sandbox clock (the date in India): as stored in even weeks, drifted in odd weeks;',
  'changes lists the fields that differ (a path into the operation\'s data) and risk the Business360 risk level and flags in each phase.',
  'itc: cases for POST /v1/gst/itc-check: send the gstin and its invoices (number, date, tax_inr, availed_in where given) and get each invoice\'s verdict and reason codes (expect; for a drifting supplier, expect.even and expect.odd by the ISO week of the sandbox clock).',
  'An invoice date is a fixed "YYYY-MM-DD", or relative to the sandbox clock\'s date in India (today): {"days_ago": n} is n days before today (0: today);',
  '{"months_ago": n, "day": d} is day d of the month n months before today\'s month. Sent so, every case answers as listed at any date.',
].join(' ');

export function sandboxIdentifiersDocument(
  scenarios: readonly SandboxScenario[] = SANDBOX_SCENARIOS,
  drifting: readonly DriftingScenario[] = DRIFTING_SCENARIOS,
  itc: readonly ItcScenario[] = ITC_SCENARIOS,
): object {
  return {
    about: ABOUT,
    scenarios: scenarios.map((s) => ({
      name: s.name,
      description: s.description,
      identifiers: s.identifiers,
      expect: s.expect,
      ...(s.flags === undefined ? {} : { flags: s.flags }),
    })),
    drifting: drifting.map((s) => ({
      name: s.name,
      description: s.description,
      drifting: s.drifting,
      identifiers: s.identifiers,
      expect: s.expect,
      changes: s.changes,
      risk: s.risk,
    })),
    itc,
  };
}

export function renderSandboxIdentifiers(
  scenarios: readonly SandboxScenario[] = SANDBOX_SCENARIOS,
  drifting: readonly DriftingScenario[] = DRIFTING_SCENARIOS,
  itc: readonly ItcScenario[] = ITC_SCENARIOS,
): string {
  return `${JSON.stringify(sandboxIdentifiersDocument(scenarios, drifting, itc), null, 2)}\n`;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const target = process.argv[2] ?? SANDBOX_IDENTIFIERS_FILE;
  writeFileSync(target, renderSandboxIdentifiers());
  writeFileSync(ITC_DOC_FILE, withItcScenarioTable(readFileSync(ITC_DOC_FILE, 'utf8')));
  process.stdout.write(
    `wrote ${target} (${SANDBOX_SCENARIOS.length} scenarios, ${DRIFTING_SCENARIOS.length} drifting, ${ITC_SCENARIOS.length} ITC cases) and the table in ${ITC_DOC_FILE}\n`,
  );
}
