import type { Environment } from '../../domain/operations.js';
import type { Account, AccountStore, IssuedKey } from './accounts.js';
import { SANDBOX_OPENING_PAISE, type WalletStore } from '../wallet/wallet.js';

export interface OpenAccountInput {
  name: string;
  /** Live money, credited through the live ledger. */
  openingBalancePaise: number;
  openingReference: string;
  /** What the sandbox wallet opens with (₹10,000 unless given). */
  sandboxOpeningPaise?: number | undefined;
  rateLimitPerMinute?: number | undefined;
  environments: readonly Environment[];
}

/**
 * A new account with its opening credits (through each wallet's ledger) and one key per
 * environment. The sandbox wallet is opened before any key exists, so no sandbox call can open
 * it first with the default amount.
 */
export async function openAccount(
  accounts: AccountStore,
  wallet: WalletStore,
  input: OpenAccountInput,
): Promise<{ account: Account; keys: Partial<Record<Environment, IssuedKey>> }> {
  const account = await accounts.create({ name: input.name, rateLimitPerMinute: input.rateLimitPerMinute });
  if (input.openingBalancePaise > 0) await wallet.of('live').credit(account.accountId, input.openingBalancePaise, input.openingReference);
  await wallet.of('sandbox').open(account.accountId, input.sandboxOpeningPaise ?? SANDBOX_OPENING_PAISE);
  const keys: Partial<Record<Environment, IssuedKey>> = {};
  for (const environment of input.environments) keys[environment] = await accounts.issueKey(account, environment);
  return { account, keys };
}
