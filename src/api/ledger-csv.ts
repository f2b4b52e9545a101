/** GET /v1/wallet/ledger.csv: the ledger's lines as CSV records, escaped like every CSV we write. */
import { stringify } from 'csv-stringify/sync';
import { escapeCell } from '../domain/formula-escape.js';
import type { LedgerLine } from '../store/grouped-ledger.js';
import { ledgerLineBody } from './ledger-entry-body.js';

export const LEDGER_CSV_HEADER = ['at', 'type', 'operation', 'identifier', 'job_id', 'job_kind', 'job_status', 'rows', 'amount_inr', 'balance_inr', 'reference', 'id'] as const;

const rupees = (inr: number | null): string => (inr === null ? '' : inr.toFixed(2));

/**
 * One record (CRLF-terminated, as Excel writes them). Every cell escaped against formula
 * injection (formula-escape.ts): a reference or an operator's top-up reference is free text.
 */
export function ledgerCsvRecord(line: LedgerLine): string {
  const body = ledgerLineBody(line);
  const job = body.job;
  const cells = [
    body.at,
    body.type,
    body.operation ?? '',
    body.identifier ?? '',
    job?.job_id ?? '',
    job?.kind ?? '',
    job?.status ?? '',
    job?.rows === undefined || job.rows === null ? '' : String(job.rows),
    rupees(body.amount_inr),
    rupees(body.balance_inr),
    body.reference,
    body.id,
  ];
  return csvRecord(cells);
}

function csvRecord(cells: readonly string[]): string {
  return stringify([cells.map(escapeCell)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** The header, after a byte order mark so that Excel reads the file as UTF-8. */
export function ledgerCsvHeader(): string {
  return `\uFEFF${csvRecord(LEDGER_CSV_HEADER)}`;
}
