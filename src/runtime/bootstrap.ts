import type { Redis } from 'ioredis';
import type { AccountStore } from '../store/accounts/accounts.js';
import type { RedisKeys } from '../store/keys.js';
import { openAccount } from '../store/accounts/open-account.js';
import type { WalletStore } from '../store/wallet/wallet.js';

export const FIRST_START_BALANCE_PAISE = 1_000_00;

/**
 * On the very first start against a Redis, a sandbox account whose sandbox wallet holds ₹1,000 is created so
 * a newcomer can call the API at once. Its key is returned once, to be printed; only its hash
 * is stored. Later starts (or a second process racing this one) get undefined.
 */
export async function createFirstStartAccount(
  redis: Redis,
  keys: RedisKeys,
  accounts: AccountStore,
  wallet: WalletStore,
): Promise<{ accountId: string; sandboxKey: string } | undefined> {
  const claimed = await redis.set(keys.bootstrap(), new Date().toISOString(), 'NX');
  if (claimed !== 'OK') return undefined;
  const { account, keys: issued } = await openAccount(accounts, wallet, {
    name: 'Sandbox (created on first start)',
    // Its only key is a sandbox key, which spends the sandbox wallet: the ₹1,000 go there (the
    // live wallet stays empty, as no live key can spend it).
    openingBalancePaise: 0,
    openingReference: 'first start credit',
    sandboxOpeningPaise: FIRST_START_BALANCE_PAISE,
    environments: ['sandbox'],
  });
  await redis.set(keys.bootstrap(), account.accountId);
  return { accountId: account.accountId, sandboxKey: issued.sandbox?.apiKey as string };
}
