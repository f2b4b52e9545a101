/**
 * Industries of the sandbox universe, by NIC 2008 five-digit code (the code a CIN carries).
 * Each also says which words its businesses put in their names, what they declare as nature of
 * business on the GST portal, and how common it is for each kind of entity (a kirana shop is
 * a proprietorship far more often than a company).
 */

export type Activity = 'manufacturing' | 'trading' | 'retail' | 'services' | 'construction' | 'transport' | 'realty';

export interface Industry {
  nic: string;
  description: string;
  activity: Activity;
  /** Words companies and LLPs end their names with. */
  nameWords: readonly string[];
  /** Words proprietors and firms use in their trade names. */
  tradeWords: readonly string[];
  /** Relative frequency for [company, llp, proprietorship, firm]. */
  weights: readonly [number, number, number, number];
}

const list = (text: string): readonly string[] => Object.freeze(text.split('|').map((w) => w.trim()));

function industry(
  nic: string,
  description: string,
  activity: Activity,
  nameWords: string,
  tradeWords: string,
  weights: readonly [number, number, number, number],
): Industry {
  return Object.freeze({ nic, description, activity, nameWords: list(nameWords), tradeWords: list(tradeWords), weights });
}

export const INDUSTRIES: readonly Industry[] = Object.freeze([
  industry('62011', 'Writing, modifying and testing of computer programs to meet the needs of a particular client', 'services',
    'TECHNOLOGIES|INFOTECH|SOFTWARE SOLUTIONS|IT SOLUTIONS|SOFTECH|INFOSYSTEMS|DIGITAL SOLUTIONS|TECHNOSOFT',
    'INFOTECH|COMPUTER SERVICES|SOFT SOLUTIONS|TECHNOLOGIES', [10, 8, 2, 1]),
  industry('63111', 'Data processing, hosting and related activities', 'services',
    'DATA SERVICES|INFOSERVICES|ANALYTICS|BPO SERVICES|CLOUD SERVICES', 'DATA SERVICES|INFOSERVICES', [4, 3, 1, 0.5]),
  industry('46900', 'Non-specialised wholesale trade', 'trading',
    'TRADING COMPANY|TRADELINKS|IMPEX|MERCANTILE|DISTRIBUTORS|TRADEX|OVERSEAS', 'TRADERS|ENTERPRISES|TRADING COMPANY|AGENCIES|DISTRIBUTORS',
    [10, 6, 10, 10]),
  industry('46101', 'Wholesale on a fee or contract basis (commission agents)', 'trading',
    'AGENCIES|COMMERCIAL|MARKETING|SALES CORPORATION', 'COMMISSION AGENTS|AGENCIES|SALES CORPORATION', [3, 2, 5, 5]),
  industry('46411', 'Wholesale of textile fabrics, yarn and made-up textile articles', 'trading',
    'FABRICS|TEXTILES|SYNTHETICS|YARNS|SILKS', 'FABRICS|CLOTH STORES|TEXTILES|SAREE CENTRE|SILK HOUSE', [3, 2, 5, 5]),
  industry('10611', 'Flour milling', 'manufacturing',
    'FLOUR MILLS|ROLLER FLOUR MILLS|AGRO FOODS|FOOD PRODUCTS|AGRO INDUSTRIES', 'FLOUR MILL|ATTA CHAKKI|AGRO FOODS', [4, 1, 3, 3]),
  industry('10612', 'Rice milling', 'manufacturing', 'RICE MILLS|AGRO PRODUCTS|AGRO TECH', 'RICE MILL|RICE TRADERS', [2, 1, 2, 3]),
  industry('10402', 'Manufacture of vegetable oils and fats', 'manufacturing',
    'OIL MILLS|EDIBLE OILS|AGRO OILS|OIL INDUSTRIES', 'OIL MILL|OIL DEPOT|OIL INDUSTRIES', [2, 1, 2, 2]),
  industry('10501', 'Manufacture of pasteurised milk and milk products', 'manufacturing',
    'DAIRY|MILK PRODUCTS|DAIRY PRODUCTS|MILK FOODS', 'DAIRY|MILK CENTRE|DAIRY FARM', [2, 1, 3, 1]),
  industry('10712', 'Manufacture of biscuits, cakes and pastries', 'manufacturing',
    'BAKERS|FOOD PRODUCTS|CONFECTIONERS|BISCUITS', 'BAKERY|BAKERS|SWEETS AND BAKERS', [2, 1, 3, 1]),
  industry('13111', 'Preparation and spinning of cotton fibre including blended cotton', 'manufacturing',
    'SPINNING MILLS|COTSPIN|COTTON MILLS|TEXTILE MILLS|SPINNERS', 'COTTON TRADERS|COTTON INDUSTRIES', [3, 1, 1, 2]),
  industry('14101', 'Manufacture of textile garments and clothing accessories', 'manufacturing',
    'GARMENTS|APPARELS|FASHIONS|CLOTHING|KNIT FASHIONS|EXPORTS', 'GARMENTS|FASHIONS|READYMADE STORES|TAILORS', [4, 2, 4, 3]),
  industry('17021', 'Manufacture of corrugated paper, paperboard and containers', 'manufacturing',
    'PACKAGING|CORRUGATORS|PAPER PRODUCTS|PACKAGING INDUSTRIES|PACKWELL', 'PACKAGING|BOX INDUSTRIES', [3, 1, 1, 2]),
  industry('20221', 'Manufacture of paints, varnishes, enamels and lacquers', 'manufacturing',
    'PAINTS|COATINGS|PAINTS AND CHEMICALS|CHEMICALS', 'PAINTS|COLOUR HOUSE', [2, 1, 1, 1]),
  industry('21001', 'Manufacture of pharmaceuticals, medicinal chemicals and botanical products', 'manufacturing',
    'PHARMACEUTICALS|PHARMA|LIFESCIENCES|LABORATORIES|HEALTHCARE|DRUGS', 'PHARMA|PHARMACEUTICALS', [5, 2, 1, 1]),
  industry('22201', 'Manufacture of plastic products', 'manufacturing',
    'POLYMERS|PLASTICS|POLYPLAST|MOULDINGS|POLYPACK', 'PLASTICS|PLASTIC INDUSTRIES', [3, 1, 1, 2]),
  industry('23941', 'Manufacture of clinker and cement', 'manufacturing', 'CEMENTS|CEMENT|BUILDING MATERIALS', 'CEMENT WORKS', [1, 0.3, 0, 0.5]),
  industry('24101', 'Manufacture of basic iron and steel', 'manufacturing',
    'STEELS|ISPAT|STEEL INDUSTRIES|ALLOYS|METALIKS|IRON AND STEEL', 'STEEL TRADERS|IRON AND STEEL', [4, 1, 1, 3]),
  industry('25999', 'Manufacture of other fabricated metal products', 'manufacturing',
    'ENGINEERING|ENGINEERING WORKS|FABRICATORS|METAL INDUSTRIES|PRECISION COMPONENTS', 'ENGINEERING WORKS|FABRICATORS|WELDING WORKS',
    [4, 2, 3, 3]),
  industry('27101', 'Manufacture of electric motors, generators and transformers', 'manufacturing',
    'ELECTRICALS|POWER SYSTEMS|TRANSFORMERS|SWITCHGEARS|ELECTRIC COMPANY', 'ELECTRICALS|MOTOR WORKS', [3, 1, 1, 1]),
  industry('29301', 'Manufacture of parts and accessories for motor vehicles', 'manufacturing',
    'AUTO COMPONENTS|AUTO PARTS|AUTOMOTIVE|AUTO INDUSTRIES|FORGINGS', 'AUTO PARTS|AUTO SPARES', [4, 1, 1, 2]),
  industry('41001', 'Construction of buildings', 'construction',
    'BUILDERS|CONSTRUCTIONS|INFRA PROJECTS|BUILDCON|DEVELOPERS|INFRASTRUCTURE|HOMES', 'BUILDERS|CONSTRUCTIONS|CONTRACTORS',
    [9, 6, 2, 4]),
  industry('42101', 'Construction and maintenance of roads and bridges', 'construction',
    'INFRACON|ROAD PROJECTS|INFRA ENGINEERS|HIGHWAYS', 'CIVIL CONTRACTORS|CONSTRUCTION COMPANY', [2, 1, 1, 1]),
  industry('43211', 'Electrical installation', 'construction',
    'ELECTRICAL CONTRACTORS|ELECTRO SYSTEMS|POWER SOLUTIONS|ELECTRICAL ENGINEERS', 'ELECTRICALS|ELECTRIC WORKS|ELECTRICAL CONTRACTORS',
    [2, 1, 3, 1]),
  industry('45101', 'Sale of new motor vehicles', 'trading', 'MOTORS|AUTOMOBILES|AUTO SALES|WHEELS', 'MOTORS|AUTOMOBILES|AUTO AGENCY',
    [3, 0.5, 1, 1]),
  industry('47211', 'Retail sale of food, grocery and provisions', 'retail',
    'SUPERMARKET|RETAIL|FRESH MART|HYPERMART', 'KIRANA STORES|GENERAL STORES|PROVISION STORES|SUPER MARKET|GROCERY MART',
    [1, 0.3, 14, 3]),
  industry('47190', 'Other retail sale in non-specialised stores', 'retail',
    'RETAIL|MART|DEPARTMENTAL STORES|BAZAAR', 'GENERAL STORES|DEPARTMENTAL STORE|MART|BAZAAR', [1, 0.3, 6, 2]),
  industry('47721', 'Retail sale of pharmaceutical and medical goods', 'retail',
    'PHARMACY|MEDICALS|HEALTH MART', 'MEDICAL STORES|MEDICALS|PHARMACY|CHEMISTS AND DRUGGISTS', [1, 0.3, 6, 1]),
  industry('47521', 'Retail sale of hardware, paints and glass', 'retail',
    'HARDWARE|BUILDING SOLUTIONS', 'HARDWARE|HARDWARE AND SANITARY|PAINTS AND HARDWARE|HARDWARE STORES', [0.5, 0.2, 5, 2]),
  industry('49231', 'Road freight transport by motor vehicles', 'transport',
    'LOGISTICS|ROADLINES|TRANSPORT COMPANY|CARGO MOVERS|ROADWAYS|FREIGHT CARRIERS|SUPPLY CHAIN', 'ROADLINES|TRANSPORT|GOODS CARRIERS|TRANSPORT COMPANY',
    [5, 3, 5, 4]),
  industry('52109', 'Warehousing and storage', 'transport', 'WAREHOUSING|LOGISTICS PARKS|STORAGE|COLD CHAIN', 'WAREHOUSE|COLD STORAGE',
    [2, 1, 1, 1]),
  industry('55101', 'Hotels, motels and resorts', 'services', 'HOTELS|RESORTS|HOSPITALITY|INNS', 'HOTEL|RESIDENCY|LODGE|GUEST HOUSE',
    [3, 2, 2, 2]),
  industry('56101', 'Restaurants and eating places', 'services',
    'FOODS|HOSPITALITY|RESTAURANTS|KITCHENS|FOOD COURTS', 'RESTAURANT|CATERERS|BHOJANALAYA|DHABA|SWEETS|CAFE', [2, 2, 6, 2]),
  industry('68100', 'Real estate activities with own or leased property', 'realty',
    'REALTORS|ESTATES|PROPERTIES|REALTY|LAND DEVELOPERS', 'PROPERTIES|ESTATE AGENCY|REAL ESTATE', [6, 4, 1, 2]),
  industry('69201', 'Accounting, bookkeeping and auditing activities; tax consultancy', 'services',
    'ACCOUNTING SERVICES|TAX CONSULTANTS|FINANCIAL SERVICES', 'TAX CONSULTANTS|ASSOCIATES', [1, 3, 2, 3]),
  industry('70200', 'Management consultancy activities', 'services',
    'CONSULTANTS|CONSULTING|ADVISORS|MANAGEMENT SERVICES|ADVISORY SERVICES|CORPORATE SERVICES', 'CONSULTANTS|CONSULTANCY SERVICES',
    [6, 6, 2, 2]),
  industry('71100', 'Architectural and engineering activities and related technical consultancy', 'services',
    'ENGINEERING CONSULTANTS|ARCHITECTS|DESIGN STUDIO|PROJECT CONSULTANTS', 'ARCHITECTS|ENGINEERS|DESIGN STUDIO', [2, 3, 1, 1]),
  industry('73100', 'Advertising', 'services', 'ADVERTISING|MEDIA|COMMUNICATIONS|BRAND SOLUTIONS', 'ADVERTISERS|PUBLICITY|MEDIA',
    [2, 2, 1, 1]),
  industry('78100', 'Activities of employment placement agencies', 'services',
    'MANPOWER SERVICES|HR SOLUTIONS|STAFFING SOLUTIONS|PLACEMENT SERVICES', 'MANPOWER SERVICES|PLACEMENTS', [2, 1, 1, 1]),
  industry('86100', 'Hospital activities', 'services', 'HOSPITALS|HEALTHCARE|MEDICARE|MULTISPECIALITY HOSPITAL', 'HOSPITAL|NURSING HOME|CLINIC',
    [2, 0.5, 1, 0.5]),
  industry('64200', 'Activities of holding companies', 'services', 'HOLDINGS|INVESTMENTS|CAPITAL|FINVEST', 'INVESTMENTS', [2, 0.5, 0, 0]),
]);

/** The GST portal's nature-of-business values each kind of activity declares, one list per registration. */
export const NATURE_OF_BUSINESS: Readonly<Record<Activity, readonly (readonly string[])[]>> = Object.freeze({
  manufacturing: [
    ['Factory / Manufacturing'],
    ['Factory / Manufacturing', 'Wholesale Business'],
    ['Factory / Manufacturing', 'Office / Sale Office', 'Warehouse / Depot'],
    ['Factory / Manufacturing', 'Export'],
  ],
  trading: [
    ['Wholesale Business'],
    ['Wholesale Business', 'Retail Business'],
    ['Wholesale Business', 'Warehouse / Depot'],
    ['Wholesale Business', 'Office / Sale Office'],
    ['Import', 'Wholesale Business'],
  ],
  retail: [['Retail Business'], ['Retail Business', 'Wholesale Business']],
  services: [['Supplier of Services'], ['Supplier of Services', 'Office / Sale Office'], ['Office / Sale Office', 'Supplier of Services', 'Export']],
  construction: [['Works Contract'], ['Supplier of Services', 'Works Contract'], ['Works Contract', 'Office / Sale Office']],
  transport: [['Supplier of Services'], ['Supplier of Services', 'Warehouse / Depot']],
  realty: [['Supplier of Services', 'Leasing Business'], ['Leasing Business']],
});

export function industryByNic(nic: string): number {
  const index = INDUSTRIES.findIndex((i) => i.nic === nic);
  if (index < 0) throw new Error(`no sandbox industry with NIC code ${nic}`);
  return index;
}
