/**
 * mca-master wire → mca.company, mca.directors, mca.din (UPSTREAMS.md "mca-master", wire
 * agreement). Pure: no I/O. LLP constants are the sandbox's, so both read alike.
 */
import { parseAddressString } from '../../../domain/address-string.js';
import type { CompanyRecord, DinCompany, DinRecord, DinStatus, Director } from '../../../domain/records.js';
import { compareDinCompanies, compareDirectors } from '../../../domain/record-order.js';
import { companyStatusOf, dinStatusOf } from '../../../domain/upstream-status.js';
import { rupeesOf, textOf, textOrEmpty, upstreamDate } from '../../../domain/upstream-values.js';
import type { DirectorsAnswer, SourceOutcome } from '../../port.js';
import type { McaCompany, McaDirector, McaLlp, McaSignatory } from './wire.js';

type Bad = { outcome: 'bad_response'; message: string };

function bad(message: string): Bad {
  return { outcome: 'bad_response', message };
}

class Malformed extends Error {}

/** A date that must be there. */
function requiredDate(value: unknown, field: string): string {
  const date = upstreamDate(value);
  if (!date) throw new Malformed(`${field} ${JSON.stringify(value ?? null)} is not a date`);
  return date;
}

/** A date that may be absent ("-", "", NA → null) but, when present, must be one. */
function optionalDate(value: unknown, field: string): string | null {
  const date = upstreamDate(value);
  if (date === undefined) throw new Malformed(`${field} ${JSON.stringify(value)} is not a date`);
  return date;
}

function rupees(value: unknown, field: string): number {
  const amount = rupeesOf(value);
  if (amount === undefined) throw new Malformed(`${field} ${JSON.stringify(value)} is not an amount`);
  return amount;
}

function requiredText(value: unknown, field: string): string {
  const text = textOf(value);
  if (text === undefined) throw new Malformed(`the answer has no ${field}`);
  return text;
}

/** Runs a mapping that throws Malformed on the first unusable value. */
function guarded<T>(map: () => T): SourceOutcome<T> {
  try {
    return { outcome: 'ok', value: map() };
  } catch (error) {
    if (error instanceof Malformed) return bad(error.message);
    throw error;
  }
}

function industryOf(wire: McaCompany | McaLlp): CompanyRecord['industry'] {
  const nicCode = textOf(wire.mainDivisionOfBusinessActivity);
  return nicCode === undefined ? null : { nic_code: nicCode, description: textOrEmpty(wire.descriptionOfMainDivision) };
}

function identifierMatches(answered: string | undefined, requested: string, kind: string): void {
  if (answered !== undefined && answered.toUpperCase() !== requested) {
    throw new Malformed(`asked for ${kind} ${requested}, MCA answered for ${answered}`);
  }
}

export function companyRecordOf(wire: McaCompany, requestedCin: string): SourceOutcome<CompanyRecord> {
  return guarded(() => {
    identifierMatches(textOf(wire.cin), requestedCin, 'CIN');
    return {
      entity_type: 'company',
      cin: requestedCin,
      llpin: null,
      name: requiredText(wire.companyName, 'company name'),
      status: companyStatusOf(requiredText(wire.companyStatusForEfiling, 'company status')),
      class: companyClassOf(textOrEmpty(wire.classOfCompany)),
      category: textOrEmpty(wire.companyCategory),
      sub_category: textOrEmpty(wire.companySubcategory),
      date_of_incorporation: requiredDate(wire.dateOfIncorporation, 'date of incorporation'),
      roc: textOrEmpty(wire.rocCode),
      listing_status: textOrEmpty(wire.whetherListedOrNot).toLowerCase() === 'listed' ? 'Listed' : 'Unlisted',
      authorised_capital_inr: rupees(wire.authorisedCapitalRs, 'authorised capital'),
      paid_up_capital_inr: rupees(wire.paidUpCapitalRs, 'paid-up capital'),
      industry: industryOf(wire),
      last_agm_date: optionalDate(wire.dateOfLastAgm, 'date of last AGM'),
      last_balance_sheet_date: optionalDate(wire.dateOfBalanceSheet, 'date of balance sheet'),
      registered_address: parseAddressString(textOrEmpty(wire.registeredAddress)),
    };
  });
}

export function llpRecordOf(wire: McaLlp, requestedLlpin: string): SourceOutcome<CompanyRecord> {
  return guarded(() => {
    identifierMatches(textOf(wire.llpin), requestedLlpin, 'LLPIN');
    return {
      entity_type: 'llp',
      cin: null,
      llpin: requestedLlpin,
      name: requiredText(wire.llpName, 'LLP name'),
      status: companyStatusOf(requiredText(wire.llpStatus, 'LLP status')),
      class: 'LLP',
      category: 'Limited Liability Partnership',
      sub_category: 'Non-government',
      date_of_incorporation: requiredDate(wire.dateOfIncorporation, 'date of incorporation'),
      roc: textOrEmpty(wire.rocCode),
      listing_status: 'Unlisted',
      // An LLP has no share capital; its partners' contribution is what it has paid up.
      authorised_capital_inr: 0,
      paid_up_capital_inr: rupees(wire.totalObligationOfContribution, 'total obligation of contribution'),
      industry: industryOf(wire),
      last_agm_date: null,
      last_balance_sheet_date: optionalDate(wire.dateOfLastFinancialYearEndForStatementOfAccounts, 'date of the last statement of accounts'),
      registered_address: parseAddressString(textOrEmpty(wire.registeredAddress)),
    };
  });
}

/** A signatory as listed in master data, before its DIN status is known. */
export type Signatory = Omit<Director, 'din_status'>;

export function signatoriesOf(list: readonly McaSignatory[] | null | undefined): SourceOutcome<Signatory[]> {
  return guarded(() =>
    (list ?? []).map((s) => ({
      din: requiredText(s.dinOrPan, 'DIN or PAN of a signatory'),
      name: textOrEmpty(s.name),
      designation: textOrEmpty(s.designation),
      appointed_on: requiredDate(s.beginDate, 'appointment date'),
      ceased_on: optionalDate(s.endDate, 'cessation date'),
    })),
  );
}

/** Only DINs have a DIN status; a signatory listed by PAN (a company secretary, a CFO) does not. */
export function isDin(dinOrPan: string): boolean {
  return /^\d{8}$/u.test(dinOrPan);
}

/**
 * The directors answer. `statusByDin` holds the status of every DIN among the signatories;
 * signatories listed by PAN hold no DIN that could be disqualified and read as Approved.
 */
export function directorsAnswerOf(
  company: CompanyRecord,
  signatories: readonly Signatory[],
  statusByDin: ReadonlyMap<string, DinStatus>,
): DirectorsAnswer {
  const directors: Director[] = signatories.map((s) => ({ ...s, din_status: statusByDin.get(s.din) ?? 'Approved' }));
  directors.sort(compareDirectors);
  return { cin: company.cin, llpin: company.llpin, company_name: company.name, directors };
}

export function dinStatusOfReply(wire: McaDirector): SourceOutcome<DinStatus> {
  const status = textOf(wire.directorData.dinStatus);
  return status === undefined ? bad('the director answer has no DIN status') : { outcome: 'ok', value: dinStatusOf(status) };
}

export function dinRecordOf(wire: McaDirector, requestedDin: string): SourceOutcome<DinRecord> {
  return guarded(() => {
    identifierMatches(textOf(wire.directorData.din), requestedDin, 'DIN');
    const companies: DinCompany[] = [
      ...(wire.companyData ?? []).map((c) => ({
        cin: requiredText(c.cinOrFcrn, 'CIN of an appointment').toUpperCase(),
        llpin: null,
        name: textOrEmpty(c.companyName),
        designation: textOrEmpty(c.designation),
        appointed_on: requiredDate(c.beginDate, 'appointment date'),
        ceased_on: optionalDate(c.endDate, 'cessation date'),
      })),
      ...(wire.llpData ?? []).map((l) => ({
        cin: null,
        llpin: requiredText(l.llpin, 'LLPIN of an appointment').toUpperCase(),
        name: textOrEmpty(l.llpName),
        designation: textOrEmpty(l.designation),
        appointed_on: requiredDate(l.beginDate, 'appointment date'),
        ceased_on: optionalDate(l.endDate, 'cessation date'),
      })),
    ];
    companies.sort(compareDinCompanies);
    const status = textOf(wire.directorData.dinStatus);
    if (status === undefined) throw new Malformed('the director answer has no DIN status');
    return {
      din: requestedDin,
      name: requiredText(wire.directorData.name, 'director name'),
      din_status: dinStatusOf(status),
      companies,
    };
  });
}

/**
 * MCA's class of company as the interface document's (Private / Public / LLP): MCA writes a
 * one person company's as "Private(One Person Company)". Anything else is passed on as sent.
 */
export function companyClassOf(text: string): string {
  if (/^private\b|one person/i.test(text)) return 'Private';
  if (/^public\b/i.test(text)) return 'Public';
  return text;
}
