/**
 * The portfolio store's Lua scripts: one slot per key that a single holder takes and gives
 * back by its token, for a portfolio's run and for the write of its rows.
 */
import type { ScriptDefinition } from './scripts.js';

/**
 * Takes a slot (a portfolio's run slot, or its rows' write lock) if it is free (or still holds
 * `replacing`). KEYS: slot. ARGV: new value, value it may replace ('' none), ttl ms. Returns 1,
 * or the holder.
 */
export const CLAIM_SLOT: ScriptDefinition = {
  name: 'bvPortfolioClaimSlot',
  numberOfKeys: 1,
  lua: `
local current = redis.call('GET', KEYS[1])
if not current or (ARGV[2] ~= '' and current == ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 1
end
return current`,
};

/** Replaces a slot's value only if it still holds `expected`. KEYS: slot. ARGV: expected, new value ('' deletes), ttl ms. */
export const SWAP_SLOT: ScriptDefinition = {
  name: 'bvPortfolioSwapSlot',
  numberOfKeys: 1,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`,
};
