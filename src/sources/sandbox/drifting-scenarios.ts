/**
 * The documented drifting scenarios: identifiers whose records change with the ISO week of the
 * sandbox clock (drift.ts), for trying out scheduled re-verification and its change reports.
 * They answer every check with 200 in both phases; what differs is listed per scenario, as the
 * API shows it. Kept apart from SANDBOX_SCENARIOS, whose risk flags are fixed: these have one
 * set per phase. Docs, samples/sandbox-identifiers.json and the tests read this one list.
 */
import type { CheckName } from '../../domain/operations.js';
import type { DriftPhase } from './drift.js';
import { SCENARIO_ENTITIES as E } from './scenario-entities.js';
import { scenarioGstin } from './scenario-builder.js';
import { entityScenario, type SandboxScenario, type ScenarioIdentifiers } from './scenarios.js';

export type RiskLevel = 'low' | 'medium' | 'high';

/** One field that differs between the phases: where it is (a path into the operation's `data`) and its two values. */
export interface DriftChange {
  operation: CheckName | 'business360';
  field: string;
  even: string;
  odd: string;
}

export interface DriftingScenario {
  name: string;
  description: string;
  /** The identifier whose records change. */
  drifting: { kind: 'gstin' | 'cin' | 'din'; identifier: string };
  /** Every identifier of the scenario's entity, as for the other scenarios. */
  identifiers: ScenarioIdentifiers;
  /** The HTTP status of each operation: the same in both phases. */
  expect: SandboxScenario['expect'];
  changes: readonly DriftChange[];
  /** Business360 called with the scenario's GSTIN, else CIN, else PAN. */
  risk: Readonly<Record<DriftPhase, { level: RiskLevel; flags: readonly string[] }>>;
}

function driftingScenario(
  base: SandboxScenario,
  drifting: DriftingScenario['drifting'],
  changes: readonly DriftChange[],
  risk: DriftingScenario['risk'],
): DriftingScenario {
  const riskChange: DriftChange = {
    operation: 'business360',
    field: 'summary.risk',
    even: [risk.even.level, ...risk.even.flags].join(', '),
    odd: [risk.odd.level, ...risk.odd.flags].join(', '),
  };
  return { name: base.name, description: base.description, drifting, identifiers: base.identifiers, expect: base.expect, changes: [...changes, riskChange], risk };
}

function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`drifting scenario entity has no ${what}`);
  return value;
}

const DIRECTOR_DIN = defined(E.driftingDirector.officers?.[0]?.din, 'director');

export const DRIFTING_SCENARIOS: readonly DriftingScenario[] = Object.freeze([
  driftingScenario(
    entityScenario('drifting-gst-status', E.driftingGstStatus,
      'A proprietor (packaging, Vadodara) whose GSTIN is Active in even ISO weeks and Cancelled in odd ones, with that week\'s Monday (IST) as the cancellation date; gst.by_pan shows the same status. Returns are filed on time and read the same in both phases: nothing falls due after the cancellation.',
      {}),
    { kind: 'gstin', identifier: scenarioGstin(E.driftingGstStatus) },
    [
      { operation: 'gst.verify', field: 'status', even: 'Active', odd: 'Cancelled' },
      { operation: 'gst.verify', field: 'cancellation_date', even: 'null', odd: 'the Monday of the week (IST)' },
      { operation: 'gst.by_pan', field: 'gstins[].status', even: 'Active', odd: 'Cancelled' },
    ],
    { even: { level: 'low', flags: [] }, odd: { level: 'high', flags: ['GST_CANCELLED'] } },
  ),
  driftingScenario(
    entityScenario('drifting-returns-gap', E.driftingReturnsGap,
      'A partnership firm (plastics, Nagpur) filing monthly and on time, except that in odd ISO weeks neither return of the latest due period (the first that gst.returns lists) is filed; in even weeks both are, on time.',
      {}),
    { kind: 'gstin', identifier: scenarioGstin(E.driftingReturnsGap) },
    [
      { operation: 'gst.returns', field: 'periods[0].gstr1.status', even: 'filed', odd: 'not_filed' },
      { operation: 'gst.returns', field: 'periods[0].gstr3b.status', even: 'filed', odd: 'not_filed' },
      { operation: 'gst.returns', field: 'summary.not_filed', even: '0', odd: '1' },
      { operation: 'gst.returns', field: 'summary.last_filed_period', even: 'periods[0].period', odd: 'periods[1].period' },
    ],
    { even: { level: 'low', flags: [] }, odd: { level: 'medium', flags: ['GST_RETURNS_NOT_FILED'] } },
  ),
  driftingScenario(
    entityScenario('drifting-company-status', E.driftingCompanyStatus,
      'A private company (fabrication, Aurangabad) two years behind on its annual filings, with no GST registration: Active in even ISO weeks and struck off (Strike Off) in odd ones, in mca.company and mca.search alike.',
      {}),
    { kind: 'cin', identifier: defined(E.driftingCompanyStatus.cin, 'CIN') },
    [
      { operation: 'mca.company', field: 'status', even: 'Active', odd: 'Strike Off' },
      { operation: 'mca.search', field: 'results[].status', even: 'Active', odd: 'Strike Off' },
    ],
    { even: { level: 'medium', flags: ['COMPANY_FILINGS_OVERDUE'] }, odd: { level: 'high', flags: ['COMPANY_STRUCK_OFF', 'COMPANY_FILINGS_OVERDUE'] } },
  ),
  driftingScenario(
    entityScenario('drifting-director', E.driftingDirector,
      `An active company (plastics, Rajkot) whose managing director's DIN ${DIRECTOR_DIN} is Approved in even ISO weeks and Disqualified in odd ones, in mca.din and mca.directors alike.`,
      {}),
    { kind: 'din', identifier: DIRECTOR_DIN },
    [
      { operation: 'mca.din', field: 'din_status', even: 'Approved', odd: 'Disqualified' },
      { operation: 'mca.directors', field: `directors[din ${DIRECTOR_DIN}].din_status`, even: 'Approved', odd: 'Disqualified' },
    ],
    { even: { level: 'low', flags: [] }, odd: { level: 'high', flags: ['DIRECTOR_DISQUALIFIED'] } },
  ),
  driftingScenario(
    entityScenario('drifting-retro-cancellation', E.driftingRetroCancellation,
      'A proprietor (steel trading, Pune) whose GSTIN is Active in even ISO weeks and, in odd ones, Cancelled with retrospective effect from the first day of the month before last (counted from the week\'s Monday, IST), so that gst.returns lists periods only up to that month: the ITC check\'s retrospective cancellation (an invoice of the month before last turns from eligible to blocked). Returns are filed on time.',
      {}),
    { kind: 'gstin', identifier: scenarioGstin(E.driftingRetroCancellation) },
    [
      { operation: 'gst.verify', field: 'status', even: 'Active', odd: 'Cancelled' },
      { operation: 'gst.verify', field: 'cancellation_date', even: 'null', odd: 'the 1st of the month before last (from the week\'s Monday, IST)' },
      { operation: 'gst.by_pan', field: 'gstins[].status', even: 'Active', odd: 'Cancelled' },
      { operation: 'gst.returns', field: 'periods', even: 'the 12 latest due periods', odd: 'the 12 periods up to the cancellation month' },
      { operation: 'gst.returns', field: 'summary.last_filed_period', even: 'the latest due period', odd: 'the cancellation month' },
    ],
    { even: { level: 'low', flags: [] }, odd: { level: 'high', flags: ['GST_CANCELLED'] } },
  ),
]);

/** The identifiers whose records change with the week, one per drifting scenario. */
export const DRIFTING_IDENTIFIERS: readonly string[] = Object.freeze(DRIFTING_SCENARIOS.map((s) => s.drifting.identifier));
