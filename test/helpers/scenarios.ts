import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CheckName } from '../../src/domain/operations.js';

export interface Scenario {
  name: string;
  description: string;
  identifiers: Partial<Record<'gstin' | 'pan' | 'cin' | 'llpin' | 'din' | 'name', string>>;
  expect: Partial<Record<CheckName, number>>;
}

/** The published scenario identifiers, read as a user of samples/ would read them. */
export const SCENARIOS: Scenario[] = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url)), 'utf8')) as {
    scenarios: Scenario[];
  }
).scenarios;

export function scenario(name: string): Scenario {
  const found = SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`no scenario named ${name}`);
  return found;
}

/**
 * The request body a scenario sends to a check, from the identifiers it publishes. Written
 * from the JSON file's own `about` text rather than imported from the registry, so this
 * outside check does not share a mistake with the code it checks.
 */
export function requestFor(check: CheckName, ids: Scenario['identifiers']): Record<string, string> | undefined {
  switch (check) {
    case 'gst.verify':
    case 'gst.returns':
      return ids.gstin ? { gstin: ids.gstin } : undefined;
    case 'gst.by_pan':
    case 'pan.verify':
      return ids.pan ? { pan: ids.pan } : undefined;
    case 'mca.company':
    case 'mca.directors':
      return ids.cin ? { cin: ids.cin } : ids.llpin ? { llpin: ids.llpin } : undefined;
    case 'mca.cin_to_pan':
      return ids.cin ? { cin: ids.cin } : ids.pan ? { pan: ids.pan } : undefined;
    case 'mca.search':
      return ids.name ? { name: ids.name } : undefined;
    case 'mca.din':
      return ids.din ? { din: ids.din } : undefined;
  }
}

/** Every (scenario, operation) pair a scenario documents, with its expected status and request. */
export const SCENARIO_CASES = SCENARIOS.flatMap((scenario) =>
  (Object.entries(scenario.expect) as [CheckName, number][]).map(([check, status]) => ({
    scenario: scenario.name,
    check,
    status,
    body: requestFor(check, scenario.identifiers),
  })),
);
