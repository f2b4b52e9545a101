import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';

export interface WalletBalance {
  balancePaise: number;
  heldPaise: number;
}

/**
 * A top-up adds to the balance and appends to the ledger in one script, so the ledger can
 * never miss a change the balance saw.
 */
const CREDIT_SCRIPT = `
local balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', ARGV[1])
redis.call('XADD', KEYS[2], '*', 'type', 'topup', 'amount_paise', ARGV[1],
  'balance_paise', balance, 'reference', ARGV[2], 'at', ARGV[3])
return balance`;

export class WalletStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async credit(accountId: string, amountPaise: number, reference: string): Promise<number> {
    if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
      throw new RangeError('a credit must be a positive whole number of paise');
    }
    const balance = await this.redis.eval(
      CREDIT_SCRIPT,
      2,
      this.keys.wallet(accountId),
      this.keys.ledger(accountId),
      amountPaise,
      reference,
      new Date().toISOString(),
    );
    return Number(balance);
  }

  async balance(accountId: string): Promise<WalletBalance> {
    const [balance, held] = await this.redis.hmget(this.keys.wallet(accountId), 'balance_paise', 'held_paise');
    return { balancePaise: Number(balance ?? 0), heldPaise: Number(held ?? 0) };
  }
}
