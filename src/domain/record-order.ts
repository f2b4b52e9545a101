/**
 * The order of lists inside records. Every source sorts with these, so the same business
 * reads the same from the sandbox and from any live upstream, whatever order the upstream
 * happened to send.
 */
import type { DinCompany, Director, GstByPanEntry } from './records.js';

/** Current directors first, by appointment date then DIN; past ones most recently ceased first. */
export function compareDirectors(a: Director, b: Director): number {
  if ((a.ceased_on === null) !== (b.ceased_on === null)) return a.ceased_on === null ? -1 : 1;
  if (a.ceased_on !== null && b.ceased_on !== null && a.ceased_on !== b.ceased_on) return a.ceased_on < b.ceased_on ? 1 : -1;
  if (a.appointed_on !== b.appointed_on) return a.appointed_on < b.appointed_on ? -1 : 1;
  return a.din.localeCompare(b.din);
}

/** A director's companies by appointment date, then name. */
export function compareDinCompanies(a: DinCompany, b: DinCompany): number {
  if (a.appointed_on !== b.appointed_on) return a.appointed_on < b.appointed_on ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/** A PAN's GST registrations by registration date, then GSTIN. */
export function compareGstByPan(a: GstByPanEntry, b: GstByPanEntry): number {
  if (a.registration_date !== b.registration_date) return a.registration_date < b.registration_date ? -1 : 1;
  return a.gstin.localeCompare(b.gstin);
}
