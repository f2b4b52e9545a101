/** GST state codes (first two characters of a GSTIN), per the GST system's table. */
export const GST_STATES: Readonly<Record<string, string>> = Object.freeze({
  '01': 'Jammu & Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman & Diu',
  '26': 'Dadra & Nagar Haveli and Daman & Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (Before Division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman & Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
});

const CODE_BY_STATE = new Map(
  Object.entries(GST_STATES).map(([code, name]) => [normaliseStateName(name), code]),
);
// Upstreams spell a few states differently from the GST table.
for (const [alias, code] of [
  ['jammu and kashmir', '01'],
  ['andaman and nicobar islands', '35'],
  ['orissa', '21'],
  ['pondicherry', '34'],
  ['new delhi', '07'],
  ['nct of delhi', '07'],
  ['uttaranchal', '05'],
  ['dadra and nagar haveli and daman and diu', '26'],
  ['daman and diu', '25'],
  ['andhra pradesh (new)', '37'],
] as const) {
  CODE_BY_STATE.set(alias, code);
}

function normaliseStateName(name: string): string {
  return name.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
}

/** The two-digit GST state code for a state name as upstreams spell it, or undefined. */
export function gstStateCodeOf(stateName: string): string | undefined {
  return CODE_BY_STATE.get(normaliseStateName(stateName));
}
