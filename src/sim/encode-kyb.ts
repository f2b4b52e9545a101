/** pan-aggregator and kyb-aggregator answers, encoded from the sandbox's answers. */
import type { CinPanMapping, GstByPanEntry } from '../domain/records.js';
import type { PanAnswer, SearchCandidate } from '../sources/port.js';
import { mcaStatusFor, numberFor, pickFor } from './variety.js';
import { isoToDmy } from './wire-format.js';

const DAY_MS = 86_400_000;

function comparableName(name: string): string {
  return name.trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * The aggregator's own name_match flag is a plain comparison: adapters must never use it
 * (our matching is fuzzier), so a crude flag here keeps them honest.
 */
export function encodePanVerify(answer: PanAnswer, nameSent: string | undefined, todayIso: string): Record<string, unknown> {
  const valid = answer.statusCode.startsWith('E');
  const individual = answer.pan.charAt(3) === 'P';
  const daysAgo = numberFor(answer.pan, 'pan-updated', 1_500);
  return {
    pan: answer.pan,
    name: answer.statusCode === 'N' ? '' : answer.fullName,
    pan_status: answer.statusCode,
    status: valid ? 'VALID' : 'INVALID',
    name_match: nameSent !== undefined && valid && comparableName(nameSent) === comparableName(answer.fullName) ? 'Y' : 'N',
    aadhaar_seeding_status: valid && individual ? pickFor(answer.pan, 'aadhaar', [['Y', 4], ['N', 1]]) : 'NA',
    last_updated: new Date(Date.parse(`${todayIso}T00:00:00Z`) - daysAgo * DAY_MS).toISOString().slice(0, 10),
  };
}

export function encodeGstByPan(entries: readonly GstByPanEntry[]): { gstin_list: Record<string, string>[] } {
  return {
    gstin_list: entries.map((e) => ({
      gstin: e.gstin,
      state: e.state,
      state_code: e.state_code,
      active_status: e.status,
      registration_date: isoToDmy(e.registration_date),
    })),
  };
}

export function encodeCinPan(mapping: Omit<CinPanMapping, 'direction'>): Record<string, unknown> {
  return { cin: mapping.cin, llpin: mapping.llpin, pan: mapping.pan, company_name: mapping.company_name };
}

export function encodeSearch(candidates: readonly SearchCandidate[]): { results: Record<string, unknown>[] } {
  return {
    results: candidates.map((c) => ({
      name: c.name,
      cin: c.cin,
      llpin: c.llpin,
      status: mcaStatusFor(c.cin ?? c.llpin ?? c.name, c.status),
      state: c.state,
      date_of_incorporation: isoToDmy(c.incorporated_on),
    })),
  };
}
