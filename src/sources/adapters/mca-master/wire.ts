/** MCA21 master data (UPSTREAMS.md "mca-master"), read tolerantly. */
import { z } from 'zod';
import { wireList, wireText } from '../../http/wire.js';

export const mcaSignatory = z.looseObject({
  dinOrPan: wireText,
  name: wireText,
  designation: wireText,
  beginDate: wireText,
  endDate: wireText,
});

const common = {
  rocCode: wireText,
  dateOfIncorporation: wireText,
  registeredAddress: wireText,
  mainDivisionOfBusinessActivity: wireText,
  descriptionOfMainDivision: wireText,
  directorsOrsignatoryDetails: wireList(mcaSignatory),
};

export const mcaCompany = z.looseObject({
  ...common,
  companyName: wireText,
  cin: wireText,
  companyCategory: wireText,
  companySubcategory: wireText,
  classOfCompany: wireText,
  authorisedCapitalRs: wireText,
  paidUpCapitalRs: wireText,
  whetherListedOrNot: wireText,
  companyStatusForEfiling: wireText,
  dateOfLastAgm: wireText,
  dateOfBalanceSheet: wireText,
});

export const mcaLlp = z.looseObject({
  ...common,
  llpName: wireText,
  llpin: wireText,
  llpStatus: wireText,
  totalObligationOfContribution: wireText,
  dateOfLastFinancialYearEndForStatementOfAccounts: wireText,
});

const appointment = {
  designation: wireText,
  beginDate: wireText,
  endDate: wireText,
};

export const mcaDirector = z.looseObject({
  directorData: z.looseObject({ din: wireText, name: wireText, dinStatus: wireText }),
  companyData: wireList(z.looseObject({ ...appointment, cinOrFcrn: wireText, companyName: wireText })),
  llpData: wireList(z.looseObject({ ...appointment, llpin: wireText, llpName: wireText })),
});

export type McaSignatory = z.output<typeof mcaSignatory>;
export type McaCompany = z.output<typeof mcaCompany>;
export type McaLlp = z.output<typeof mcaLlp>;
export type McaDirector = z.output<typeof mcaDirector>;
