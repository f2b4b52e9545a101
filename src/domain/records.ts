/**
 * The record shapes of the interface document, as TypeScript types. Every source and every
 * operation produces exactly these; no field is added or left out.
 */

export interface Address {
  line1: string;
  locality: string;
  city: string;
  district: string;
  state: string;
  /** 6-digit PIN code. */
  pincode: string;
}

export type GstStatus = 'Active' | 'Cancelled' | 'Suspended';
export type TaxpayerType = 'Regular' | 'Composition';

export interface GstRecord {
  gstin: string;
  legal_name: string;
  trade_name: string;
  status: GstStatus;
  /** YYYY-MM-DD */
  registration_date: string;
  cancellation_date: string | null;
  taxpayer_type: TaxpayerType;
  constitution: string;
  state: string;
  state_code: string;
  pan: string;
  principal_place: Address;
  nature_of_business: string[];
  einvoice_enabled: boolean;
}

export type ReturnStatus = 'filed' | 'late' | 'not_filed';
export type FilingFrequency = 'monthly' | 'quarterly';

export interface ReturnFiling {
  status: ReturnStatus;
  filed_on: string | null;
  due_date: string;
}

export interface ReturnPeriod {
  /** YYYY-MM; a quarter is shown as its last month. */
  period: string;
  gstr1: ReturnFiling;
  gstr3b: ReturnFiling;
}

export interface GstReturnsRecord {
  gstin: string;
  filing_frequency: FilingFrequency;
  periods: ReturnPeriod[];
  summary: {
    periods: number;
    filed_on_time: number;
    filed_late: number;
    not_filed: number;
    last_filed_period: string | null;
  };
}

export interface NameMatch {
  input: string;
  score: number;
  result: 'match' | 'partial' | 'no_match';
}

export interface PanVerification {
  pan: string;
  valid: boolean;
  status: 'Valid' | 'Invalid';
  category: string;
  registered_name: string;
  name_match: NameMatch | null;
}

export type CompanyStatus = 'Active' | 'Strike Off' | 'Under Liquidation';

export interface CompanyRecord {
  entity_type: 'company' | 'llp';
  cin: string | null;
  llpin: string | null;
  name: string;
  status: CompanyStatus;
  class: string;
  category: string;
  sub_category: string;
  date_of_incorporation: string;
  roc: string;
  listing_status: 'Listed' | 'Unlisted';
  authorised_capital_inr: number;
  paid_up_capital_inr: number;
  industry: { nic_code: string; description: string } | null;
  last_agm_date: string | null;
  last_balance_sheet_date: string | null;
  registered_address: Address;
}

export type DinStatus = 'Approved' | 'Disqualified';

export interface Director {
  din: string;
  name: string;
  designation: string;
  appointed_on: string;
  ceased_on: string | null;
  din_status: DinStatus;
}

export interface DirectorsRecord {
  cin: string | null;
  llpin: string | null;
  company_name: string;
  count: number;
  current: number;
  directors: Director[];
}

export interface CinPanMapping {
  cin: string | null;
  llpin: string | null;
  pan: string;
  company_name: string;
  direction: 'cin_to_pan' | 'pan_to_cin';
}

export interface DinCompany {
  cin: string | null;
  llpin: string | null;
  name: string;
  designation: string;
  appointed_on: string;
  ceased_on: string | null;
}

export interface DinRecord {
  din: string;
  name: string;
  din_status: DinStatus;
  companies: DinCompany[];
}

export interface CompanySearchHit {
  name: string;
  cin: string | null;
  llpin: string | null;
  status: string;
  state: string;
  incorporated_on: string;
  score: number;
}

export interface CompanySearchResult {
  query: string;
  count: number;
  results: CompanySearchHit[];
}

export interface GstByPanEntry {
  gstin: string;
  state: string;
  state_code: string;
  status: GstStatus;
  registration_date: string;
}

export interface GstByPanResult {
  pan: string;
  count: number;
  gstins: GstByPanEntry[];
}
