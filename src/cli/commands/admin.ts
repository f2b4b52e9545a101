import { type Command, Option } from 'commander';
import { parseApiKey } from '../../store/accounts/api-key-format.js';
import type { Session } from '../context.js';
import { CliError, EXIT, UsageError } from '../exit-codes.js';
import { indent, inr, keyValues, table, text, when } from '../output.js';
import { amountInr, positiveInt, wholeDays } from '../parse.js';
import { registerLedgerExport } from './ledger-export.js';

/** The fields of a reconciliation (one account's, or each of GET /admin/v1/reconcile's problems) the CLI prints. */
type Reconciliation = {
  account_id: string;
  ok: boolean;
  topups_inr: number;
  commits_inr: number;
  balance_inr: number;
  held_inr: number;
  available_inr: number;
  open_holds_inr: number;
  difference_inr: number;
  problems: unknown[];
};

/** `key_<id>` from `bv_test_<id>_<secret>`: what `admin keys revoke` takes. */
const keyIdOf = (apiKey: string | undefined) => parseApiKey(apiKey ?? '')?.keyId;

function reconciliationPairs(r: Reconciliation): [string, string][] {
  return [
    ['account', r.account_id],
    ['ok', r.ok ? 'yes' : 'NO'],
    ['top-ups', inr(r.topups_inr)],
    ['commits', inr(r.commits_inr)],
    ['balance', inr(r.balance_inr)],
    ['held', inr(r.held_inr)],
    ['available', inr(r.available_inr)],
    ['open holds', inr(r.open_holds_inr)],
    ['difference', inr(r.difference_inr)],
    ...r.problems.map((p, i): [string, string] => [`problem ${i + 1}`, text(p)]),
  ];
}

/** --environment offers only these (commander's choices). */
type Environment = 'live' | 'sandbox';

/** The operator's commands: the admin API with BV_ADMIN_TOKEN. */
export function registerAdmin(program: Command, session: Session): void {
  const admin = program.command('admin').description('operator commands (admin token: --admin-token or BV_ADMIN_TOKEN)');

  const accounts = admin.command('accounts').description('customer accounts');
  accounts
    .command('create')
    .description('create an account with a sandbox and a live key (shown once)')
    .requiredOption('--name <name>', 'the account\'s name')
    .option('--balance-inr <amount>', 'opening live wallet balance in rupees', amountInr('--balance-inr'))
    .option('--sandbox-balance-inr <amount>', 'opening sandbox wallet balance in rupees (default 10,000)', amountInr('--sandbox-balance-inr'))
    .option('--rate-limit <perMinute>', 'calls per minute per key (default 600)', positiveInt('--rate-limit'))
    .action(async (options: { name: string; balanceInr?: number; sandboxBalanceInr?: number; rateLimit?: number }, command: Command) => {
      const { out, client } = session.context(command);
      const body = {
        name: options.name,
        ...(options.balanceInr !== undefined ? { balance_inr: options.balanceInr } : {}),
        ...(options.sandboxBalanceInr !== undefined ? { sandbox_balance_inr: options.sandboxBalanceInr } : {}),
        ...(options.rateLimit !== undefined ? { rate_limit_per_minute: options.rateLimit } : {}),
      };
      const created: { account_id: string; sandbox_key?: string; live_key?: string } = await client.call(client.admin.POST('/admin/v1/accounts', { body }));
      out.result(created, () => {
        out.line(`Account ${created.account_id} created${options.balanceInr ? ` with ${inr(options.balanceInr)}` : ''}.`);
        // The new account's keys are the point of this command: they exist nowhere else.
        out.line(
          keyValues([
            ['sandbox key', `${created.sandbox_key ?? '—'}${keyIdOf(created.sandbox_key) ? `  (key_${keyIdOf(created.sandbox_key)})` : ''}`],
            ['live key', `${created.live_key ?? '—'}${keyIdOf(created.live_key) ? `  (key_${keyIdOf(created.live_key)})` : ''}`],
          ]),
        );
        out.note('Keep the keys now: only their hashes are stored, they cannot be shown again.');
      });
    });

  accounts
    .command('show <account>')
    .description('an account\'s balance, held money and rate limit')
    .action(async (accountId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const account = (await client.call(client.admin.GET('/admin/v1/accounts/{id}', { params: { path: { id: accountId } } })));
      out.result(account, () =>
        out.line(
          keyValues([
            ['account', account.account_id],
            ['name', account.name],
            ['balance', inr(account.balance_inr)],
            ['held', inr(account.held_inr)],
            ['sandbox balance', inr(account.sandbox_balance_inr)],
            ['sandbox held', inr(account.sandbox_held_inr)],
            ['rate limit', `${account.rate_limit_per_minute}/minute`],
          ]),
        ),
      );
    });

  admin
    .command('credits')
    .description('wallet top-ups')
    .command('add <account>')
    .description('credit an account; a reference credits once (a retry adds nothing)')
    .requiredOption('--amount-inr <amount>', 'amount in rupees', amountInr('--amount-inr'))
    .requiredOption('--reference <reference>', 'your reference for the top-up (payment id, invoice)')
    .addOption(new Option('--environment <wallet>', 'the wallet credited').choices(['live', 'sandbox']).default('live'))
    .action(async (accountId: string, options: { amountInr: number; reference: string; environment: string }, command: Command) => {
      const { out, client } = session.context(command);
      const credited: { balance_inr: number; duplicate?: boolean } = await client.call(
        client.admin.POST('/admin/v1/accounts/{id}/credits', {
          params: { path: { id: accountId } },
          body: { amount_inr: options.amountInr, reference: options.reference, environment: options.environment as Environment },
        }),
      );
      out.result(credited, () =>
        out.line(
          credited.duplicate
            ? `Reference "${options.reference}" was already credited: nothing added. Balance ${inr(credited.balance_inr)}.`
            : `Credited ${inr(options.amountInr)} to ${accountId}'s ${options.environment} wallet. Balance ${inr(credited.balance_inr)}.`,
        ),
      );
    });

  const keys = admin.command('keys').description('API keys');
  keys
    .command('create <account>')
    .description('issue another key for an account (shown once)')
    .addOption(new Option('--environment <env>', 'sandbox or live').choices(['sandbox', 'live']).default('sandbox'))
    .action(async (accountId: string, options: { environment: string }, command: Command) => {
      const { out, client } = session.context(command);
      const issued: { key_id: string; api_key: string } = await client.call(
        client.admin.POST('/admin/v1/accounts/{id}/keys', { params: { path: { id: accountId } }, body: { environment: options.environment as Environment } }),
      );
      out.result(issued, () => {
        out.line(keyValues([['key id', issued.key_id], ['api key', issued.api_key]]));
        out.note('Keep the key now: only its hash is stored, it cannot be shown again.');
      });
    });
  keys
    .command('list <account>')
    .description("an account's keys, newest first: id, environment, how the key starts, created and revoked (never the keys)")
    .action(async (accountId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const listed: { keys: { key_id: string; environment: string; prefix: string; created_at: string | null; revoked_at: string | null }[] } = await client.call(
        client.admin.GET('/admin/v1/accounts/{id}/keys', { params: { path: { id: accountId } } }),
      );
      out.result(listed.keys, () =>
        out.line(table(['key id', 'environment', 'starts', 'created', 'revoked'], listed.keys.map((k) => [k.key_id, k.environment, `${k.prefix}…`, when(k.created_at), k.revoked_at === null ? '' : when(k.revoked_at)]))),
      );
    });
  keys
    .command('revoke <key>')
    .description('revoke a key, by its id (key_…) or by the API key itself (read here, never sent); it stops working at once')
    .action(async (key: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      // A leaked key is what an operator has in hand: its id is part of it.
      const fromApiKey = keyIdOf(key);
      const keyId = fromApiKey === undefined ? key : `key_${fromApiKey}`;
      await client.call(client.admin.DELETE('/admin/v1/keys/{keyId}', { params: { path: { keyId } } }));
      out.result({ key_id: keyId, revoked: true }, () => out.line(`Key ${keyId} revoked.`));
    });

  admin
    .command('sandbox-clock <account>')
    .description('show or move an account\'s sandbox clock (its sandbox keys answer as of that time)')
    .option('--advance-days <days>', 'move the clock by whole days (negative goes back)', wholeDays('--advance-days'))
    .option('--offset-days <days>', 'set the clock to real time plus whole days (0 resets)', wholeDays('--offset-days'))
    .action(async (accountId: string, options: { advanceDays?: number; offsetDays?: number }, command: Command) => {
      const { out, client } = session.context(command);
      if (options.advanceDays !== undefined && options.offsetDays !== undefined) throw new UsageError('Give --advance-days or --offset-days, not both');
      const params = { path: { id: accountId } };
      const body = options.advanceDays !== undefined ? { advance_days: options.advanceDays } : options.offsetDays !== undefined ? { offset_days: options.offsetDays } : undefined;
      const clock = (await client.call(
        body ? client.admin.POST('/admin/v1/accounts/{id}/sandbox-clock', { params, body }) : client.admin.GET('/admin/v1/accounts/{id}/sandbox-clock', { params }),
      ));
      out.result(clock, () => out.line(`Sandbox clock of ${clock.account_id}: ${when(clock.sandbox_now)} (${clock.offset_days} day(s) from real time).`));
    });

  registerLedgerExport(admin, session);

  admin
    .command('reconcile [account]')
    .description(`check the books (top-ups − commits = available + open holds, running balances, holds left past expiry) of one account or all; exit ${EXIT.reconcileDifference} on any problem`)
    .action(async (accountId: string | undefined, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      let ok: boolean;
      if (accountId !== undefined) {
        const r = (await client.call(client.admin.GET('/admin/v1/accounts/{id}/reconcile', { params: { path: { id: accountId } } })));
        ok = r.ok;
        out.result(r, () => out.line(keyValues(reconciliationPairs(r))));
      } else {
        const all = (await client.call(client.admin.GET('/admin/v1/reconcile')));
        ok = all.ok;
        out.result(all, () => {
          out.line(all.ok ? `All ${all.accounts} account(s) reconcile.` : `${all.problems.length} of ${all.accounts} account(s) do not reconcile:`);
          if (all.problems.length > 0) {
            out.line(
              indent(
                table(
                  ['ACCOUNT', 'DIFFERENCE', 'BALANCE', 'HELD', 'OPEN HOLDS', 'PROBLEMS'],
                  all.problems.map((r) => [r.account_id, inr(r.difference_inr), inr(r.balance_inr), inr(r.held_inr), inr(r.open_holds_inr), text(r.problems)]),
                ),
              ),
            );
          }
        });
      }
      if (!ok) throw new CliError('The books do not reconcile', EXIT.reconcileDifference, 'RECONCILE_DIFFERENCE', true);
    });
}
