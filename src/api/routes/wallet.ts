import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { AppError, RetryLaterError } from '../../errors.js';
import { SANDBOX_TOPUP_LIMITS } from '../../store/wallet/wallet.js';
import { ledgerEntryBody, ledgerLineBody } from '../ledger-entry-body.js';
import { ledgerCsvHeader, ledgerCsvRecord } from '../ledger-csv.js';
import type { BulkJobStore } from '../../store/bulk-jobs/bulk-jobs.js';
import { groupedLedgerPage, ledgerLines } from '../../store/wallet/grouped-ledger.js';
import type { WalletStore } from '../../store/wallet/wallet.js';
import { successEnvelope } from '../envelope.js';
import { WALLET_SCHEMAS } from './wallet-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';

const inr = (paise: number) => `₹${paiseToInr(paise).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

/** Seconds until the next IST midnight, when a new day's sandbox top-ups are allowed. */
function secondsToIstMidnight(now: Date): number {
  const istMs = now.getTime() + 330 * 60_000;
  return Math.max(1, Math.ceil((86_400_000 - (istMs % 86_400_000)) / 1000));
}

/**
 * The customer's view of the wallet and its ledger (docs/money.md "Wallet", "A ledger people can read"), always the wallet of the
 * key's environment: a sandbox key sees (and spends) the sandbox wallet, a live key the live
 * one. Not billed.
 */
export async function walletRoutes(fastify: FastifyInstance, options: { wallet: WalletStore; jobs: Pick<BulkJobStore, 'get'> }): Promise<void> {
  const app = fastify.withTypeProvider<ZodRequests>();
  const lookupJob = (jobId: string) => options.jobs.get(jobId);

  app.get('/v1/wallet', { config: { api: 'wallet.get' }, schema: WALLET_SCHEMAS.getWallet }, async (request) => {
    const environment = request.auth!.environment;
    const balance = await options.wallet.of(environment).balance(request.auth!.accountId);
    return successEnvelope(
      request,
      {
        environment,
        balance_inr: paiseToInr(balance.balancePaise),
        held_inr: paiseToInr(balance.heldPaise),
        available_inr: paiseToInr(balance.availablePaise),
      },
      { checks: 0 },
    );
  });

  app.get('/v1/wallet/ledger', { config: { api: 'wallet.ledger' }, schema: WALLET_SCHEMAS.listLedgerEntries }, async (request) => {
    const query = request.query;
    const accountId = request.auth!.accountId;
    const wallet = options.wallet.of(request.auth!.environment);
    if (query.group === 'job') {
      const page = await groupedLedgerPage(wallet, lookupJob, accountId, query.limit, query.cursor);
      return successEnvelope(request, { entries: page.lines.map(ledgerLineBody), next_cursor: page.next ?? null }, { checks: 0 });
    }
    const page = await wallet.ledger(accountId, query.limit, query.cursor);
    return successEnvelope(
      request,
      {
        entries: page.entries.map(ledgerEntryBody),
        next_cursor: page.next ?? null,
      },
      { checks: 0 },
    );
  });

  // Oldest first, streamed page by page from the ledger: a statement of any length in bounded memory.
  app.get('/v1/wallet/ledger.csv', { config: { api: 'wallet.ledger' }, schema: WALLET_SCHEMAS.downloadLedgerCsv }, async (request, reply) => {
    const query = request.query;
    const accountId = request.auth!.accountId;
    const wallet = options.wallet.of(request.auth!.environment);
    const records = async function* () {
      yield ledgerCsvHeader();
      for await (const line of ledgerLines(wallet, lookupJob, accountId, query.group === 'job')) yield ledgerCsvRecord(line);
    };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-${accountId}-${request.auth!.environment}.csv"`)
      .send(Readable.from(records()));
  });

  // The account refills its own sandbox wallet; live credit comes only from the operator.
  app.post(
    '/v1/wallet/sandbox-topup',
    {
      config: { api: 'wallet.sandbox_topup' },
      schema: WALLET_SCHEMAS.topUpSandboxWallet,
      // Before the body is validated: a live key is refused whatever it sent, and no body means {} (the default amount).
      preValidation: async (request) => {
        if (request.auth!.environment !== 'sandbox') {
          throw new AppError('VALIDATION_FAILED', 'Only a sandbox key tops up its sandbox wallet: live credit is added by the operator', [
            { field: 'authorization', message: 'must be a sandbox key (bv_test_…)' },
          ]);
        }
        request.body ??= {} as typeof request.body;
      },
    },
    async (request) => {
      const auth = request.auth!;
      const body = request.body;
      const now = new Date();
      const topped = await options.wallet.of('sandbox').sandboxTopUp(auth.accountId, body.amountPaise, `sandbox top-up ${request.id}`, now);
      if (topped.status === 'rate') {
        throw new RetryLaterError('RATE_LIMITED', `At most ${SANDBOX_TOPUP_LIMITS.perDay} sandbox top-ups a day (IST); retry after midnight IST`, secondsToIstMidnight(now));
      }
      if (topped.status === 'cap') {
        throw new AppError('VALIDATION_FAILED', `The sandbox balance of ${inr(topped.balancePaise)} plus ${inr(body.amountPaise)} would pass ${inr(SANDBOX_TOPUP_LIMITS.maxBalancePaise)}, the most a sandbox wallet holds`, [
          { field: 'amount_inr', message: `must be at most ${paiseToInr(Math.max(0, SANDBOX_TOPUP_LIMITS.maxBalancePaise - topped.balancePaise))} now` },
        ]);
      }
      const balance = await options.wallet.of('sandbox').balance(auth.accountId);
      return successEnvelope(
        request,
        {
          environment: 'sandbox',
          topped_up_inr: paiseToInr(body.amountPaise),
          balance_inr: paiseToInr(balance.balancePaise),
          held_inr: paiseToInr(balance.heldPaise),
          available_inr: paiseToInr(balance.availablePaise),
        },
        { checks: 0 },
      );
    },
  );
}
