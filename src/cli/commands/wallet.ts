import type { Command } from 'commander';
import type { Session } from '../context.js';
import { inr, keyValues, table, text, when } from '../output.js';
import { positiveInt } from '../parse.js';

interface Balance {
  balance_inr: number;
  held_inr: number;
  available_inr: number;
}

interface Ledger {
  entries: { id: string; type: string; amount_inr: number; balance_inr: number; reference: string; at: string }[];
  next_cursor: string | null;
}

export function registerWallet(program: Command, session: Session): void {
  const wallet = program.command('wallet').description('the prepaid wallet: balance (default) and ledger');

  wallet
    .command('balance', { isDefault: true })
    .description('balance, held and available')
    .action(async (_options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const balance = (await client.json<{ data: Balance }>('GET', '/v1/wallet', { auth: 'key' })).data;
      out.result(balance, () =>
        out.line(
          keyValues([
            ['balance', inr(balance.balance_inr)],
            ['held', inr(balance.held_inr)],
            ['available', inr(balance.available_inr)],
          ]),
        ),
      );
    });

  wallet
    .command('ledger')
    .description('wallet entries, newest first: top-ups, holds, commits, releases')
    .option('--limit <n>', 'entries per page (1-100)', positiveInt('--limit'), 20)
    .option('--cursor <cursor>', 'the next page, from a previous page')
    .action(async (options: { limit: number; cursor?: string }, command: Command) => {
      const { out, client } = session.context(command);
      const page = (await client.json<{ data: Ledger }>('GET', '/v1/wallet/ledger', { auth: 'key', query: { limit: options.limit, cursor: options.cursor } })).data;
      out.result(page, () => {
        if (page.entries.length === 0) out.line('No ledger entries.');
        else
          out.line(
            table(
              ['AT', 'TYPE', 'AMOUNT', 'BALANCE', 'REFERENCE'],
              page.entries.map((e) => [when(e.at), e.type, inr(e.amount_inr), inr(e.balance_inr), text(e.reference)]),
            ),
          );
        if (page.next_cursor) out.note(`More: bv wallet ledger --limit ${options.limit} --cursor ${page.next_cursor}`);
      });
    });
}
