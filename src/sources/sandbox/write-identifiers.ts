/**
 * Writes samples/sandbox-identifiers.json from the scenario list, so the published identifiers
 * are never edited by hand. A unit test fails when the committed file differs from what this
 * renders. Run from the repository root:
 *
 *   npx tsx src/sources/sandbox/write-identifiers.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DRIFTING_SCENARIOS, type DriftingScenario } from './drifting-scenarios.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from './scenarios.js';

export const SANDBOX_IDENTIFIERS_FILE = path.join('samples', 'sandbox-identifiers.json');

const ABOUT = [
  'Sandbox scenario identifiers: send them with a sandbox key (bv_test_...) to get each documented case.',
  'expect: the HTTP status each operation answers. GST Verify and GST Returns take the gstin; GST by PAN and PAN Verify the pan;',
  'Company and Directors the cin, else the llpin; CIN <-> PAN the cin, else the pan; DIN Lookup the din; Company Search the name.',
  'flags: the Business360 risk flag codes for the scenario called with its gstin (else cin, else pan).',
  'The fault-trigger identifiers listed here (the 5030 ones) answer 503 and the 5040 ones 504, as does any GSTIN embedding a fault PAN; the 0404 ones are valid but never found. Other identifiers that merely contain these digits are ordinary.',
  'drifting: scenarios whose records change with the ISO week of the sandbox clock (the date in India): as stored in even weeks, drifted in odd weeks;',
  'changes lists the fields that differ (a path into the operation\'s data) and risk the Business360 risk level and flags in each phase.',
].join(' ');

export function sandboxIdentifiersDocument(
  scenarios: readonly SandboxScenario[] = SANDBOX_SCENARIOS,
  drifting: readonly DriftingScenario[] = DRIFTING_SCENARIOS,
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
  };
}

export function renderSandboxIdentifiers(
  scenarios: readonly SandboxScenario[] = SANDBOX_SCENARIOS,
  drifting: readonly DriftingScenario[] = DRIFTING_SCENARIOS,
): string {
  return `${JSON.stringify(sandboxIdentifiersDocument(scenarios, drifting), null, 2)}\n`;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const target = process.argv[2] ?? SANDBOX_IDENTIFIERS_FILE;
  writeFileSync(target, renderSandboxIdentifiers());
  process.stdout.write(`wrote ${target} (${SANDBOX_SCENARIOS.length} scenarios, ${DRIFTING_SCENARIOS.length} drifting)\n`);
}
