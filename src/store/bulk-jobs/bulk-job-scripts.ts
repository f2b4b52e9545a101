/**
 * The bulk job store's Lua scripts. Each runs atomically on one job's keys (one hash-tag
 * slot), so a chunk counted twice, a cancel and the finish cannot interleave.
 */
import type { ScriptDefinition } from '../redis/scripts.js';

/**
 * Counts a chunk's rows once: a chunk that runs twice (BullMQ is at-least-once) adds nothing
 * the second time. KEYS: job hash, chunks-done set. ARGV: chunk, done, ok, not_found,
 * failed, cancelled, charged_paise, now. Returns {chunks done, chunks total, 1 if counted now}.
 */
export const COUNT_CHUNK: ScriptDefinition = {
  name: 'bvBulkCountChunk',
  numberOfKeys: 2,
  lua: `
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return {redis.call('SCARD', KEYS[2]), tonumber(redis.call('HGET', KEYS[1], 'chunks_total')), 0}
end
redis.call('HINCRBY', KEYS[1], 'rows_done', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'rows_ok', ARGV[3])
redis.call('HINCRBY', KEYS[1], 'rows_not_found', ARGV[4])
redis.call('HINCRBY', KEYS[1], 'rows_failed', ARGV[5])
redis.call('HINCRBY', KEYS[1], 'rows_cancelled', ARGV[6])
redis.call('HINCRBY', KEYS[1], 'charged_paise', ARGV[7])
if redis.call('HGET', KEYS[1], 'status') == 'queued' then
  redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[8])
end
local done = redis.call('SCARD', KEYS[2])
redis.call('HSET', KEYS[1], 'chunks_done', done, 'progress_at', ARGV[8])
return {done, tonumber(redis.call('HGET', KEYS[1], 'chunks_total')), 1}`,
};

/**
 * Counts a chunk that was given up (its tries ran out, or it was never queued) once, its rows
 * failed (or cancelled, in a job being cancelled) and unbilled, and records why. Never for a
 * chunk counted already: one whose file was kept is settled from its file instead.
 * KEYS: job hash, chunks-done set, abandoned hash. ARGV: chunk, rows, reason, now.
 * Returns {chunks done, chunks total, 1 if counted now, the rows' status}.
 */
export const ABANDON_CHUNK: ScriptDefinition = {
  name: 'bvBulkAbandonChunk',
  numberOfKeys: 3,
  lua: `
local total = tonumber(redis.call('HGET', KEYS[1], 'chunks_total'))
if not total then return {0, 0, 0, ''} end
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return {redis.call('SCARD', KEYS[2]), total, 0, ''}
end
local status = redis.call('HGET', KEYS[1], 'status') == 'cancelled' and 'cancelled' or 'failed'
redis.call('HSET', KEYS[3], ARGV[1], status .. '|' .. ARGV[3])
redis.call('HINCRBY', KEYS[1], 'rows_done', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'rows_' .. status, ARGV[2])
local done = redis.call('SCARD', KEYS[2])
redis.call('HSET', KEYS[1], 'chunks_done', done, 'progress_at', ARGV[4])
return {done, total, 1, status}`,
};

/**
 * Marks a queued job running when a worker takes its first chunk, so a job shows it has
 * started before a whole chunk is done. KEYS: job hash. ARGV: now.
 */
export const MARK_RUNNING: ScriptDefinition = {
  name: 'bvBulkMarkRunning',
  numberOfKeys: 1,
  lua: `
if redis.call('HGET', KEYS[1], 'status') == 'queued' then
  redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[1])
end
return 0`,
};

/**
 * Moves a job to a final status once. KEYS: job hash. ARGV: 'failed' or 'done', now,
 * released_paise. A done job ends `cancelled` when a cancel stopped some of its rows, else
 * `completed`: a cancel that came after its last row (while finalize ran) stopped nothing,
 * and the job is not called cancelled when every row was verified and billed. Decided here,
 * in one step with the move, so a cancel landing between finalize's read and this cannot
 * leave the job unfinished. ARGV[4], optional: why it failed; ARGV[5], optional: paise refunded. Returns the status it moved to,
 * or false if already finished.
 */
export const FINISH: ScriptDefinition = {
  name: 'bvBulkFinish',
  numberOfKeys: 1,
  lua: `
local state = redis.call('HMGET', KEYS[1], 'status', 'finished_at', 'rows_cancelled')
if not state[1] or (state[2] and state[2] ~= '') then return false end
local status = ARGV[1]
if status == 'done' then
  status = (state[1] == 'cancelled' and (tonumber(state[3]) or 0) > 0) and 'cancelled' or 'completed'
end
redis.call('HSET', KEYS[1], 'status', status, 'finished_at', ARGV[2], 'released_paise', ARGV[3])
if ARGV[4] and ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'failure_reason', ARGV[4]) end
if ARGV[5] and ARGV[5] ~= '0' then redis.call('HSET', KEYS[1], 'refunded_paise', ARGV[5]) end
return status`,
};

/**
 * Keeps the first result of each row. KEYS: the chunk's results hash. ARGV: ttl ms, then
 * row, json pairs. Returns per pair 1 when it was kept now, else the result kept before.
 */
export const KEEP_ROWS: ScriptDefinition = {
  name: 'bvBulkKeepRows',
  numberOfKeys: 1,
  lua: `
local reply = {}
for i = 2, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) == 1 then
    reply[#reply + 1] = 1
  else
    reply[#reply + 1] = redis.call('HGET', KEYS[1], ARGV[i])
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return reply`,
};

/**
 * Admits a new job under its account's quotas (store/bulk-jobs/job-quotas.ts), or refuses it, in one
 * step: two uploads at once cannot both pass at 19 of 20. Only the account's keys (one slot).
 * KEYS: the account's open-jobs set, job-bytes hash, stored-bytes counter. ARGV: job id, now
 * (ms), the open-jobs cap, the stored-bytes cap (0: no cap), the job's input bytes.
 * Returns {'ok' | 'open' | 'bytes', open jobs, stored bytes}, the counts before this job.
 */
export const ADMIT_JOB: ScriptDefinition = {
  name: 'bvBulkAdmitJob',
  numberOfKeys: 3,
  lua: `
local open = redis.call('ZCARD', KEYS[1])
local stored = tonumber(redis.call('GET', KEYS[3]) or '0')
local maxOpen = tonumber(ARGV[3])
local maxBytes = tonumber(ARGV[4])
if maxOpen > 0 and open >= maxOpen then return {'open', open, stored} end
if maxBytes > 0 and stored >= maxBytes then return {'bytes', open, stored} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[5])
redis.call('INCRBY', KEYS[3], ARGV[5])
return {'ok', open, stored}`,
};

/**
 * Sets a job's stored bytes (measured again when it ends), keeping the account's total with
 * it; nothing for a job the quota does not know (forgotten, or older than the quotas), so a
 * late measure cannot bring a removed job back. KEYS: job-bytes hash, stored-bytes counter.
 * ARGV: job id, bytes. Returns 1 when set.
 */
export const SET_JOB_BYTES: ScriptDefinition = {
  name: 'bvBulkSetJobBytes',
  numberOfKeys: 2,
  lua: `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('INCRBY', KEYS[2], tonumber(ARGV[2]) - tonumber(old))
return 1`,
};

/**
 * Takes a job out of its account's quotas: no longer open, its bytes no longer counted.
 * KEYS: the account's open-jobs set, job-bytes hash, stored-bytes counter. ARGV: job id.
 */
export const FORGET_JOB_QUOTA: ScriptDefinition = {
  name: 'bvBulkForgetJobQuota',
  numberOfKeys: 3,
  lua: `
redis.call('ZREM', KEYS[1], ARGV[1])
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('DECRBY', KEYS[3], old)
end
return 0`,
};
