/** mca-master answers (company, LLP, director), encoded from the sandbox's records. */
import type { CompanyRecord, DinRecord, Director } from '../domain/records.js';
import type { DirectorsAnswer } from '../sources/port.js';
import { dinStatusFor, mcaStatusFor, noDateFor, numberFor } from './variety.js';
import { formatMcaAddress, indianGrouping, isoToDmy } from './wire-format.js';

const MAIL_DOMAINS = ['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com'];

/** MCA shows the e-mail address masked; nobody decodes it, but a real answer has one. */
function maskedEmail(identifier: string, name: string): string {
  const letters = name.toLowerCase().replace(/[^a-z]/g, '');
  const domain = MAIL_DOMAINS[numberFor(identifier, 'mail', MAIL_DOMAINS.length)] ?? 'gmail.com';
  return `${letters.slice(0, 2) || 'in'}*****@${domain}`;
}

function dateOrBlank(iso: string | null, identifier: string, field: string): string {
  return iso === null ? noDateFor(identifier, field) : isoToDmy(iso);
}

function signatories(directors: readonly Director[]): Record<string, string>[] {
  return directors.map((d) => ({
    dinOrPan: d.din,
    name: d.name,
    designation: d.designation,
    beginDate: isoToDmy(d.appointed_on),
    endDate: d.ceased_on === null ? '-' : isoToDmy(d.ceased_on),
  }));
}

function industryKeys(record: CompanyRecord): Record<string, string> {
  return record.industry === null
    ? {}
    : { mainDivisionOfBusinessActivity: record.industry.nic_code, descriptionOfMainDivision: record.industry.description };
}

export function encodeMcaCompany(record: CompanyRecord, directors: DirectorsAnswer | undefined): Record<string, unknown> {
  const cin = record.cin ?? '';
  return {
    companyName: record.name,
    cin,
    rocCode: record.roc,
    registrationNumber: cin.slice(-6),
    companyCategory: record.category,
    companySubcategory: record.sub_category,
    classOfCompany: record.class,
    authorisedCapitalRs: indianGrouping(record.authorised_capital_inr),
    paidUpCapitalRs: indianGrouping(record.paid_up_capital_inr),
    dateOfIncorporation: isoToDmy(record.date_of_incorporation),
    registeredAddress: formatMcaAddress(record.registered_address),
    emailId: maskedEmail(cin, record.name),
    whetherListedOrNot: record.listing_status,
    companyStatusForEfiling: mcaStatusFor(cin, record.status),
    dateOfLastAgm: dateOrBlank(record.last_agm_date, cin, 'agm'),
    dateOfBalanceSheet: dateOrBlank(record.last_balance_sheet_date, cin, 'balance-sheet'),
    ...industryKeys(record),
    directorsOrsignatoryDetails: signatories(directors?.directors ?? []),
  };
}

export function encodeMcaLlp(record: CompanyRecord, directors: DirectorsAnswer | undefined): Record<string, unknown> {
  const llpin = record.llpin ?? '';
  const current = (directors?.directors ?? []).filter((d) => d.ceased_on === null);
  return {
    llpName: record.name,
    llpin,
    rocCode: record.roc,
    dateOfIncorporation: isoToDmy(record.date_of_incorporation),
    registeredAddress: formatMcaAddress(record.registered_address),
    emailId: maskedEmail(llpin, record.name),
    llpStatus: mcaStatusFor(llpin, record.status),
    totalObligationOfContribution: indianGrouping(record.paid_up_capital_inr),
    numberOfPartners: current.length,
    numberOfDesignatedPartners: current.filter((d) => /designated/i.test(d.designation)).length,
    ...industryKeys(record),
    dateOfLastFinancialYearEndForStatementOfAccounts: dateOrBlank(record.last_balance_sheet_date, llpin, 'accounts'),
    directorsOrsignatoryDetails: signatories(directors?.directors ?? []),
  };
}

export function encodeMcaDirector(record: DinRecord): Record<string, unknown> {
  const period = (appointedOn: string, ceasedOn: string | null) => ({
    beginDate: isoToDmy(appointedOn),
    endDate: ceasedOn === null ? '-' : isoToDmy(ceasedOn),
  });
  return {
    directorData: { din: record.din, name: record.name, dinStatus: dinStatusFor(record.din, record.din_status) },
    companyData: record.companies
      .filter((c) => c.cin !== null)
      .map((c) => ({ cinOrFcrn: c.cin, companyName: c.name, designation: c.designation, ...period(c.appointed_on, c.ceased_on) })),
    llpData: record.companies
      .filter((c) => c.cin === null)
      .map((c) => ({ llpin: c.llpin, llpName: c.name, designation: c.designation, ...period(c.appointed_on, c.ceased_on) })),
  };
}
