/**
 * Business360's `summary`: who the business is, drawn from the modules that answered, plus
 * the risk verdict. Only `ok` modules are read; a failed or skipped module contributes nothing.
 */
import { okData, type Business360Modules, type Business360Summary, type RiskFlag } from './profile.js';
import { riskLevel } from './risk.js';

export interface Business360Identifiers {
  pan: string | null;
  gstin: string | null;
  cin: string | null;
  llpin: string | null;
}

export interface SummaryInput {
  identifiers: Business360Identifiers;
  modules: Business360Modules;
  flags: RiskFlag[];
}

/** The PAN's 4th character encodes the holder type; `P` is an individual (a proprietor). */
export function isIndividualPan(pan: string): boolean {
  return pan.charAt(3) === 'P';
}

/** A blank value from a source (e.g. no trade name on the register) is no value. */
function present(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value;
}

/**
 * The GST legal name is the registered name of the business itself, so it leads; then the
 * MCA names. The PAN name comes last and only for a non-individual: an individual's
 * registered_name is masked and would be wrong as a legal name.
 */
function legalName(modules: Business360Modules): string | null {
  const pan = okData(modules.pan);
  return (
    present(okData(modules.gst)?.legal_name) ??
    present(okData(modules.company)?.name) ??
    present(okData(modules.cin_pan)?.company_name) ??
    (pan && !isIndividualPan(pan.pan) ? present(pan.registered_name) : null)
  );
}

function entityType(identifiers: Business360Identifiers): Business360Summary['entity_type'] {
  if (identifiers.cin !== null) return 'company';
  if (identifiers.llpin !== null) return 'llp';
  if (identifiers.pan !== null && isIndividualPan(identifiers.pan)) return 'proprietorship';
  return null;
}

export function buildSummary(input: SummaryInput): Business360Summary {
  const { identifiers, modules, flags } = input;
  const gst = okData(modules.gst);
  const company = okData(modules.company);
  return {
    legal_name: legalName(modules),
    trade_name: present(gst?.trade_name),
    entity_type: entityType(identifiers),
    pan: identifiers.pan,
    gstin: identifiers.gstin,
    cin: identifiers.cin,
    llpin: identifiers.llpin,
    state: present(gst?.state) ?? present(company?.registered_address.state),
    risk: { level: riskLevel(flags), flags },
  };
}
