import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { ledgerEntryBody } from '../ledger-entry-body.js';
import { AppError } from '../../errors.js';
import { keyIdOfPublic, publicKeyId, type AccountStore } from '../../store/accounts/accounts.js';
import { parseApiKey } from '../../store/accounts/api-key-format.js';
import type { WalletStore } from '../../store/wallet/wallet.js';
import { adminAuth } from '../auth.js';
import type { SourceStatus } from '../../store/sources/source-status.js';
import { openAccount } from '../../store/accounts/open-account.js';
import { reconcileAccount, type AccountReconciliation, type Reconciliation } from '../../store/wallet/reconcile.js';
import { exportLedgers } from '../../store/wallet/ledger-export.js';
import { ADMIN_SCHEMAS } from './admin-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';
import { istTimestamp, wireTime } from '../../domain/dates.js';

export interface AdminRoutesOptions {
  adminToken: string;
  accounts: AccountStore;
  wallet: WalletStore;
  sourceStatus: () => Promise<SourceStatus>;
}

const DAY_MS = 86_400_000;

const accountNotFound = (id: string) => new AppError('NOT_FOUND', `There is no account ${id}`);

function walletBooks(r: Reconciliation) {
  return {
    ok: r.ok,
    topups_inr: paiseToInr(r.topupsPaise),
    commits_inr: paiseToInr(r.commitsPaise),
    balance_inr: paiseToInr(r.balancePaise),
    held_inr: paiseToInr(r.heldPaise),
    available_inr: paiseToInr(r.balancePaise - r.heldPaise),
    open_holds_inr: paiseToInr(r.openHoldsPaise),
    difference_inr: paiseToInr(r.differencePaise),
    problems: r.problems,
  };
}

/** The live wallet's books at the top (as before sandbox wallets), the sandbox wallet's under `sandbox`; `ok` and `problems` cover both. */
function reconciliationBody(r: AccountReconciliation) {
  return {
    account_id: r.accountId,
    // The account's `ok` and `problems` (both wallets') over the live wallet's own.
    ...walletBooks(r),
    sandbox: walletBooks(r.sandbox),
  };
}

/** The operator's API (DESIGN.md §7): plain JSON bodies, errors in the envelope. */
export async function adminRoutes(fastify: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodRequests>();
  const { accounts, wallet } = options;
  app.addHook('onRequest', adminAuth(options.adminToken));

  app.post('/admin/v1/accounts', { config: { api: 'admin.accounts.create' }, schema: ADMIN_SCHEMAS.createAccount }, async (request, reply) => {
    const body = request.body;
    const { account, keys } = await openAccount(accounts, wallet, {
      ...body,
      openingReference: 'opening balance',
      environments: ['sandbox', 'live'],
    });
    // DESIGN.md §7 fixes this answer's shape: the keys' ids are listed by GET …/keys.
    return reply.code(201).send({ account_id: account.accountId, sandbox_key: keys.sandbox?.apiKey, live_key: keys.live?.apiKey });
  });

  app.get('/admin/v1/accounts/:id', { config: { api: 'admin.accounts.get' }, schema: ADMIN_SCHEMAS.getAccount }, async (request) => {
    const account = await accounts.get(request.params.id);
    if (!account) throw accountNotFound(request.params.id);
    const balance = await wallet.of('live').balance(account.accountId);
    const sandbox = await wallet.of('sandbox').balance(account.accountId);
    return {
      account_id: account.accountId,
      name: account.name,
      // The live wallet, as before sandbox wallets; the sandbox wallet beside it.
      balance_inr: paiseToInr(balance.balancePaise),
      held_inr: paiseToInr(balance.heldPaise),
      sandbox_balance_inr: paiseToInr(sandbox.balancePaise),
      sandbox_held_inr: paiseToInr(sandbox.heldPaise),
      rate_limit_per_minute: account.rateLimitPerMinute,
    };
  });

  app.patch('/admin/v1/accounts/:id', { config: { api: 'admin.accounts.update' }, schema: ADMIN_SCHEMAS.updateAccount }, async (request) => {
    const body = request.body;
    if (!(await accounts.get(request.params.id))) throw accountNotFound(request.params.id);
    await accounts.setRateLimit(request.params.id, body.rate_limit_per_minute);
    const account = await accounts.get(request.params.id);
    return { account_id: request.params.id, rate_limit_per_minute: account?.rateLimitPerMinute };
  });

  // The account's sandbox clock: its sandbox keys answer as of real time + the offset, so the
  // drifting scenarios (and filing due dates) can be seen to change without waiting.
  const clockBody = (accountId: string, offsetMs: number) => ({
    account_id: accountId,
    offset_days: offsetMs / DAY_MS,
    sandbox_now: istTimestamp(new Date(Date.now() + offsetMs)),
  });
  app.get('/admin/v1/accounts/:id/sandbox-clock', { config: { api: 'admin.sandbox_clock' }, schema: ADMIN_SCHEMAS.getSandboxClock }, async (request) => {
    const account = await accounts.get(request.params.id);
    if (!account) throw accountNotFound(request.params.id);
    return clockBody(account.accountId, account.sandboxClockOffsetMs);
  });
  app.post('/admin/v1/accounts/:id/sandbox-clock', { config: { api: 'admin.sandbox_clock' }, schema: ADMIN_SCHEMAS.moveSandboxClock }, async (request) => {
    const body = request.body;
    const account = await accounts.get(request.params.id);
    if (!account) throw accountNotFound(request.params.id);
    const offsetMs = 'offset_days' in body ? body.offset_days * DAY_MS : account.sandboxClockOffsetMs + body.advance_days * DAY_MS;
    await accounts.setSandboxClockOffset(account.accountId, offsetMs);
    return clockBody(account.accountId, offsetMs);
  });

  // Reconciliation: top-ups − commits must equal the available balance plus open holds.
  app.get(
    '/admin/v1/accounts/:id/reconcile',
    { config: { api: 'admin.reconcile' }, schema: ADMIN_SCHEMAS.reconcileAccount },
    async (request) => {
      if (!(await accounts.get(request.params.id))) throw accountNotFound(request.params.id);
      return reconciliationBody(await reconcileAccount(wallet, request.params.id));
    },
  );

  app.get('/admin/v1/reconcile', { config: { api: 'admin.reconcile' }, schema: ADMIN_SCHEMAS.reconcileAllAccounts }, async () => {
    const results = [];
    for (const accountId of await accounts.listIds()) results.push(reconciliationBody(await reconcileAccount(wallet, accountId)));
    return { ok: results.every((r) => r.ok), accounts: results.length, problems: results.filter((r) => !r.ok) };
  });

  app.post(
    '/admin/v1/accounts/:id/keys',
    { config: { api: 'admin.keys.create' }, schema: ADMIN_SCHEMAS.issueApiKey },
    async (request, reply) => {
      const body = request.body;
      const account = await accounts.get(request.params.id);
      if (!account) throw accountNotFound(request.params.id);
      const key = await accounts.issueKey(account, body.environment);
      return reply.code(201).send({ key_id: key.keyId, api_key: key.apiKey });
    },
  );

  app.get('/admin/v1/accounts/:id/keys', { config: { api: 'admin.keys.list' }, schema: ADMIN_SCHEMAS.listApiKeys }, async (request) => {
    if (!(await accounts.get(request.params.id))) throw accountNotFound(request.params.id);
    const keys = await accounts.listKeys(request.params.id);
    return {
      account_id: request.params.id,
      keys: keys.map((key) => ({ key_id: key.keyId, environment: key.environment, prefix: key.prefix, created_at: wireTime(key.createdAt), revoked_at: wireTime(key.revokedAt) })),
    };
  });

  app.delete(
    '/admin/v1/keys/:keyId',
    { config: { api: 'admin.keys.revoke' }, schema: ADMIN_SCHEMAS.revokeApiKey },
    async (request, reply) => {
      const sent = request.params.keyId;
      // An API key sent where its id goes: say which id to use, and never echo the key.
      const apiKey = parseApiKey(sent);
      if (apiKey !== undefined) {
        throw new AppError('VALIDATION_FAILED', `That is an API key, not a key id: revoke it as ${publicKeyId(apiKey.keyId)} (and treat the key as leaked: it is now in a URL)`, [
          { field: 'keyId', message: 'must be a key id (key_…), not the API key' },
        ]);
      }
      if (!(await accounts.revokeKey(sent))) {
        throw new AppError('NOT_FOUND', keyIdOfPublic(sent) !== undefined ? `There is no active key ${sent}` : 'There is no active key with that id (key ids look like key_ and 12 letters or digits)');
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/admin/v1/accounts/:id/credits',
    { config: { api: 'admin.credits.create' }, schema: ADMIN_SCHEMAS.creditAccount },
    async (request) => {
      const body = request.body;
      if (!(await accounts.get(request.params.id))) throw accountNotFound(request.params.id);
      const credited = await wallet.of(body.environment).credit(request.params.id, body.amountPaise, body.reference);
      if (credited.conflictPaise !== undefined) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', `The reference ${JSON.stringify(body.reference)} already credited ₹${paiseToInr(credited.conflictPaise).toFixed(2)}: a different amount needs a new reference`, [
          { field: 'reference', message: `already used for ₹${paiseToInr(credited.conflictPaise).toFixed(2)}` },
        ]);
      }
      // A repeated reference is a retry: credited once, answered with the balance and a flag.
      return { balance_inr: paiseToInr(credited.balancePaise), environment: body.environment, ...(credited.duplicate ? { duplicate: true } : {}) };
    },
  );

  // Backups (docs/money.md "Durability"): the ledgers as JSON lines, from a previous export's cursor.
  // The cursor is known before the first line, so it travels as a header of the stream.
  app.get('/admin/v1/ledger/export', { config: { api: 'admin.ledger.export' }, schema: ADMIN_SCHEMAS.exportLedger }, async (request, reply) => {
    const query = request.query;
    if (query.account !== undefined && !(await accounts.get(query.account))) throw accountNotFound(query.account);
    const exported = await exportLedgers(wallet, query.account === undefined ? await accounts.listIds() : [query.account], query.after);
    if (exported.cursor !== undefined) reply.header('Ledger-Cursor', exported.cursor);
    const lines = async function* () {
      for await (const { accountId, environment, entry } of exported.entries) {
        yield `${JSON.stringify({ account_id: accountId, wallet: environment, ...ledgerEntryBody(entry) })}\n`;
      }
    };
    return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(lines()));
  });

  // Each live source's shared state: up or marked down, calls in flight, recent error rate.
  app.get('/admin/v1/sources', { config: { api: 'admin.sources' }, schema: ADMIN_SCHEMAS.listSources }, async () => options.sourceStatus());
}
