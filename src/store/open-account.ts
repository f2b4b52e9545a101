import type { Environment } from '../domain/operations.js';
import type { Account, AccountStore, IssuedKey } from './accounts.js';
import type { WalletStore } from './wallet.js';

export interface OpenAccountInput {
  name: string;
  openingBalancePaise: number;
  openingReference: string;
  rateLimitPerMinute?: number | undefined;
  environments: readonly Environment[];
}

/** A new account with its opening credit (through the ledger) and one key per environment. */
export async function openAccount(
  accounts: AccountStore,
  wallet: WalletStore,
  input: OpenAccountInput,
): Promise<{ account: Account; keys: Partial<Record<Environment, IssuedKey>> }> {
  const account = await accounts.create({ name: input.name, rateLimitPerMinute: input.rateLimitPerMinute });
  if (input.openingBalancePaise > 0) await wallet.credit(account.accountId, input.openingBalancePaise, input.openingReference);
  const keys: Partial<Record<Environment, IssuedKey>> = {};
  for (const environment of input.environments) keys[environment] = await accounts.issueKey(account, environment);
  return { account, keys };
}
