/**
 * The portfolio store's Lua scripts: one slot per key that a single holder takes and gives
 * back by its token, for a portfolio's run and for the write of its rows; and a page of rows.
 */
import type { ScriptDefinition } from '../redis/scripts.js';

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

/**
 * A page of a portfolio's rows in identifier order, after `cursor` (an identifier; '' starts at
 * the first). KEYS: rows hash, row-ids sorted set. ARGV: cursor, limit. Returns
 * [id1, row1, id2, row2, ...], up to limit + 1 rows (the extra one says there is a next page).
 *
 * Rows written before the sorted set existed have none (or, in a rolling upgrade, an older
 * process's write left it behind): whenever its count differs from the rows', it is built again
 * from the rows, once, in this script, so no write can come between.
 */
export const ROWS_PAGE: ScriptDefinition = {
  name: 'bvPortfolioRowsPage',
  numberOfKeys: 2,
  lua: `
local function rebuild()
  redis.call('DEL', KEYS[2])
  local ids = redis.call('HKEYS', KEYS[1])
  for i = 1, #ids, 500 do
    local args = {}
    for j = i, math.min(i + 499, #ids) do
      args[#args + 1] = 0
      args[#args + 1] = ids[j]
    end
    redis.call('ZADD', KEYS[2], unpack(args))
  end
end
local function page()
  local from = '-'
  if ARGV[1] ~= '' then from = '(' .. ARGV[1] end
  local ids = redis.call('ZRANGEBYLEX', KEYS[2], from, '+', 'LIMIT', 0, tonumber(ARGV[2]) + 1)
  if #ids == 0 then return {} end
  local rows = redis.call('HMGET', KEYS[1], unpack(ids))
  local out = {}
  for i = 1, #ids do
    if not rows[i] then return nil end
    out[#out + 1] = ids[i]
    out[#out + 1] = rows[i]
  end
  return out
end
if redis.call('ZCARD', KEYS[2]) ~= redis.call('HLEN', KEYS[1]) then rebuild() end
local out = page()
-- An identifier in the set with no row: the counts matched by chance (an older process removed one row and added another).
if out == nil then
  rebuild()
  out = page()
end
return out`,
};
