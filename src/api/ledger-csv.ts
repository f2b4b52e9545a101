/** GET /v1/wallet/ledger.csv: the ledger's lines as CSV records, escaped like every CSV we write. */
import { stringify } from 'csv-stringify/sync';
import { wireTime } from '../domain/dates.js';
import { escapeCell } from '../domain/formula-escape.js';
import { ledgerBalanceChangePaise } from '../domain/ledger-lines.js';
import type { BulkJob } from '../store/bulk-jobs/bulk-jobs.js';
import type { LedgerLine } from '../store/wallet/grouped-ledger.js';
import { ledgerLineBody } from './ledger-entry-body.js';

/**
 * The first twelve columns are the file's original ones, in their order and meaning; the
 * later ones were added so that the file can be summed and pivoted (docs/money.md).
 */
export const LEDGER_CSV_HEADER = [
  'at',
  'type',
  'operation',
  'identifier',
  'job_id',
  'job_kind',
  'job_status',
  'rows',
  'amount_inr',
  'balance_inr',
  'reference',
  'id',
  'balance_change_inr',
  'job_name',
  'row',
  'balance_at',
] as const;

const rupees = (inr: number | null): string => (inr === null ? '' : inr.toFixed(2));

/** Paise as rupees with a sign, from integers (no float in between): -7350 → "-73.50". */
function signedRupees(paise: number): string {
  const whole = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const kindOf = (job: BulkJob | undefined): string => (job === undefined ? '' : job.portfolioId === null ? 'bulk' : 'portfolio_run');

/**
 * One record (CRLF-terminated, as Excel writes them). Every text cell escaped against formula
 * injection (formula-escape.ts): a reference or an operator's top-up reference is free text.
 * The signed balance change is a number we compute and is written as one, so that a
 * spreadsheet sums it: escaped, `-73.50` would become the text `'-73.50`.
 */
export function ledgerCsvRecord(line: LedgerLine): string {
  const body = ledgerLineBody(line);
  const job = body.job;
  const of = line.kind === 'entry' ? line.of : undefined;
  const record = of?.job ?? (line.kind === 'job' ? line.job : undefined);
  const totals = line.kind === 'job' ? line.totals : undefined;
  let changePaise: number | undefined;
  if (line.kind === 'entry') changePaise = ledgerBalanceChangePaise(line.entry);
  else if (totals !== undefined) changePaise = totals.balanceChangePaise;
  const text = [
    body.at,
    body.type,
    body.operation ?? record?.operation ?? '',
    body.identifier ?? '',
    job?.job_id ?? of?.jobId ?? '',
    job?.kind ?? kindOf(of?.job),
    job?.status ?? '',
    job?.rows === undefined || job.rows === null ? '' : String(job.rows),
    rupees(body.amount_inr),
    totals === undefined ? rupees(body.balance_inr) : signedRupees(totals.balancePaise),
    body.reference,
    body.id,
  ].map(escapeCell);
  const added = [
    changePaise === undefined ? '' : signedRupees(changePaise),
    escapeCell(record?.name ?? ''),
    of?.row === undefined ? '' : String(of.row),
    escapeCell(totals === undefined ? body.at : wireTime(totals.lastAt)),
  ];
  return csvRecord([...text, ...added]);
}

function csvRecord(cells: readonly string[]): string {
  return stringify([cells], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** The header, after a byte order mark so that Excel reads the file as UTF-8. */
export function ledgerCsvHeader(): string {
  return `\uFEFF${csvRecord(LEDGER_CSV_HEADER.map(escapeCell))}`;
}
