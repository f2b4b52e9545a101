import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { ledgerEntryBody, ledgerLineBody } from '../ledger-entry-body.js';
import { ledgerCsvHeader, ledgerCsvRecord } from '../ledger-csv.js';
import type { BulkJobStore } from '../../store/bulk-jobs.js';
import { groupedLedgerPage, ledgerLines } from '../../store/grouped-ledger.js';
import type { WalletStore } from '../../store/wallet.js';
import { successEnvelope } from '../envelope.js';
import { parseOrThrow } from '../zod-problems.js';
import { LedgerCsvQuery, LedgerQuery } from '../schemas/wallet-requests.js';

/** The customer's view of the wallet and its ledger (API.md "Money"). Not billed. */
export async function walletRoutes(app: FastifyInstance, options: { wallet: WalletStore; jobs: Pick<BulkJobStore, 'get'> }): Promise<void> {
  const lookupJob = (jobId: string) => options.jobs.get(jobId);

  app.get('/v1/wallet', { config: { api: 'wallet.get' } }, async (request) => {
    const balance = await options.wallet.balance(request.auth!.accountId);
    return successEnvelope(
      request,
      {
        balance_inr: paiseToInr(balance.balancePaise),
        held_inr: paiseToInr(balance.heldPaise),
        available_inr: paiseToInr(balance.availablePaise),
      },
      { checks: 0 },
    );
  });

  app.get('/v1/wallet/ledger', { config: { api: 'wallet.ledger' } }, async (request) => {
    const query = parseOrThrow(LedgerQuery, request.query);
    const accountId = request.auth!.accountId;
    if (query.group === 'job') {
      const page = await groupedLedgerPage(options.wallet, lookupJob, accountId, query.limit, query.cursor);
      return successEnvelope(request, { entries: page.lines.map(ledgerLineBody), next_cursor: page.next ?? null }, { checks: 0 });
    }
    const page = await options.wallet.ledger(accountId, query.limit, query.cursor);
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
  app.get('/v1/wallet/ledger.csv', { config: { api: 'wallet.ledger' } }, async (request, reply) => {
    const query = parseOrThrow(LedgerCsvQuery, request.query);
    const accountId = request.auth!.accountId;
    const records = async function* () {
      yield ledgerCsvHeader();
      for await (const line of ledgerLines(options.wallet, lookupJob, accountId, query.group === 'job')) yield ledgerCsvRecord(line);
    };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-${accountId}.csv"`)
      .send(Readable.from(records()));
  });
}
