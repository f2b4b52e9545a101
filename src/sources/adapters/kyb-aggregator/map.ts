/** kyb-aggregator wire → gst.by_pan, mca.search, mca.cin_to_pan. Pure: no I/O. */
import { GST_STATES } from '../../../domain/identifiers/state-codes.js';
import type { CinPanMapping, GstByPanEntry } from '../../../domain/records.js';
import { compareGstByPan } from '../../../domain/record-order.js';
import { companyStatusOf, gstStatusOf } from '../../../domain/upstream-status.js';
import { textOf, textOrEmpty, upstreamDate } from '../../../domain/upstream-values.js';
import type { SearchCandidate, SourceOutcome } from '../../port.js';
import type { KybGstByPan, KybMapping, KybSearch } from './wire.js';

function bad(message: string): { outcome: 'bad_response'; message: string } {
  return { outcome: 'bad_response', message };
}

export function gstByPanOf(wire: KybGstByPan, requestedPan: string): SourceOutcome<GstByPanEntry[]> {
  const entries: GstByPanEntry[] = [];
  for (const item of wire.gstin_list) {
    const gstin = textOrEmpty(item.gstin).toUpperCase();
    if (gstin.slice(2, 12) !== requestedPan) return bad(`GSTIN ${JSON.stringify(gstin)} does not belong to PAN ${requestedPan}`);
    const statusText = textOf(item.active_status);
    const status = statusText === undefined ? undefined : gstStatusOf(statusText);
    if (status === undefined) return bad(`unknown GST status ${JSON.stringify(item.active_status ?? null)} for ${gstin}`);
    const registered = upstreamDate(item.registration_date);
    if (!registered) return bad(`registration date ${JSON.stringify(item.registration_date ?? null)} of ${gstin} is not a date`);
    // The GSTIN's first two digits are the state: trust them over the aggregator's copy.
    const stateCode = gstin.slice(0, 2);
    entries.push({ gstin, state: GST_STATES[stateCode] ?? textOrEmpty(item.state), state_code: stateCode, status, registration_date: registered });
  }
  entries.sort(compareGstByPan);
  return { outcome: 'ok', value: entries };
}

export function searchCandidatesOf(wire: KybSearch): SourceOutcome<SearchCandidate[]> {
  const candidates: SearchCandidate[] = [];
  for (const item of wire.results) {
    const name = textOf(item.name);
    const cin = textOf(item.cin)?.toUpperCase() ?? null;
    const llpin = textOf(item.llpin)?.toUpperCase() ?? null;
    if (name === undefined || (cin === null && llpin === null)) return bad('a search result has no name or no CIN/LLPIN');
    const incorporated = upstreamDate(item.date_of_incorporation);
    if (!incorporated) return bad(`date of incorporation ${JSON.stringify(item.date_of_incorporation ?? null)} of ${name} is not a date`);
    candidates.push({
      name,
      cin,
      llpin,
      status: companyStatusOf(textOrEmpty(item.status)),
      state: textOrEmpty(item.state),
      incorporated_on: incorporated,
    });
  }
  // The aggregator's order is kept: relevance is computed above the source.
  return { outcome: 'ok', value: candidates };
}

export function mappingOf(wire: KybMapping, requested: { cin: string } | { pan: string }): SourceOutcome<Omit<CinPanMapping, 'direction'>> {
  const cin = textOf(wire.cin)?.toUpperCase() ?? null;
  const llpin = textOf(wire.llpin)?.toUpperCase() ?? null;
  const pan = textOf(wire.pan)?.toUpperCase();
  if (pan === undefined || (cin === null && llpin === null)) return bad('the mapping lacks a PAN or a CIN/LLPIN');
  if ('pan' in requested && pan !== requested.pan) return bad(`asked for PAN ${requested.pan}, the aggregator answered for ${pan}`);
  if ('cin' in requested && cin !== requested.cin && llpin !== requested.cin) {
    return bad(`asked for ${requested.cin}, the aggregator answered for ${cin ?? llpin ?? ''}`);
  }
  return { outcome: 'ok', value: { cin, llpin, pan, company_name: textOrEmpty(wire.company_name) } };
}
