import { InvalidArgumentError, type Command } from 'commander';
import type { Session } from '../context.js';
import { inr, keyValues, table, text, when } from '../output.js';
import { amountInr, positiveInt } from '../parse.js';
import { AS_FILE } from '../service-client.js';

function groupOption(value: string): string {
  if (!(GROUPS as readonly string[]).includes(value)) throw new InvalidArgumentError(`--group must be one of ${GROUPS.join(', ')}`);
  return value;
}

interface Balance {
  /** Whose wallet: the key's environment (older servers say it only in meta). */
  environment?: 'sandbox' | 'live';
  balance_inr: number;
  held_inr: number;
  available_inr: number;
}

interface LedgerLine {
  id: string;
  type: string;
  amount_inr: number | null;
  balance_inr: number | null;
  reference: string;
  at: string;
  operation?: string | null;
  identifier?: string | null;
  job?: { job_id: string; kind: string | null; name: string | null; status: string | null; rows: number | null } | null;
}

interface Ledger {
  entries: LedgerLine[];
  next_cursor: string | null;
}

const GROUPS = ['job', 'entry'] as const;
/** groupOption lets only these through. */
type LedgerGroup = (typeof GROUPS)[number];

/** What a line is about: a sync call's operation and identifier, or a job's kind, name and rows. */
function about(line: LedgerLine): string {
  if (line.job) {
    const kind = line.job.kind === 'portfolio_run' ? 'portfolio run' : 'bulk job';
    const rows = line.job.rows === null ? '' : `, ${line.job.rows} row${line.job.rows === 1 ? '' : 's'}`;
    return `${kind} ${line.job.name ? `"${line.job.name}" ` : ''}(${line.operation ?? '?'}${rows}${line.job.status ? `, ${line.job.status}` : ''})`;
  }
  return [line.operation, line.identifier].filter((part) => part !== null && part !== undefined).join(' ');
}

/**
 * The amount as the wallet moved: a top-up adds (+), a charge or a job's charges take (-); a
 * hold or a release only moves money between held and available, so it stays unsigned. As the
 * console shows it: unsigned, a hold and its charge read like being billed twice.
 */
function signedAmount(line: LedgerLine): string {
  if (line.amount_inr === null) return inr(null);
  if (line.type === 'topup') return `+${inr(line.amount_inr)}`;
  if (line.type === 'commit' || line.type === 'job') return `-${inr(line.amount_inr)}`;
  return inr(line.amount_inr);
}

export function registerWallet(program: Command, session: Session): void {
  const wallet = program.command('wallet').description('the prepaid wallet: balance (default) and ledger');

  wallet
    .command('balance', { isDefault: true })
    .description("balance, held and available of the key's wallet: a sandbox key's sandbox wallet, a live key's live one")
    .action(async (_options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const answer: { data: Balance; meta?: { environment?: string } } = await client.call(client.key.GET('/v1/wallet'));
      const balance = answer.data;
      // Sandbox credit and live credit are apart: say which one this is.
      const environment = balance.environment ?? answer.meta?.environment;
      out.result(balance, () =>
        out.line(
          keyValues([
            ['wallet', environment === undefined ? '—' : `${environment} (the key's environment; ${environment === 'sandbox' ? 'live credit is apart' : 'sandbox credit is apart'})`],
            ['balance', inr(balance.balance_inr)],
            ['held', inr(balance.held_inr)],
            ['available', inr(balance.available_inr)],
          ]),
        ),
      );
    });

  wallet
    .command('ledger')
    .description('wallet entries, newest first: top-ups, charges, and each bulk job or portfolio run as one line (--group entry: every hold, commit and release)')
    .option('--limit <n>', 'lines per page (1-100)', positiveInt('--limit'), 20)
    .option('--cursor <cursor>', 'the next page, from a previous page')
    .option('--group <group>', "'job': a bulk job or portfolio run as one line; 'entry': every entry", groupOption, 'job')
    .action(async (options: { limit: number; cursor?: string; group: string }, command: Command) => {
      const { out, client } = session.context(command);
      const query = { limit: options.limit, cursor: options.cursor, group: options.group as LedgerGroup };
      const page: Ledger = (await client.call(client.key.GET('/v1/wallet/ledger', { params: { query } }))).data;
      out.result(page, () => {
        if (page.entries.length === 0) out.line('No ledger entries.');
        else
          out.line(
            table(
              ['AT', 'TYPE', 'FOR', 'AMOUNT', 'BALANCE', 'REFERENCE'],
              page.entries.map((e) => [when(e.at), e.type, text(about(e)), signedAmount(e), inr(e.balance_inr), text(e.reference)]),
            ),
          );
        if (page.next_cursor) out.note(`More: bv wallet ledger --limit ${options.limit} --group ${options.group} --cursor ${page.next_cursor}`);
      });
    });

  wallet
    .command('sandbox-topup')
    .description("refill the key's sandbox wallet (a sandbox key only): ₹10,000 unless --amount-inr says less, within the day's and the balance's limits")
    .option('--amount-inr <amount>', 'amount in rupees (at most 10000)', amountInr('--amount-inr'))
    .action(async (options: { amountInr?: number }, command: Command) => {
      const { out, client } = session.context(command);
      const body = options.amountInr === undefined ? {} : { amount_inr: options.amountInr };
      const answer: Balance & { topped_up_inr: number } = (await client.call(client.key.POST('/v1/wallet/sandbox-topup', { body }))).data;
      out.result(answer, () =>
        out.line(
          keyValues([
            ['topped up', inr(answer.topped_up_inr)],
            ['wallet', 'sandbox'],
            ['balance', inr(answer.balance_inr)],
            ['available', inr(answer.available_inr)],
          ]),
        ),
      );
    });

  wallet
    .command('csv')
    .description('the whole ledger as CSV, oldest first (streamed), to --out or standard output')
    .option('--group <group>', "'job': a bulk job or portfolio run as one line; 'entry': every entry", groupOption, 'entry')
    .option('--out <file>', 'write here (created whole or not at all) instead of standard output')
    .action(async (options: { group: string; out?: string }, command: Command) => {
      const { client, out } = session.context(command);
      await client.download(client.key.GET('/v1/wallet/ledger.csv', { params: { query: { group: options.group as LedgerGroup } }, ...AS_FILE }), options.out ?? out.io.stdout);
    });
}
