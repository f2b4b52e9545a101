import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Environment } from '../../domain/operations.js';
import type { RedisKeys } from '../keys.js';
import { runScript, type ScriptDefinition } from '../redis/scripts.js';

/** The interface document's Idempotency window: a key is kept 24 hours from its first use. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * KEYS[1] the key's hash. ARGV: fingerprint, ttl_ms, lock_ms, now_ms, owner (the claiming
 * request's id: only the owner may store or abandon the answer).
 * Returns {'claimed'} | {'mismatch'} | {'in_progress', ms_left} |
 * {'done', status, body, request_id, content} (content: a streamed upload's fingerprint, or false).
 * A claim whose process died (its lock ran out) may be claimed again: nothing was stored.
 */
const CLAIM_LUA = `
local state = redis.call('HMGET', KEYS[1], 'fingerprint', 'state', 'locked_until', 'status', 'body', 'request_id', 'content')
local now = tonumber(ARGV[4])
if not state[1] then
  redis.call('HSET', KEYS[1], 'fingerprint', ARGV[1], 'state', 'in_flight', 'locked_until', now + tonumber(ARGV[3]), 'owner', ARGV[5])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {'claimed'}
end
if state[1] ~= ARGV[1] then return {'mismatch'} end
if state[2] == 'done' then return {'done', state[4], state[5], state[6], state[7]} end
local left = tonumber(state[3]) - now
if left > 0 then return {'in_progress', left} end
redis.call('HSET', KEYS[1], 'locked_until', now + tonumber(ARGV[3]), 'owner', ARGV[5])
return {'claimed'}`;

/**
 * KEYS[1]; ARGV: owner, status, body, request_id, content ('' when the request's body was in
 * the claim's fingerprint). Stores only over our own, open claim.
 */
const COMPLETE_LUA = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'in_flight' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done', 'status', ARGV[2], 'body', ARGV[3], 'request_id', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'content', ARGV[5]) end
return 1`;

const ABANDON_LUA = `
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] and redis.call('HGET', KEYS[1], 'state') == 'in_flight'
then return redis.call('DEL', KEYS[1]) end
return 0`;

/** KEYS[1]; ARGV: owner, lock_ms, now_ms. Moves our own open claim's lock on; 1 when it did. */
const EXTEND_LUA = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'in_flight' then return 0 end
redis.call('HSET', KEYS[1], 'locked_until', tonumber(ARGV[3]) + tonumber(ARGV[2]))
return 1`;

const CLAIM: ScriptDefinition = { name: 'bvIdempotencyClaim', numberOfKeys: 1, lua: CLAIM_LUA };
const EXTEND: ScriptDefinition = { name: 'bvIdempotencyExtend', numberOfKeys: 1, lua: EXTEND_LUA };
const COMPLETE: ScriptDefinition = { name: 'bvIdempotencyComplete', numberOfKeys: 1, lua: COMPLETE_LUA };
const ABANDON: ScriptDefinition = { name: 'bvIdempotencyAbandon', numberOfKeys: 1, lua: ABANDON_LUA };

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in_progress'; retryAfterMs: number }
  /** `content`: the fingerprint of a streamed upload's content, to compare once a retry is read. */
  | { kind: 'done'; status: number; body: string; requestId: string; content?: string };

export interface IdempotencyScope {
  accountId: string;
  environment: Environment;
}

export class IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /**
   * The caller's key is hashed (it may be long and is the caller's text, not ours), and
   * scoped to the environment too: a live call must never be answered from a sandbox one.
   */
  private key(scope: IdempotencyScope, idempotencyKey: string): string {
    const hash = createHash('sha256').update(`${scope.environment}\n${idempotencyKey}`).digest('hex');
    return this.keys.idempotency(scope.accountId, hash);
  }

  async claim(scope: IdempotencyScope, idempotencyKey: string, fingerprint: string, lockMs: number, owner: string): Promise<ClaimResult> {
    const reply = (await runScript(
      this.redis,
      CLAIM,
      this.key(scope, idempotencyKey),
      fingerprint,
      IDEMPOTENCY_TTL_MS,
      lockMs,
      Date.now(),
      owner,
    )) as string[];
    switch (reply[0]) {
      case 'claimed':
        return { kind: 'claimed' };
      case 'mismatch':
        return { kind: 'mismatch' };
      case 'in_progress':
        return { kind: 'in_progress', retryAfterMs: Number(reply[1]) };
      default: {
        const content = typeof reply[4] === 'string' ? reply[4] : undefined;
        return { kind: 'done', status: Number(reply[1]), body: reply[2] ?? '', requestId: reply[3] ?? '', ...(content === undefined ? {} : { content }) };
      }
    }
  }

  async complete(scope: IdempotencyScope, idempotencyKey: string, owner: string, answer: { status: number; body: string; requestId: string; content?: string }) {
    await runScript(this.redis, COMPLETE, this.key(scope, idempotencyKey), owner, answer.status, answer.body, answer.requestId, answer.content ?? '');
  }

  /**
   * Keeps a claim in flight for another `lockMs` while its request still runs (a long upload):
   * false when the claim is no longer ours and open.
   */
  async extend(scope: IdempotencyScope, idempotencyKey: string, owner: string, lockMs: number): Promise<boolean> {
    return (await runScript(this.redis, EXTEND, this.key(scope, idempotencyKey), owner, lockMs, Date.now())) === 1;
  }

  /** Forgets a claim whose answer is not kept, so a retry with the same key runs again. */
  async abandon(scope: IdempotencyScope, idempotencyKey: string, owner: string): Promise<void> {
    await runScript(this.redis, ABANDON, this.key(scope, idempotencyKey), owner);
  }
}

/** The same request is the same method, route and JSON body, whatever the key order or spacing. */
export function requestFingerprint(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * JSON with object keys sorted. Iterative, not recursive: the body is fingerprinted before it
 * is validated, and a body nested thousands of levels deep (which JSON.parse accepts) must be
 * a 400 from validation, not a stack overflow here.
 */
function canonicalJson(root: unknown): string {
  const out: string[] = [];
  // Popped from the end: each container pushes its closing text first and its opening text last.
  const tasks: ({ text: string } | { value: unknown })[] = [{ value: root }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ('text' in task) {
      out.push(task.text);
      continue;
    }
    const { value } = task;
    if (Array.isArray(value)) {
      tasks.push({ text: ']' });
      for (let i = value.length - 1; i >= 0; i--) {
        tasks.push({ value: value[i] });
        if (i > 0) tasks.push({ text: ',' });
      }
      tasks.push({ text: '[' });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      tasks.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        tasks.push({ value: inner }, { text: `${JSON.stringify(key)}:` });
        if (i > 0) tasks.push({ text: ',' });
      }
      tasks.push({ text: '{' });
    } else {
      out.push(JSON.stringify(value) ?? 'undefined');
    }
  }
  return out.join('');
}
