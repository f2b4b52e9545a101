/**
 * Splits an address written as one string (MCA `registeredAddress`, a GST `pradr.adr`) into
 * the record's Address parts. Upstreams write `line1, locality, city, [District X,] state,
 * India, pincode`, with variations seen in real data: the pincode glued to the state
 * ("Karnataka 560038"), "Dist." for District, doubled or trailing commas, "INDIA" in capitals.
 */
import { GST_STATES, gstStateCodeOf } from './identifiers/state-codes.js';
import type { Address } from './records.js';

const PINCODE = /(?<!\d)(\d{3})\s?(\d{3})(?!\d)/u;
const DISTRICT = /^(?:district\b|dist\b\.?)\s*[:-]?\s*(\S.*)$/iu;
const COUNTRY = /^india$/iu;

/** The state as the GST table names it, when the text is a state or UT name in any known spelling. */
function canonicalState(text: string): string | undefined {
  const code = gstStateCodeOf(text.replace(/\.$/u, ''));
  return code === undefined ? undefined : GST_STATES[code];
}

export function parseAddressString(text: string): Address {
  const parts = text
    .split(',')
    .map((part) => part.trim().replace(/\s+/gu, ' '))
    .filter((part) => part !== '');

  // The pincode: the last 6-digit group, which may share its part with the state or country.
  let pincode = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    const match = PINCODE.exec(parts[i]!);
    if (match === null) continue;
    pincode = `${match[1]}${match[2]}`;
    const rest = parts[i]!.replace(match[0], '').replace(/^[\s-]+|[\s-]+$/gu, '');
    if (rest === '') parts.splice(i, 1);
    else parts[i] = rest;
    break;
  }
  while (parts.length > 0 && COUNTRY.test(parts[parts.length - 1]!)) parts.pop();

  let state = '';
  let before = parts;
  for (let i = parts.length - 1; i >= 0; i--) {
    const name = canonicalState(parts[i]!);
    if (name === undefined) continue;
    state = name;
    // Parts after the state (other than country and pincode, already gone) are noise.
    before = parts.slice(0, i);
    break;
  }

  let district = '';
  const remaining: string[] = [];
  for (const part of before) {
    const match = DISTRICT.exec(part);
    if (match !== null && district === '') district = match[1]!.trim();
    else remaining.push(part);
  }
  const city = remaining.pop() ?? '';
  const locality = remaining.pop() ?? '';
  return {
    line1: remaining.join(', '),
    locality,
    city,
    district: district === '' ? city : district,
    state,
    pincode,
  };
}
