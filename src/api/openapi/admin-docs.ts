/** The operator's routes (admin token) and the health routes. */
import { z } from 'zod';
import type { ErrorCode } from '../../errors.js';
import { CreateAccountRequest, CreditRequest, IssueKeyRequest, LedgerExportQuery, SandboxClockRequest, UpdateAccountRequest } from '../schemas/admin-requests.js';
import { PARSER_ERRORS } from './error-responses.js';
import { file, plain, type RouteDoc } from './route-doc.js';

const accountId = z.object({ id: z.string().describe('The account id') });
// RATE_LIMITED: too many wrong admin tokens from the caller's address (docs/security.md "Hardening and limits").
const ADMIN_ERRORS: readonly ErrorCode[] = ['AUTH_INVALID_KEY', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];

export const ADMIN_DOCS = {
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
  getAccount: { operationId: 'getAccount', summary: 'An account, its wallets (live: balance_inr, held_inr; added: sandbox_balance_inr, sandbox_held_inr) and rate limit', tags: ['Admin'], auth: 'admin', params: accountId, response: { 200: plain }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
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
  getSandboxClock: { operationId: 'getSandboxClock', summary: "An account's sandbox clock offset", tags: ['Admin'], auth: 'admin', params: accountId, response: { 200: plain }, errors: [...ADMIN_ERRORS, 'NOT_FOUND'] },
  moveSandboxClock: {
    operationId: 'moveSandboxClock',
    summary: "Move an account's sandbox clock (drifting scenarios change with it)",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    body: SandboxClockRequest,
    response: { 200: plain },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  reconcileAccount: {
    operationId: 'reconcileAccount',
    summary: "Check one account's ledger: top-ups - commits = balance + open holds, running balances, holds left past expiry",
    tags: ['Admin'],
    auth: 'admin',
    params: accountId,
    response: { 200: plain },
    errors: [...ADMIN_ERRORS, 'NOT_FOUND'],
  },
  reconcileAllAccounts: { operationId: 'reconcileAllAccounts', summary: "Check every account's ledger", tags: ['Admin'], auth: 'admin', response: { 200: plain }, errors: ADMIN_ERRORS },
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

/** /readyz's public summary of the sources (src/store/sources/source-status.ts publicSourceStatus): counts, no names. */
const readySources = z
  .object({
    sandbox: z.object({ checks_with_sources: z.number().int().describe('Checks the sandbox registry answers: all nine (Business360 is made of them)') }),
    live: z.object({
      checks_with_sources: z.number().int().describe('Checks with at least one live source configured (BV_SOURCES)'),
      sources_up: z.number().int(),
      sources_down: z.number().int().describe('Live sources whose circuit is open; GET /admin/v1/sources names them'),
    }),
  })
  .nullable()
  .describe('null while Redis does not answer (the sources\' state lives there)');

export const OPEN_DOCS = {
  checkLiveness: {
    operationId: 'checkLiveness',
    summary: 'Liveness: the process answers',
    tags: ['Health'],
    auth: 'none',
    response: { 200: z.object({ status: z.literal('ok') }).describe('Plain JSON, not the envelope') },
    // Node's HTTP parser answers these before any route, this one too (src/api/client-error.ts).
    errors: PARSER_ERRORS,
  },
  checkReadiness: {
    operationId: 'checkReadiness',
    summary: 'Readiness: Redis takes writes and has memory headroom; a summary of source health',
    description:
      'Plain JSON, not the envelope: 200 while Redis answers, accepts a write and uses under 90% of its maxmemory; 503 otherwise, ' +
      'with `redis` and `reason` saying why.',
    tags: ['Health'],
    auth: 'none',
    response: {
      200: z.object({ status: z.literal('ready'), redis: z.literal('ok'), sources: readySources }),
      503: z
        .object({
          status: z.literal('not_ready'),
          redis: z.enum(['unreachable', 'refusing_writes', 'near_maxmemory']),
          reason: z.string().describe('Why, in words: e.g. Redis is at its maxmemory, is a read-only replica, or uses 93% of its maxmemory'),
          sources: readySources,
        })
        .describe('Not ready: Redis does not answer, refuses writes, or is near its maxmemory'),
    },
    errors: PARSER_ERRORS,
  },
  getMetrics: {
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (admin token)',
    tags: ['Admin'],
    auth: 'admin',
    response: { 200: file('text/plain', 'Prometheus text exposition format') },
    errors: ['AUTH_INVALID_KEY', 'RATE_LIMITED'],
  },
} satisfies Record<string, RouteDoc>;

