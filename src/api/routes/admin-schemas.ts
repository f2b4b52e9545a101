/** The schemas of the operator's routes (admin.ts; admin token). */
import { z } from 'zod';
import type { ErrorCode } from '../../errors.js';
import { CreateAccountRequest, CreditRequest, IssueKeyRequest, LedgerExportQuery, SandboxClockRequest, UpdateAccountRequest } from '../schemas/admin-requests.js';
import { file, plain, type RouteDoc } from '../openapi/route-doc.js';

const accountId = z.object({ id: z.string().describe('The account id') });
const AccountShape = z.object({
  account_id: z.string(),
  name: z.string(),
  balance_inr: z.number().describe('The live wallet'),
  held_inr: z.number(),
  sandbox_balance_inr: z.number().describe('Added: the sandbox wallet'),
  sandbox_held_inr: z.number(),
  rate_limit_per_minute: z.number().int(),
});
const SandboxClockShape = z.object({
  account_id: z.string(),
  offset_days: z.number().describe('How far ahead of real time its sandbox keys answer'),
  sandbox_now: z.string().describe('The sandbox time now (IST)'),
});
const walletBooks = {
  ok: z.boolean(),
  topups_inr: z.number(),
  commits_inr: z.number(),
  balance_inr: z.number(),
  held_inr: z.number(),
  available_inr: z.number(),
  open_holds_inr: z.number(),
  difference_inr: z.number().describe('(top-ups - commits) - (available + open holds): 0 when the books balance'),
  problems: z.array(z.string()),
};
// The live wallet's books at the top (ok and problems cover both wallets), the sandbox wallet's under sandbox.
const ReconciliationShape = z.object({ account_id: z.string(), ...walletBooks, sandbox: z.object(walletBooks) });
// RATE_LIMITED: too many wrong admin tokens from the caller's address (docs/security.md "Hardening and limits").
const ADMIN_ERRORS: readonly ErrorCode[] = ['AUTH_INVALID_KEY', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];

export const ADMIN_SCHEMAS = {
  createAccount: {
    operationId: 'createAccount',
    summary: 'Open an account with a sandbox and a live key (shown once)',
    description: 'balance_inr credits the live wallet; sandbox_balance_inr (added in issue 28; default 10,000) opens the sandbox wallet, which the sandbox key spends.',
    tags: ['Admin'],
    auth: 'admin',
    body: CreateAccountRequest,
    bodyExamples: { opening: { summary: 'An account with 500 INR', value: { name: 'Acme Onboarding', balance_inr: 500 } } },
    response: {
      201: z.object({ account_id: z.string(), sandbox_key: z.string(), live_key: z.string() }).describe('The keys, shown once; GET /admin/v1/accounts/{id}/keys lists their ids'),
    },
    errors: [...ADMIN_ERRORS, 'VALIDATION_FAILED'],
  },
  getAccount: { operationId: 'getAccount', summary: 'An account, its wallets (live: balance_inr, held_inr; added: sandbox_balance_inr, sandbox_held_inr) and rate limit', tags: ['Admin'], auth: 'admin', params: accountId, response: { 200: AccountShape }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
  updateAccount: {
    operationId: 'updateAccount',
    summary: "Set an account's rate limit per key per minute",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    body: UpdateAccountRequest,
    response: { 200: z.object({ account_id: z.string(), rate_limit_per_minute: z.number().int() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  getSandboxClock: { operationId: 'getSandboxClock', summary: "An account's sandbox clock offset", tags: ['Admin'], auth: 'admin', params: accountId, response: { 200: SandboxClockShape }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
  moveSandboxClock: {
    operationId: 'moveSandboxClock',
    summary: "Move an account's sandbox clock (drifting scenarios change with it)",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    body: SandboxClockRequest,
    response: { 200: SandboxClockShape },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  reconcileAccount: {
    operationId: 'reconcileAccount',
    summary: "Check one account's ledger: top-ups - commits = balance + open holds, running balances, holds left past expiry",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    response: { 200: ReconciliationShape },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND'],
  },
  reconcileAllAccounts: { operationId: 'reconcileAllAccounts', summary: "Check every account's ledger", tags: ['Admin'], auth: 'admin', response: { 200: z.object({ ok: z.boolean(), accounts: z.number().int().describe('Accounts checked'), problems: z.array(ReconciliationShape).describe('The accounts not ok') }) }, errors: ADMIN_ERRORS },
  issueApiKey: {
    operationId: 'issueApiKey',
    summary: 'Issue another key (shown once)',
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    body: IssueKeyRequest,
    response: { 201: z.object({ key_id: z.string(), api_key: z.string() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  listApiKeys: {
    operationId: 'listApiKeys',
    summary: "An account's keys, newest first: id, environment, the key's visible start, created and revoked times (never the key)",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    response: {
      200: z.object({
        account_id: z.string(),
        keys: z.array(
          z.object({
            key_id: z.string(),
            environment: z.enum(['sandbox', 'live']),
            prefix: z.string().describe('How the key starts (bv_test_<id>_ or bv_live_<id>_): match a leaked key to its id'),
            created_at: z.string().nullable(),
            revoked_at: z.string().nullable(),
          }),
        ),
      }),
    },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND'],
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    summary: 'Revoke a key (it fails at once, in every API process)',
    tags: ['Admin'],
    auth: 'admin',
    params: z.object({ keyId: z.string() }),
    response: { 204: { description: 'Revoked' } },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  creditAccount: {
    operationId: 'creditAccount',
    summary: "Top up an account's wallet (a repeated reference is credited once)",
    description: 'environment (added in issue 28): live (the default) or sandbox, the wallet credited; each wallet has its own references.',
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    body: CreditRequest,
    response: { 200: z.object({ balance_inr: z.number(), environment: z.enum(['sandbox', 'live']).describe('Added: the wallet credited'), duplicate: z.literal(true).optional() }) },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'IDEMPOTENCY_KEY_REUSED'],
  },
  exportLedger: {
    operationId: 'exportLedger',
    summary: "Export one account's ledger, or every account's, as JSON lines since a previous export (backups)",
    description:
      'Addition (issue 26). One line per entry: account_id, id, type (topup, hold, commit, release), amount_inr, balance_inr, reference, at; ' +
      'oldest first within each account. The Ledger-Cursor response header is where this export ends: pass it as `after` to the next ' +
      'export to get every later entry exactly once, while money keeps moving. No header: there are no entries at all yet.',
    tags: ['Admin'],
    auth: 'admin',
    querystring: LedgerExportQuery,
    response: { 200: file('application/x-ndjson', 'The entries, one JSON object a line; the Ledger-Cursor header holds the next export\'s `after`') },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  listSources: { operationId: 'listSources', summary: 'Upstream sources: circuit state, in flight, recent errors', tags: ['Admin'], auth: 'admin', response: { 200: plain }, errors: ADMIN_ERRORS },
} satisfies Record<string, RouteDoc>;
