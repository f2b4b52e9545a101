/**
 * The documented sandbox scenarios: which identifiers to send for each interesting case and
 * what each operation answers. Docs, samples/sandbox-identifiers.json and the tests all read
 * this one list, so they cannot disagree.
 */
import type { CheckName } from '../../domain/operations.js';
import type { CheckInputs } from '../port.js';
import { FAULT_TRIGGERS, UNKNOWN_IDENTIFIERS, type FaultKind } from './faults.js';
import { scenarioGstin, type ScenarioEntitySpec } from './scenario-builder.js';
import { SCENARIO_ENTITIES as E } from './scenario-entities.js';

export type ScenarioHttpStatus = 200 | 404 | 503 | 504;

export interface ScenarioIdentifiers {
  gstin?: string;
  pan?: string;
  cin?: string;
  llpin?: string;
  din?: string;
  name?: string;
}

export interface SandboxScenario {
  name: string;
  description: string;
  identifiers: ScenarioIdentifiers;
  /** The HTTP status each relevant operation answers, called as `scenarioInput` says. */
  expect: Partial<Record<CheckName, ScenarioHttpStatus>>;
  /** Business360 risk flag codes for the scenario's GSTIN (else CIN, else PAN); absent for fault and unknown cases. */
  flags?: readonly string[];
}

/**
 * The input a check is called with for a scenario: GST checks take the GSTIN, PAN checks the
 * PAN, company checks the CIN (else the LLPIN), CIN↔PAN the CIN (else the PAN).
 */
export function scenarioInput<C extends CheckName>(check: C, ids: ScenarioIdentifiers, limit = 5): CheckInputs[C] | undefined {
  const pick = (): unknown => {
    switch (check) {
      case 'gst.verify':
      case 'gst.returns':
        return ids.gstin === undefined ? undefined : { gstin: ids.gstin };
      case 'gst.by_pan':
      case 'pan.verify':
        return ids.pan === undefined ? undefined : { pan: ids.pan };
      case 'mca.company':
      case 'mca.directors':
        return ids.cin !== undefined ? { cin: ids.cin } : ids.llpin !== undefined ? { llpin: ids.llpin } : undefined;
      case 'mca.cin_to_pan':
        return ids.cin !== undefined ? { cin: ids.cin } : ids.pan !== undefined ? { pan: ids.pan } : undefined;
      case 'mca.din':
        return ids.din === undefined ? undefined : { din: ids.din };
      case 'mca.search':
        return ids.name === undefined ? undefined : { name: ids.name, limit };
    }
    return undefined;
  };
  return pick() as CheckInputs[C] | undefined;
}

/** Checks answered with a per-scenario fault, beyond the universal triggers of faults.ts. */
export const CHECK_FAULTS: readonly { check: CheckName; gstin: string; fault: FaultKind }[] = [
  { check: 'gst.returns', gstin: scenarioGstin(E.returnsUnavailable), fault: 'unavailable' },
];

/**
 * GSTINs whose filing data reaches back only the latest FILING_HISTORY_PERIODS periods, however
 * far back `since` asks: a source that cannot look further back says where its answer starts
 * (`coversFrom`), and the ITC check answers `unknown` for older invoices.
 */
export const SHALLOW_RETURNS_GSTINS: ReadonlySet<string> = new Set([scenarioGstin(E.shallowReturns)]);

/** A scenario of a scenario entity: its identifiers, and 200 from every check they can be sent to. */
export function entityScenario(
  name: string,
  spec: ScenarioEntitySpec,
  description: string,
  options: { flags?: readonly string[]; din?: boolean; expect?: SandboxScenario['expect'] },
): SandboxScenario {
  const identifiers: ScenarioIdentifiers = {};
  if ((spec.gstins ?? []).length > 0) identifiers.gstin = scenarioGstin(spec);
  identifiers.pan = spec.pan;
  if (spec.cin !== undefined) identifiers.cin = spec.cin;
  if (spec.llpin !== undefined) identifiers.llpin = spec.llpin;
  const firstOfficer = spec.officers?.[0];
  if (options.din !== false && firstOfficer !== undefined) identifiers.din = firstOfficer.din;

  const expect: SandboxScenario['expect'] = {};
  if (identifiers.gstin !== undefined) Object.assign(expect, { 'gst.verify': 200, 'gst.returns': 200 });
  Object.assign(expect, { 'gst.by_pan': 200, 'pan.verify': 200 });
  if (identifiers.cin !== undefined || identifiers.llpin !== undefined) {
    Object.assign(expect, { 'mca.company': 200, 'mca.directors': 200, 'mca.cin_to_pan': 200 });
  }
  // A firm's PAN is a valid cin-to-pan input but maps to no registration.
  if (spec.kind === 'firm') expect['mca.cin_to_pan'] = 404;
  if (identifiers.din !== undefined) expect['mca.din'] = 200;
  Object.assign(expect, options.expect);
  return options.flags === undefined ? { name, description, identifiers, expect } : { name, description, identifiers, expect, flags: options.flags };
}

const ALL_KINDS = ['gstin', 'pan', 'cin', 'llpin', 'din'] as const;

const EXPECT_BY_KIND: Readonly<Record<(typeof ALL_KINDS)[number], readonly CheckName[]>> = {
  gstin: ['gst.verify', 'gst.returns'],
  pan: ['gst.by_pan', 'pan.verify', 'mca.cin_to_pan'],
  cin: ['mca.company', 'mca.directors', 'mca.cin_to_pan'],
  llpin: ['mca.company', 'mca.directors'],
  din: ['mca.din'],
};

function unknownScenarios(): SandboxScenario[] {
  return ALL_KINDS.map((kind) => {
    const expect: SandboxScenario['expect'] = {};
    for (const check of EXPECT_BY_KIND[kind]) expect[check] = 404;
    // The ITD answers an unknown PAN with status N; the API reports it as an invalid PAN (200).
    if (kind === 'pan') expect['pan.verify'] = 200;
    return {
      name: `unknown-${kind}`,
      description: `A well-formed ${kind.toUpperCase()} that passes local validation but is in no record: every lookup answers 404${kind === 'pan' ? ' except pan.verify, which answers 200 with valid false (ITD status N)' : ''}.`,
      identifiers: { [kind]: UNKNOWN_IDENTIFIERS[kind] },
      expect,
    };
  });
}

function faultScenarios(kind: FaultKind): SandboxScenario[] {
  const status = kind === 'unavailable' ? 503 : 504;
  const what = kind === 'unavailable' ? 'the upstream source is unavailable (503 PROVIDER_UNAVAILABLE)' : 'the upstream source times out (504 PROVIDER_TIMEOUT)';
  const triggers = FAULT_TRIGGERS[kind];
  const scenarios: SandboxScenario[] = ALL_KINDS.map((idKind) => {
    const expect: SandboxScenario['expect'] = {};
    for (const check of EXPECT_BY_KIND[idKind]) expect[check] = status;
    return {
      name: `${kind}-${idKind}`,
      description: `Fault trigger: every check sent this ${idKind.toUpperCase()} answers as if ${what}.${idKind === 'gstin' ? ' Any GSTIN embedding the PAN ' + triggers.pan + ' does the same.' : ''}`,
      identifiers: { [idKind]: triggers[idKind] },
      expect,
    };
  });
  scenarios.push({
    name: `${kind}-search`,
    description: `Fault trigger: a company search for this name answers as if ${what}.`,
    identifiers: { name: triggers.name },
    expect: { 'mca.search': status },
  });
  return scenarios;
}

export const SANDBOX_SCENARIOS: readonly SandboxScenario[] = Object.freeze([
  entityScenario('docs-example-llp', E.docsExampleLlp,
    'The documentation\'s first example: an LLP in Pune with an active regular GSTIN, filing monthly and always on time; PAN valid, designated partners approved. Nothing to flag.',
    { flags: [] }),
  entityScenario('clean-company', E.cleanCompany,
    'An active private limited company (flour mill, Nashik) with an active regular GSTIN, every return on time, annual filings up to date and approved directors (one past director). Low risk.',
    { flags: [] }),
  entityScenario('composition-taxpayer', E.composition,
    'A proprietor (kirana store, Jaipur) under the composition scheme: taxpayer_type Composition, quarterly returns, all on time.',
    { flags: [] }),
  entityScenario('cancelled-gstin', E.cancelled,
    'A proprietor whose GSTIN was cancelled on 2024-09-30; returns are listed up to the cancellation month, all filed.',
    { flags: ['GST_CANCELLED'] }),
  entityScenario('suspended-gstin', E.suspended,
    'A partnership firm (textiles, Surat) whose GSTIN is Suspended; returns on time. A firm\'s PAN maps to no CIN or LLPIN (cin-to-pan 404).',
    { flags: ['GST_SUSPENDED'] }),
  entityScenario('late-filer', E.lateFiler,
    'A partnership firm filing monthly whose GSTR-1 is a few days late every third month: 4 of the last 12 periods late, none missed.',
    { flags: ['GST_RETURNS_LATE'] }),
  entityScenario('non-filer', E.nonFiler,
    'An active proprietor (caterer, Chennai) who files every return more than a year late: none of the last 12 periods is filed.',
    { flags: ['GST_RETURNS_NOT_FILED'] }),
  entityScenario('quarterly-filer', E.quarterly,
    'A private limited company under the QRMP scheme: quarterly returns (periods shown as the quarter\'s last month), all on time.',
    { flags: [] }),
  entityScenario('llp', E.llp,
    'An active LLP in Bengaluru: mca.company answers entity_type llp with its LLPIN; mca.directors lists two current designated partners and one past one.',
    { flags: [] }),
  entityScenario('struck-off-company', E.struckOff,
    'A private company struck off by the Registrar; its GSTIN was cancelled in 2021 and its last accounts are for 2017-18.',
    { flags: ['GST_CANCELLED', 'COMPANY_STRUCK_OFF', 'COMPANY_FILINGS_OVERDUE'] }),
  entityScenario('company-under-liquidation', E.underLiquidation,
    'A public company under liquidation (PAN status EU, still valid); the liquidator keeps its GSTIN active and filing, but no AGM has been held since 2021.',
    { flags: ['COMPANY_UNDER_LIQUIDATION', 'COMPANY_FILINGS_OVERDUE'] }),
  entityScenario('disqualified-director', E.disqualifiedDirector,
    'An active company with a current director whose DIN is Disqualified (the DIN is also a past director of the struck-off company).',
    { flags: ['DIRECTOR_DISQUALIFIED'] }),
  entityScenario('filings-overdue', E.filingsOverdue,
    'An active company three years behind on its annual filings: last AGM and balance sheet more than 18 months before now.',
    { flags: ['COMPANY_FILINGS_OVERDUE'] }),
  entityScenario('recently-incorporated', E.recentlyIncorporated,
    'A company incorporated 300 days before now, with a GSTIN registered 60 days before now (both move with the clock). No AGM held yet.',
    { flags: ['GST_RECENTLY_REGISTERED', 'COMPANY_RECENTLY_INCORPORATED'] }),
  entityScenario('individual-pan', E.individual,
    'An individual\'s PAN (category P) trading as a proprietorship with one GSTIN; pan.verify masks the name.',
    { flags: [] }),
  entityScenario('multi-state-pan', E.multiState,
    `A company PAN with four GSTINs: Maharashtra, Gujarat and Karnataka active, Tamil Nadu cancelled (${scenarioGstin(E.multiState, 1)}, ${scenarioGstin(E.multiState, 2)}, ${scenarioGstin(E.multiState, 3)}).`,
    { flags: [] }),
  entityScenario('pan-deactivated', E.panDeactivated,
    'An active GSTIN whose embedded PAN is deactivated (ITD status X): pan.verify answers 200 with valid false.',
    { flags: ['PAN_INVALID'] }),
  entityScenario('name-mismatch', E.nameMismatch,
    'A company renamed in 2022 whose GST registration still carries the old legal name (SUNRISE PHARMA DISTRIBUTORS PRIVATE LIMITED); PAN and MCA carry the new one.',
    { flags: ['PAN_NAME_MISMATCH'] }),
  entityScenario('returns-unavailable', E.returnsUnavailable,
    'An active GSTIN whose gst.returns always answers 503 while gst.verify works: the Business360 partial-failure case.',
    { flags: ['MODULE_UNAVAILABLE'], expect: { 'gst.returns': 503 } }),
  entityScenario('pan-without-gstin', E.noGstin,
    'A holding company with no GST registration: gst.by_pan answers 200 with an empty list.',
    { flags: [] }),
  entityScenario('itc-unpaid-tax', E.unpaidTax,
    'A proprietor (sanitary ware, Kanpur) who filed GSTR-1 on time but no GSTR-3B for June to November 2024, and whose GSTIN was cancelled from 2024-11-15: the ITC check\'s r.37A case (docs/itc-check.md).',
    { flags: ['GST_CANCELLED', 'GST_RETURNS_NOT_FILED'] }),
  entityScenario('itc-shallow-returns', E.shallowReturns,
    'A partnership firm (wholesale, Ahmedabad) filing monthly and on time, whose gst.returns data reaches back only 24 months however far back it is asked: older invoices are unknown to the ITC check.',
    { flags: [] }),
  entityScenario('itc-cancelled-undated', E.cancelledUndated,
    'A proprietor (auto spares, Ludhiana) whose GSTIN is Cancelled with no cancellation date in the data (cancellation_date null); returns filed on time.',
    { flags: ['GST_CANCELLED'] }),
  {
    name: 'company-search',
    description: 'A company search that finds KAVERI LOGISTICS LLP (the llp scenario) among others sharing its words.',
    identifiers: { name: 'KAVERI LOGISTICS' },
    expect: { 'mca.search': 200 },
  },
  ...unknownScenarios(),
  ...faultScenarios('unavailable'),
  ...faultScenarios('timeout'),
]);
