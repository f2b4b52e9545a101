/**
 * A process that places a wallet hold the way a call does and then never resolves it, so a
 * test can kill it for real between hold and commit. Args: redisUrl prefix accountId holdId
 * amountPaise ttlMs.
 */
import { Redis } from 'ioredis';
import { createRedisKeys } from '../../src/store/keys.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';

const [redisUrl, prefix, accountId, holdId, amount, ttl] = process.argv.slice(2) as [string, string, string, string, string, string];
const redis = new Redis(redisUrl);
const wallet = new WalletStore(redis, createRedisKeys(prefix));
const held = await wallet.hold(accountId, holdId, Number(amount), holdId, Number(ttl));
console.log(held.ok ? 'held' : 'refused');
setInterval(() => {}, 1000);
