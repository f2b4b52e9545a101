/**
 * The wallet's Lua scripts. Each runs atomically inside Redis on one account's keys (one
 * hash-tag slot), so a balance, its holds and its ledger can never disagree.
 *
 * KEYS[1] wallet hash, KEYS[2] holds hash, KEYS[3] ledger stream.
 * The wallet's balance includes held money; available = balance - held.
 */

import type { ScriptDefinition } from '../redis/scripts.js';

/**
 * Appends one entry to the ledger (KEYS[3]). A sync call's entries also name its operation
 * and identifier (never a PAN holder's name); entries without them (top-ups, bulk rows) leave
 * the fields out rather than storing empty ones.
 */
const LEDGER_ADD_LUA = `
local function ledgerAdd(kind, amount, balance, reference, at, operation, identifier)
  local fields = {'XADD', KEYS[3], '*', 'type', kind, 'amount_paise', amount, 'balance_paise', balance, 'reference', reference, 'at', at}
  if operation and operation ~= '' then fields[#fields + 1] = 'operation'; fields[#fields + 1] = operation end
  if identifier and identifier ~= '' then fields[#fields + 1] = 'identifier'; fields[#fields + 1] = identifier end
  return redis.call(unpack(fields))
end`;

/**
 * KEYS[4] hash of credit references → amount, KEYS[5] the set of references an older version
 * kept without amounts. ARGV: amount_paise, reference, at.
 * Returns {'ok', balance} | {'duplicate', balance} | {'conflict', amount credited before}: a
 * reference credits once, so an operator's retried top-up never adds the money twice, and a
 * reference reused for another amount is refused rather than silently dropping that amount.
 */
const CREDIT_LUA = `
local previous = redis.call('HGET', KEYS[4], ARGV[2])
if previous and previous ~= ARGV[1] then return {'conflict', tonumber(previous)} end
-- The same amount again, or a reference an older version credited (its amount unknown): a retry.
if previous or redis.call('SISMEMBER', KEYS[5], ARGV[2]) == 1 then
  return {'duplicate', tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')}
end
redis.call('HSET', KEYS[4], ARGV[2], ARGV[1])
-- Into the old set too: a process of the older version, during a rolling upgrade, still reads
-- only that set, and would credit a retry of this reference a second time.
redis.call('SADD', KEYS[5], ARGV[2])
local balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'topups_paise', ARGV[1])
redis.call('XADD', KEYS[3], '*', 'type', 'topup', 'amount_paise', ARGV[1],
  'balance_paise', balance, 'reference', ARGV[2], 'at', ARGV[3])
return {'ok', balance}`;

/**
 * Places holds, in order: ARGV[1] at, then (hold_id, amount_paise, expires_at_ms, reference,
 * operation, identifier) for each hold; the last two name a sync call in its ledger entry
 * (docs/money.md), empty for a bulk job's hold. Returns per hold, flat: 'ok', available after it | 'exists', 0 |
 * 'insufficient', available. A hold id is placed at most once, so a retried hold never holds
 * twice; the holds of one batch see each other, as if placed one after another. A hold found
 * open with exactly the same amount, expiry and reference is this same request sent again
 * (ioredis resends a command whose reply a dropped connection lost): it answers 'ok', as the
 * first sending did, rather than refusing the call its own hold.
 */
const HOLD_LUA = `${LEDGER_ADD_LUA}
local balance = tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')
local held = tonumber(redis.call('HGET', KEYS[1], 'held_paise') or '0')
local reply = {}
for i = 2, #ARGV, 6 do
  local id, amount, reference = ARGV[i], tonumber(ARGV[i + 1]), ARGV[i + 3]
  local open = redis.call('HGET', KEYS[2], id)
  if open == ARGV[i + 1] .. '|' .. ARGV[i + 2] .. '|' .. reference then
    reply[#reply + 1] = 'ok'; reply[#reply + 1] = balance - held
  elseif open then
    reply[#reply + 1] = 'exists'; reply[#reply + 1] = 0
  elseif balance - held < amount then
    reply[#reply + 1] = 'insufficient'; reply[#reply + 1] = balance - held
  else
    held = redis.call('HINCRBY', KEYS[1], 'held_paise', amount)
    redis.call('HSET', KEYS[2], id, ARGV[i + 1] .. '|' .. ARGV[i + 2] .. '|' .. reference)
    ledgerAdd('hold', amount, balance, reference, ARGV[1], ARGV[i + 4], ARGV[i + 5])
    reply[#reply + 1] = 'ok'; reply[#reply + 1] = balance - held
  end
end
return reply`;

/**
 * Resolves holds, in order: charges up to each hold's amount and releases the rest.
 * KEYS[4] and KEYS[5] the resolved-holds hashes of this window and the one before (hold id →
 * paise charged). ARGV[1] at, ARGV[2] expired_only ('1': only holds past their expiry, for the
 * sweeper), ARGV[3] now_ms, ARGV[4] how long (ms) KEYS[4] is kept after its last write, then
 * (hold_id, charge_paise, operation, identifier) for each hold (the last two as for HOLD; the
 * sweeper does not know them, and its release entry names only the reference). Returns per hold, flat: 'ok', charged | 'repeat',
 * charged (committed moments ago, so a resend after a lost reply, or a retry after a failed
 * one, learns what the first sending charged) | 'resolved', 0 (unknown, released, swept, or
 * resolved long ago) | 'open', 0 (the sweeper found it not yet expired).
 */
const RESOLVE_LUA = `${LEDGER_ADD_LUA}
-- Checked before the first write: a script that fails halfway leaves its writes in place, and
-- the other calls of the batch would be answered with its error.
for i = 5, #ARGV, 4 do
  local requested = tonumber(ARGV[i + 1])
  if not requested or requested < 0 or requested % 1 ~= 0 then return redis.error_reply('charge must be whole paise') end
  local hold = redis.call('HGET', KEYS[2], ARGV[i])
  if hold and not string.match(hold, '^%d+|%d+|') then return redis.error_reply('hold ' .. ARGV[i] .. ' is unreadable') end
end
local reply = {}
local resolvedAny = false
for i = 5, #ARGV, 4 do
  local hold = redis.call('HGET', KEYS[2], ARGV[i])
  if not hold then
    local before = redis.call('HGET', KEYS[4], ARGV[i]) or redis.call('HGET', KEYS[5], ARGV[i])
    if before then
      reply[#reply + 1] = 'repeat'; reply[#reply + 1] = tonumber(before)
    else
      reply[#reply + 1] = 'resolved'; reply[#reply + 1] = 0
    end
  else
    local amount, expires, reference = string.match(hold, '^(%d+)|(%d+)|(.*)$')
    amount = tonumber(amount)
    if ARGV[2] == '1' and tonumber(expires) > tonumber(ARGV[3]) then
      reply[#reply + 1] = 'open'; reply[#reply + 1] = 0
    else
      local charge = math.min(tonumber(ARGV[i + 1]), amount)
      redis.call('HDEL', KEYS[2], ARGV[i])
      -- Lua's -0 reaches Redis as "-0", which HINCRBY refuses: a hold fully charged part by
      -- part (a bulk job whose every row was billed) has nothing left to release.
      if amount > 0 then redis.call('HINCRBY', KEYS[1], 'held_paise', 0 - amount) end
      local balance = tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')
      if charge > 0 then
        balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', -charge)
        redis.call('HINCRBY', KEYS[1], 'commits_paise', charge)
        ledgerAdd('commit', charge, balance, reference, ARGV[1], ARGV[i + 2], ARGV[i + 3])
      end
      if amount - charge > 0 then
        ledgerAdd('release', amount - charge, balance, reference, ARGV[1], ARGV[i + 2], ARGV[i + 3])
      end
      -- Not for the sweeper: a call's late commit after a sweep is no repeat of it. Nor for a
      -- release: met again it answers 'resolved', which charges nothing just the same.
      if ARGV[2] ~= '1' and charge > 0 then
        redis.call('HSET', KEYS[4], ARGV[i], charge)
        resolvedAny = true
      end
      reply[#reply + 1] = 'ok'; reply[#reply + 1] = charge
    end
  end
end
if resolvedAny then redis.call('PEXPIRE', KEYS[4], ARGV[4]) end
return reply`;

/**
 * Charges parts of an open hold, once per charge key: a bulk job's rows are billed from the
 * job's hold, a chunk's rows in one call, and a chunk that runs twice (BullMQ is
 * at-least-once) finds its rows already charged. KEYS[4] the hold's charges hash (charge key
 * → paise). ARGV: hold_id, at, then (charge_key, amount_paise, reference, identifier) for each
 * charge; the identifier (the row's GSTIN, CIN, …; empty: none) names the row in its ledger
 * entry, as a sync call's entries are named (docs/money.md).
 * Returns per charge, flat: 'ok', charged | 'duplicate', charged before | 'resolved', 0 (no
 * such open hold) | 'insufficient', left in the hold. Every amount is checked before anything
 * is written, so a bad one changes nothing.
 */
const CHARGE_PARTS_LUA = `
for i = 3, #ARGV, 4 do
  local charge = tonumber(ARGV[i + 1])
  if not charge or charge <= 0 or charge % 1 ~= 0 then return redis.error_reply('charge must be whole paise above 0') end
end
local reply = {}
for i = 3, #ARGV, 4 do
  local key, charge, reference = ARGV[i], tonumber(ARGV[i + 1]), ARGV[i + 2]
  local hold = redis.call('HGET', KEYS[2], ARGV[1])
  local before = redis.call('HGET', KEYS[4], key)
  -- A part charged before is answered as such even once the hold is gone: a chunk run twice
  -- whose first run charged it must not write the row as unbilled after the job's release.
  if before then
    reply[#reply + 1] = 'duplicate'; reply[#reply + 1] = tonumber(before)
  elseif not hold then
    reply[#reply + 1] = 'resolved'; reply[#reply + 1] = 0
  else
    local amount, expires, holdReference = string.match(hold, '^(%d+)|(%d+)|(.*)$')
    amount = tonumber(amount)
    if charge > amount then
      reply[#reply + 1] = 'insufficient'; reply[#reply + 1] = amount
    else
      redis.call('HSET', KEYS[2], ARGV[1], (amount - charge) .. '|' .. expires .. '|' .. holdReference)
      redis.call('HSET', KEYS[4], key, charge)
      redis.call('HINCRBY', KEYS[1], 'held_paise', -charge)
      local balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', -charge)
      redis.call('HINCRBY', KEYS[1], 'commits_paise', charge)
      local fields = {'XADD', KEYS[3], '*', 'type', 'commit', 'amount_paise', charge, 'balance_paise', balance, 'reference', reference, 'at', ARGV[2]}
      if ARGV[i + 3] ~= '' then fields[#fields + 1] = 'identifier'; fields[#fields + 1] = ARGV[i + 3] end
      redis.call(unpack(fields))
      reply[#reply + 1] = 'ok'; reply[#reply + 1] = charge
    end
  end
end
return reply`;

/**
 * Opens a sandbox wallet, once: the migration of accounts made before sandbox wallets existed
 * (their one wallet stays their live wallet, untouched) and the opening of new ones. Keys as
 * CREDIT's, on the sandbox wallet. ARGV: amount_paise (0: opened empty), reference, at.
 * Returns {'opened', balance} | {'open', balance} (opened before: nothing changes, whatever the
 * amount), so any number of processes may run it at once, and it is safe to run at every touch.
 */
const OPEN_LUA = `${LEDGER_ADD_LUA}
if redis.call('HEXISTS', KEYS[1], 'opened_at') == 1 then
  return {'open', tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')}
end
redis.call('HSET', KEYS[1], 'opened_at', ARGV[3])
local balance = tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')
local amount = tonumber(ARGV[1])
if amount > 0 then
  redis.call('HSET', KEYS[4], ARGV[2], ARGV[1])
  redis.call('SADD', KEYS[5], ARGV[2])
  balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', amount)
  redis.call('HINCRBY', KEYS[1], 'topups_paise', amount)
  ledgerAdd('topup', amount, balance, ARGV[2], ARGV[3], '', '')
end
return {'opened', balance}`;

/**
 * An account's own top-up of its sandbox wallet (POST /v1/wallet/sandbox-topup), bounded so
 * that sandbox figures cannot be inflated: at most ARGV[2] top-ups a day (KEYS[4], the day's
 * counter, expiring ARGV[6] ms after its first) and never a balance above ARGV[3]. Keys 1-3 as
 * CREDIT's, on the sandbox wallet. ARGV: amount_paise, max_per_day, max_balance_paise,
 * reference, at, counter_ttl_ms. Returns {'ok', balance} | {'rate', count} | {'cap', balance}.
 */
const SANDBOX_TOPUP_LUA = `${LEDGER_ADD_LUA}
local count = tonumber(redis.call('GET', KEYS[4]) or '0')
if count >= tonumber(ARGV[2]) then return {'rate', count} end
local balance = tonumber(redis.call('HGET', KEYS[1], 'balance_paise') or '0')
local amount = tonumber(ARGV[1])
if balance + amount > tonumber(ARGV[3]) then return {'cap', balance} end
if redis.call('INCR', KEYS[4]) == 1 then redis.call('PEXPIRE', KEYS[4], ARGV[6]) end
balance = redis.call('HINCRBY', KEYS[1], 'balance_paise', amount)
redis.call('HINCRBY', KEYS[1], 'topups_paise', amount)
ledgerAdd('topup', amount, balance, ARGV[4], ARGV[5], '', '')
return {'ok', balance}`;

export const SANDBOX_TOPUP: ScriptDefinition = { name: 'bvWalletSandboxTopup', numberOfKeys: 4, lua: SANDBOX_TOPUP_LUA };
export const OPEN_SANDBOX: ScriptDefinition = { name: 'bvWalletOpenSandbox', numberOfKeys: 5, lua: OPEN_LUA };
export const CREDIT: ScriptDefinition = { name: 'bvWalletCredit', numberOfKeys: 5, lua: CREDIT_LUA };
export const HOLD: ScriptDefinition = { name: 'bvWalletHold', numberOfKeys: 3, lua: HOLD_LUA };
export const RESOLVE: ScriptDefinition = { name: 'bvWalletResolve', numberOfKeys: 5, lua: RESOLVE_LUA };
export const CHARGE_PARTS: ScriptDefinition = { name: 'bvWalletChargeParts', numberOfKeys: 4, lua: CHARGE_PARTS_LUA };
