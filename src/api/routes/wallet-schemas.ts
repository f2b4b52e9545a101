/** The schemas of the wallet routes (wallet.ts) (docs/money.md "Wallet", "A ledger people can read"). */
import { LedgerPageShape, SandboxTopupShape, WalletShape } from '../schemas/resource-shapes.js';
import { LedgerCsvQuery, LedgerQuery, SandboxTopupRequest } from '../schemas/wallet-requests.js';
import { COMMON_ERRORS } from '../openapi/error-responses.js';
import { envelope, file, type RouteDoc } from '../openapi/route-doc.js';

export const WALLET_SCHEMAS = {
  topUpSandboxWallet: {
    operationId: 'topUpSandboxWallet',
    summary: "Top up the sandbox wallet (sandbox keys only; added in issue 28)",
    description:
      'The account refills its own sandbox wallet: amount_inr up to 10,000 (10,000 when left out), at most 10 top-ups a day (IST; then 429 with Retry-After until midnight IST), and never a sandbox balance above ₹1,00,000 (400 naming what still fits). A live key is refused with 400: live credit is added by the operator. Send an Idempotency-Key to make a retry safe.',
    tags: ['Wallet'],
    auth: 'customer',
    body: SandboxTopupRequest,
    response: { 200: envelope('wallet.sandbox_topup', SandboxTopupShape) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
  getWallet: {
    operationId: 'getWallet',
    summary: "Wallet balance: the key's wallet",
    description: "An account has two wallets: sandbox keys spend (and see) the sandbox wallet, live keys the live one. Added in issue 28: `environment` says which. The ledger routes answer the same wallet's ledger.",
    tags: ['Wallet'],
    auth: 'customer',
    response: { 200: envelope('wallet.get', WalletShape) },
    errors: COMMON_ERRORS,
  },
  listLedgerEntries: {
    operationId: 'listLedgerEntries',
    summary: 'Wallet ledger, newest first',
    description:
      "Every top-up, hold, commit and release with the running balance and its reference; a sync call's entries also name its operation and identifier, a bulk row's charge its identifier (added in issue 28). Page with limit and cursor. Added: group=job lists each bulk job or portfolio run as one line (type job, its rows and money in `job`) at the place of its hold, its per-row charges and final release folded in (they stay in the ledger: group=entry, the default, lists them). A grouped page reads at most 20,000 entries, so one after a very large job may be short; follow next_cursor until it is null. Times are ISO 8601 with +05:30.",
    tags: ['Wallet'],
    auth: 'customer',
    querystring: LedgerQuery,
    response: { 200: envelope('wallet.ledger', LedgerPageShape) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
  downloadLedgerCsv: {
    operationId: 'downloadLedgerCsv',
    summary: 'The wallet ledger as a CSV file, oldest first (added in issue 28)',
    description:
      'Streamed: the whole ledger, one record per entry (group=entry, the default) or with each bulk job or portfolio run as one line (group=job). Columns: at, type, operation, identifier, job_id, job_kind, job_status, rows, amount_inr, balance_inr, reference, id, then (added) balance_change_inr (signed: what the line did to the balance, so the column sums to closing less opening balance, grouped or not), job_name, row (the bulk row a row charge is for) and balance_at (when balance_inr held: for a job line, the time of its last entry). Every entry of a job names its job_id, job_kind, job_name and operation; on a job line, balance_inr is the balance after its last entry. UTF-8 with a byte order mark, CRLF records; cells that could start a formula are escaped with a leading quote, as in results.csv.',
    tags: ['Wallet'],
    auth: 'customer',
    querystring: LedgerCsvQuery,
    response: { 200: file('text/csv', 'The ledger (cells that could start a formula are escaped)') },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
} satisfies Record<string, RouteDoc>;
