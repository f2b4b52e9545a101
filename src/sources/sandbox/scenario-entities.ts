/**
 * The hand-built scenario entities, with fixed identifiers that the documentation and the
 * tests name. Whatever must stay true as time passes (a recent incorporation, a filing
 * backlog) is expressed relative to `now` (a number of days, or a filing profile), never as a
 * date that would go stale. Scenario directors use DINs 09900001-09999999, a block generation skips.
 */
import type { ScenarioEntitySpec } from './scenario-builder.js';

const spec = (s: ScenarioEntitySpec): ScenarioEntitySpec => s;

export const SCENARIO_ENTITIES = {
  docsExampleLlp: spec({
    kind: 'llp', name: 'UTKARSH AGRO EXPORTS LLP', tradeName: 'UTKARSH AGRO EXPORTS', pan: 'AAPFU0939F', llpin: 'AAQ-0939',
    incorporated: '2014-06-17', nic: '46900', at: ['27', 'Pune', 'Hadapsar'], line1: 'Office No. 12, Sahyadri Business Park, Solapur Road',
    capitalInr: [0, 1_500_000],
    gstins: [{ registered: '2017-07-01' }],
    officers: [
      { din: '09900001', name: 'SANJAY VASANT KULKARNI' },
      { din: '09900002', name: 'ANAGHA SANJAY KULKARNI' },
    ],
  }),
  cleanCompany: spec({
    kind: 'company', name: 'SAHYADRI AGRO FOODS PRIVATE LIMITED', tradeName: 'SAHYADRI AGRO FOODS', pan: 'AAJCS4821K',
    cin: 'U10611MH2011PTC221847', incorporated: '2011-08-22', nic: '10611', at: ['27', 'Nashik', 'Satpur MIDC'],
    line1: 'Plot No. B-47, MIDC Satpur, Trimbak Road', capitalInr: [50_000_000, 32_000_000],
    gstins: [{ registered: '2017-07-01', einvoice: true }],
    officers: [
      { din: '09900003', name: 'PRASHANT MADHUKAR DESHMUKH', designation: 'Managing Director' },
      { din: '09900004', name: 'SHUBHANGI PRASHANT DESHMUKH' },
      { din: '09900005', name: 'ROHAN PRASHANT DESHMUKH', appointed: '2019-04-01' },
      { din: '09900006', name: 'VIJAY RAMCHANDRA PATIL', ceased: '2018-03-31' },
    ],
  }),
  composition: spec({
    kind: 'proprietorship', name: 'MEENA DEVI JAIN', tradeName: 'JAIN KIRANA STORES', pan: 'ABHPJ6254M',
    incorporated: '2019-04-01', nic: '47211', at: ['08', 'Jaipur', 'Malviya Nagar'], line1: 'Shop No. 4, Gaurav Tower, JLN Marg',
    gstins: [{ registered: '2019-04-12', composition: true }],
  }),
  cancelled: spec({
    kind: 'proprietorship', name: 'ANIL KUMAR YADAV', tradeName: 'YADAV ELECTRICALS', pan: 'BCKPY4417Q',
    incorporated: '2018-03-01', nic: '43211', at: ['09', 'Lucknow', 'Aliganj'], line1: 'Shop No. 9, Kapoorthala Complex, Aliganj',
    gstins: [{ registered: '2018-03-12', cancelled: '2024-09-30' }],
  }),
  suspended: spec({
    kind: 'firm', name: 'SHREE BALAJI TEXTILES', pan: 'AAKFS7390R',
    incorporated: '2009-01-15', nic: '46411', at: ['24', 'Surat', 'Ring Road'], line1: 'Shop No. 214, Surat Textile Market, Ring Road',
    gstins: [{ registered: '2017-07-01', status: 'Suspended' }],
  }),
  lateFiler: spec({
    kind: 'firm', name: 'KRISHNA STEEL TRADERS', pan: 'AAEFK3268L',
    incorporated: '2004-05-10', nic: '46900', at: ['03', 'Ludhiana', 'Focal Point'], line1: 'Plot No. C-118, Focal Point Phase V',
    gstins: [{ registered: '2017-07-01', profile: 'late_gstr1' }],
  }),
  nonFiler: spec({
    kind: 'proprietorship', name: 'RAVI SHANKAR IYER', tradeName: 'IYER CATERERS', pan: 'BFLPI5582H',
    incorporated: '2018-08-01', nic: '56101', at: ['33', 'Chennai', 'T Nagar'], line1: '14, Second Floor, Usman Road',
    // Each return is filed 14 periods late, so every one of the last 12 periods is outstanding.
    gstins: [{ registered: '2018-08-20', profile: 'backlog', lagPeriods: 14 }],
  }),
  quarterly: spec({
    kind: 'company', name: 'ANNAPURNA FOOD PRODUCTS PRIVATE LIMITED', tradeName: 'ANNAPURNA FOOD PRODUCTS', pan: 'AAMCA7712P',
    cin: 'U10712MP2015PTC034512', incorporated: '2015-02-10', nic: '10712', at: ['23', 'Indore', 'Sanwer Road Industrial Area'],
    line1: 'Plot No. 27, Sector E, Sanwer Road Industrial Area', capitalInr: [2_500_000, 1_000_000],
    gstins: [{ registered: '2017-07-01', quarterly: true }],
    officers: [
      { din: '09900007', name: 'ALOK KUMAR MAHESHWARI' },
      { din: '09900008', name: 'KAVITA MAHESHWARI' },
    ],
  }),
  llp: spec({
    kind: 'llp', name: 'KAVERI LOGISTICS LLP', tradeName: 'KAVERI LOGISTICS', pan: 'AAQFK2291M', llpin: 'ABF-4472',
    incorporated: '2019-11-05', nic: '49231', at: ['29', 'Bengaluru', 'Peenya'], line1: 'No. 48, 2nd Phase, Peenya Industrial Area',
    capitalInr: [0, 2_500_000],
    gstins: [{ registered: '2019-12-02' }],
    officers: [
      { din: '09900009', name: 'MANJUNATH GOWDA' },
      { din: '09900010', name: 'SUMA MANJUNATH' },
      { din: '09900011', name: 'GIRISH HEGDE', ceased: '2022-06-30' },
    ],
  }),
  struckOff: spec({
    kind: 'company', name: 'VINAYAK INFRA PROJECTS PRIVATE LIMITED', pan: 'AAECV1123H', cin: 'U41001TG2015PTC099871',
    status: 'Strike Off', lastFiledFy: 2018, incorporated: '2015-07-14', nic: '41001', at: ['36', 'Hyderabad', 'Kukatpally'],
    line1: 'Flat No. 302, Sai Residency, KPHB Colony',
    gstins: [{ registered: '2017-07-01', cancelled: '2021-02-15' }],
    officers: [
      { din: '09900012', name: 'KONDA SRINIVAS REDDY' },
      { din: '09900013', name: 'NAGARAJU GOUD' },
      { din: '09900014', name: 'VENKATESH RAO GADDAM', ceased: '2019-12-31', disqualified: true },
    ],
  }),
  underLiquidation: spec({
    kind: 'company', name: 'GANESH SPINNING MILLS LIMITED', pan: 'AABCG3345D', panStatus: 'EU', cin: 'U13111TN1996PLC035421',
    companyClass: 'Public', status: 'Under Liquidation', lastFiledFy: 2021, incorporated: '1996-05-20', nic: '13111',
    at: ['33', 'Coimbatore', 'Peelamedu'], line1: 'No. 112, Avinashi Road', capitalInr: [200_000_000, 150_000_000],
    gstins: [{ registered: '2017-07-01' }],
    officers: [
      { din: '09900015', name: 'SENTHIL KUMAR ARUMUGAM', designation: 'Managing Director' },
      { din: '09900016', name: 'LAKSHMI SENTHIL' },
      { din: '09900017', name: 'BALASUBRAMANIAN NATARAJAN', appointed: '2004-09-30' },
    ],
  }),
  disqualifiedDirector: spec({
    kind: 'company', name: 'MAHALAXMI BUILDCON PRIVATE LIMITED', pan: 'AAKCM5567N', cin: 'U41001MH2016PTC287654',
    incorporated: '2016-09-09', nic: '41001', at: ['27', 'Thane', 'Ghodbunder Road'], line1: 'Office No. 604, Lodha Supremus, Ghodbunder Road',
    gstins: [{ registered: '2017-07-01' }],
    officers: [
      { din: '09900014', name: 'VENKATESH RAO GADDAM', disqualified: true },
      { din: '09900018', name: 'NILESH SURESH SHINDE', designation: 'Managing Director' },
    ],
  }),
  filingsOverdue: spec({
    kind: 'company', name: 'OM SHANTI TEXTILES PRIVATE LIMITED', pan: 'AAFCO2214J', cin: 'U14101GJ2010PTC062418',
    agmLagYears: 3, incorporated: '2010-01-18', nic: '14101', at: ['24', 'Ahmedabad', 'Naroda'], line1: 'Plot No. 91, GIDC Estate Naroda',
    gstins: [{ registered: '2017-07-01' }],
    officers: [
      { din: '09900019', name: 'HITESH RAMESHBHAI SHAH' },
      { din: '09900020', name: 'HETAL HITESH SHAH' },
    ],
  }),
  recentlyIncorporated: spec({
    kind: 'company', name: 'TEJAS DIGITAL SOLUTIONS PRIVATE LIMITED', pan: 'AAOCT4410E', cin: 'U62011KA2026PTC213579',
    // 300 days before now: under a year old, and still in the CIN's year for most of 2026-27.
    incorporated: 300, nic: '62011', at: ['29', 'Bengaluru', 'HSR Layout'], line1: 'No. 1187, 27th Main, Sector 2',
    gstins: [{ registered: 60 }],
    officers: [
      { din: '09900021', name: 'ARJUN RAGHAVENDRA RAO' },
      { din: '09900022', name: 'SNEHA IYER' },
    ],
  }),
  individual: spec({
    kind: 'proprietorship', name: 'RAHUL KUMAR VERMA', tradeName: 'VERMA TRADERS', pan: 'ABCPV1234D',
    incorporated: '2018-05-01', nic: '46900', at: ['07', 'New Delhi', 'Karol Bagh'], line1: 'Shop No. 16, Bank Street',
    gstins: [{ registered: '2018-05-07' }],
  }),
  multiState: spec({
    kind: 'company', name: 'VIJAY ROADLINES PRIVATE LIMITED', tradeName: 'VIJAY ROADLINES', pan: 'AAACV7781R',
    cin: 'U49231MH2005PTC154210', incorporated: '2005-03-28', nic: '49231', at: ['27', 'Mumbai', 'Chembur'],
    line1: 'Unit 305, Kailas Business Park, Eastern Express Highway', capitalInr: [50_000_000, 20_000_000],
    gstins: [
      { registered: '2017-07-01', einvoice: true },
      { registered: '2017-07-01', einvoice: true, at: ['24', 'Ahmedabad', 'Odhav'], line1: 'Plot No. 14, Odhav Ring Road' },
      { registered: '2018-02-14', einvoice: true, at: ['29', 'Bengaluru', 'Peenya'], line1: 'No. 211, 3rd Phase, Peenya Industrial Area' },
      { registered: '2019-06-03', cancelled: '2023-03-31', at: ['33', 'Chennai', 'Ambattur'], line1: 'No. 6, SIDCO Industrial Estate, Ambattur' },
    ],
    officers: [
      { din: '09900023', name: 'VIJAY SHANKAR MISHRA', designation: 'Managing Director' },
      { din: '09900024', name: 'SUNITA VIJAY MISHRA' },
      { din: '09900025', name: 'ROHIT VIJAY MISHRA', designation: 'Whole-time director', appointed: '2016-04-01' },
    ],
  }),
  panDeactivated: spec({
    kind: 'proprietorship', name: 'SURESH BHAILAL PATEL', tradeName: 'PATEL HARDWARE STORES', pan: 'AGWPP3340L', panStatus: 'X',
    incorporated: '2019-09-01', nic: '47521', at: ['24', 'Rajkot', 'Gondal Road'], line1: 'Shop No. 3, Gondal Road',
    gstins: [{ registered: '2019-09-16' }],
  }),
  nameMismatch: spec({
    // Renamed in 2022; the GST registration still carries the old name (and the PAN its old initial).
    kind: 'company', name: 'AARAV HEALTHCARE PRIVATE LIMITED', tradeName: 'SUNRISE PHARMA', pan: 'AAICS8823F',
    cin: 'U21001WB2013PTC190876', incorporated: '2013-04-02', nic: '21001', at: ['19', 'Kolkata', 'Topsia'],
    line1: '7th Floor, Topsia Trade Centre, EM Bypass',
    gstins: [{ registered: '2017-07-01', legalName: 'SUNRISE PHARMA DISTRIBUTORS PRIVATE LIMITED' }],
    officers: [
      { din: '09900026', name: 'ARINDAM BANERJEE' },
      { din: '09900027', name: 'MOUMITA BANERJEE' },
    ],
  }),
  returnsUnavailable: spec({
    kind: 'proprietorship', name: 'PRIYA NAIR', tradeName: 'NAIR SPICES', pan: 'BNZPN6620C',
    incorporated: '2020-01-01', nic: '46900', at: ['32', 'Kochi', 'Edappally'], line1: 'Door No. 34-1120, NH Bypass',
    gstins: [{ registered: '2020-01-10' }],
  }),
  noGstin: spec({
    kind: 'company', name: 'ADITYA HOLDINGS PRIVATE LIMITED', pan: 'AAECA9012B', cin: 'U64200DL2008PTC176543',
    incorporated: '2008-11-03', nic: '64200', at: ['07', 'New Delhi', 'Connaught Place'],
    line1: 'Flat No. 7, Hansalaya Building, Barakhamba Road', capitalInr: [10_000_000, 10_000_000],
    officers: [
      { din: '09900028', name: 'ADITYA KUMAR AGARWAL' },
      { din: '09900029', name: 'NEHA AGARWAL' },
    ],
  }),
  // Drifting scenarios (drift.ts): as written here in even ISO weeks, drifted in odd ones.
  driftingGstStatus: spec({
    kind: 'proprietorship', name: 'DEEPAK SURESH MEHTA', tradeName: 'MEHTA PACKAGING', pan: 'AHRPM2741D',
    incorporated: '2018-05-21', nic: '17021', at: ['24', 'Vadodara', 'Makarpura GIDC'], line1: 'Shed No. 18, GIDC Estate, Makarpura',
    gstins: [{ registered: '2018-06-04', drift: 'cancelled' }],
  }),
  driftingReturnsGap: spec({
    kind: 'firm', name: 'SHIVSHAKTI PLASTIC INDUSTRIES', pan: 'AAGFS6183P',
    incorporated: '2011-10-03', nic: '22201', at: ['27', 'Nagpur', 'Hingna MIDC'], line1: 'Plot No. 42, Hingna MIDC, Wardha Road',
    gstins: [{ registered: '2017-07-01', drift: 'returns_not_filed' }],
  }),
  driftingCompanyStatus: spec({
    // Two years behind on its annual filings, as companies the Registrar strikes off usually are; no GST registration.
    kind: 'company', name: 'GIRNAR FABRICATORS PRIVATE LIMITED', pan: 'AAFCG6627L', cin: 'U25999MH2012PTC231906',
    drift: 'struck_off', agmLagYears: 2, incorporated: '2012-05-16', nic: '25999', at: ['27', 'Aurangabad', 'Waluj MIDC'],
    line1: 'Plot No. E-71, MIDC Waluj', capitalInr: [2_500_000, 1_500_000],
    officers: [
      { din: '09900030', name: 'SACHIN DATTATRAY KALE' },
      { din: '09900031', name: 'PRAJAKTA SACHIN KALE' },
    ],
  }),
  driftingDirector: spec({
    kind: 'company', name: 'REVATI POLYMERS PRIVATE LIMITED', tradeName: 'REVATI POLYMERS', pan: 'AAJCR5538M', cin: 'U22201GJ2014PTC079412',
    incorporated: '2014-02-19', nic: '22201', at: ['24', 'Rajkot', 'Aji GIDC'], line1: 'Plot No. 311, Aji GIDC, Bhavnagar Road',
    capitalInr: [10_000_000, 6_000_000],
    gstins: [{ registered: '2017-07-01' }],
    officers: [
      { din: '09900032', name: 'HARESH NATVARLAL PATEL', designation: 'Managing Director', drift: 'disqualified' },
      { din: '09900033', name: 'KINJAL HARESH PATEL' },
    ],
  }),
  // ITC check scenarios (itc-scenarios.ts): suppliers whose registration or filing data gives a
  // purchase invoice a verdict no other scenario gives.
  unpaidTax: spec({
    // Reported its sales in GSTR-1 but paid no tax (no GSTR-3B) for June to November 2024, then
    // was cancelled suo moto: buyers' credit of those months falls under r.37A.
    kind: 'proprietorship', name: 'SANTOSH KUMAR GUPTA', tradeName: 'GUPTA SANITARY STORES', pan: 'CKDPG5907R',
    incorporated: '2019-02-01', nic: '47521', at: ['09', 'Kanpur', 'Fazalganj'], line1: 'Shop No. 7, Fazalganj Market, GT Road',
    gstins: [{ registered: '2019-02-11', cancelled: '2024-11-15', profile: 'unpaid_gstr3b', lagPeriods: 6 }],
  }),
  shallowReturns: spec({
    // Its filing data reaches back only 24 months, however far back it is asked (SHALLOW_RETURNS_GSTINS).
    kind: 'firm', name: 'NEELKANTH TRADING COMPANY', pan: 'AADFN5528Q',
    incorporated: '2012-07-09', nic: '46900', at: ['24', 'Ahmedabad', 'Vatva GIDC'], line1: 'Shed No. 52, Phase I, GIDC Estate Vatva',
    gstins: [{ registered: '2017-07-01' }],
  }),
  cancelledUndated: spec({
    // Cancelled, but the registration data gives no effective date of cancellation.
    kind: 'proprietorship', name: 'HARPREET SINGH', tradeName: 'GURU KRIPA AUTO SPARES', pan: 'BWEPS6631N',
    incorporated: '2018-09-01', nic: '47521', at: ['03', 'Ludhiana', 'Gill Road'], line1: 'Shop No. 112, Gill Road Market',
    gstins: [{ registered: '2018-09-03', status: 'Cancelled' }],
  }),
  // Drifting (drift.ts): Active in even ISO weeks; in odd ones cancelled with retrospective effect.
  driftingRetroCancellation: spec({
    kind: 'proprietorship', name: 'PRAKASH DNYANESHWAR SAWANT', tradeName: 'SAWANT STEEL CENTRE', pan: 'BQWPS4172K',
    incorporated: '2017-12-18', nic: '46900', at: ['27', 'Pune', 'Bhosari'], line1: 'Shed No. 9, Sector 10, MIDC Bhosari',
    gstins: [{ registered: '2018-01-08', drift: 'cancelled_retrospectively' }],
  }),
} as const satisfies Record<string, ScenarioEntitySpec>;
