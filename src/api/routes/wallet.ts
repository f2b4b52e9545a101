import type { FastifyInstance } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { ledgerEntryBody } from '../ledger-entry-body.js';
import type { WalletStore } from '../../store/wallet.js';
import { successEnvelope } from '../envelope.js';
import { parseOrThrow } from '../zod-problems.js';
import { LedgerQuery } from '../schemas/wallet-requests.js';

/** The customer's view of the wallet and its ledger (API.md "Money"). Not billed. */
export async function walletRoutes(app: FastifyInstance, options: { wallet: WalletStore }): Promise<void> {
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
    const page = await options.wallet.ledger(request.auth!.accountId, query.limit, query.cursor);
    return successEnvelope(
      request,
      {
        entries: page.entries.map(ledgerEntryBody),
        next_cursor: page.next ?? null,
      },
      { checks: 0 },
    );
  });
}
