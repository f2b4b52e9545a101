/**
 * Request examples for the OpenAPI document, taken from the documented sandbox scenarios so
 * every example works as written with a sandbox key (and answers what the scenario says).
 */
import type { CheckName } from '../../domain/operations.js';
import { SANDBOX_SCENARIOS, scenarioInput } from '../../sources/sandbox/scenarios.js';

const EXAMPLES_PER_OPERATION = 4;

export interface RequestExample {
  summary: string;
  value: unknown;
}

/**
 * Examples from the scenarios an operation answers, named by scenario: the first few that
 * succeed, then the first of each failure status, so the list shows the range.
 */
export function checkExamples(check: CheckName): Record<string, RequestExample> {
  const ok: [string, RequestExample][] = [];
  const failures = new Map<number, [string, RequestExample]>();
  const seen = new Set<string>();
  for (const scenario of SANDBOX_SCENARIOS) {
    const status = scenario.expect[check];
    const value = status === undefined ? undefined : scenarioInput(check, scenario.identifiers);
    if (status === undefined || value === undefined || seen.has(JSON.stringify(value))) continue;
    seen.add(JSON.stringify(value));
    const example: [string, RequestExample] = [scenario.name, { summary: `${scenario.name} (answers ${status}): ${scenario.description}`, value }];
    if (status === 200) ok.push(example);
    else if (!failures.has(status)) failures.set(status, example);
  }
  return Object.fromEntries([...ok.slice(0, EXAMPLES_PER_OPERATION), ...failures.values()]);
}

/** Business360 examples: the first scenarios with risk flags, sent by GSTIN (else CIN, else PAN). */
export function business360Examples(): Record<string, RequestExample> {
  const picked = SANDBOX_SCENARIOS.filter((s) => s.flags !== undefined).slice(0, EXAMPLES_PER_OPERATION);
  return Object.fromEntries(
    picked.map((s) => {
      const { gstin, cin, pan } = s.identifiers;
      const value = gstin !== undefined ? { gstin } : cin !== undefined ? { cin } : { pan };
      return [s.name, { summary: `${s.name}: ${s.description}`, value }];
    }),
  );
}

/** Rows of sandbox GSTINs that verify, for the bulk and portfolio examples (they must work as written). */
export function sandboxGstRows(count = 3): { gstin: string }[] {
  return Object.values(checkExamples('gst.verify'))
    .filter((e) => e.summary.includes('(answers 200)'))
    .slice(0, count)
    .map((e) => ({ gstin: (e.value as { gstin: string }).gstin }));
}
