import type { Redis } from 'ioredis';
import type { Environment } from '../../domain/operations.js';

/** A page of ids, and the cursor to pass for the next page when there is one. */
export interface IdPage {
  ids: string[];
  next: string | undefined;
}

/**
 * A listing's cursor: the last id of the previous page and its score, "<id>.<score>", so the
 * next page is found even when that id has gone since (its job expired, its portfolio was
 * deleted). A bare id, as earlier versions gave, is still read while its id is listed.
 */
export const CURSOR_SCORE = /\.(\d{1,16})$/;

/**
 * A page of a sorted set of ids scored by creation time, newest first, starting after
 * `cursor`. Undefined when a bare-id cursor is no longer in the set: the caller asks the
 * client to start over. Ids added since the previous page are newer, so they never shift a
 * page that follows.
 */
export async function newestFirst(redis: Redis, key: string, limit: number, cursor?: string): Promise<IdPage | undefined> {
  const score = cursor === undefined ? undefined : CURSOR_SCORE.exec(cursor)?.[1];
  if (cursor !== undefined && score !== undefined) return pageAfterScore(redis, key, limit, cursor.slice(0, -(score.length + 1)), score);
  let start = 0;
  if (cursor !== undefined) {
    const rank = await redis.zrevrank(key, cursor);
    if (rank === null) return undefined;
    start = rank + 1;
  }
  // One more than asked says whether there is a next page.
  return pageOf(await redis.zrevrange(key, start, start + limit, 'WITHSCORES'), limit);
}

/** Ties at a cursor's score read beyond the page at first: creation times in one millisecond are rare. */
const TIES_ALLOWED = 16;

/**
 * The page after (id, score), read with one command from the cursor's score down, so that no
 * change to the set between two reads can shift it: the cursor's ties that sort before it
 * (a reversed range orders equal scores by member, descending) came on earlier pages.
 */
async function pageAfterScore(redis: Redis, key: string, limit: number, id: string, score: string): Promise<IdPage> {
  for (let ties = TIES_ALLOWED; ; ties *= 4) {
    const flat = await redis.zrevrangebyscore(key, score, '-inf', 'WITHSCORES', 'LIMIT', 0, limit + 1 + ties);
    const after: string[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const member = flat[i] as string;
      if (Number(flat[i + 1]) === Number(score) && member >= id) continue;
      after.push(member, flat[i + 1] as string);
    }
    // Enough read, or the whole rest of the set: otherwise more ties than allowed for, read again.
    if (after.length >= (limit + 1) * 2 || flat.length < (limit + 1 + ties) * 2) return pageOf(after, limit);
  }
}

/** Flat [id, score, ...] newest first, one more than the page when there is a next one. */
function pageOf(flat: readonly string[], limit: number): IdPage {
  const ids = flat.filter((_, i) => i % 2 === 0);
  return { ids: ids.slice(0, limit), next: ids.length > limit ? `${ids[limit - 1]}.${flat[limit * 2 - 1]}` : undefined };
}

/** An account's records (jobs, portfolios) indexed by creation time, one sorted set per environment. */
export interface EnvironmentIndex {
  keyOf(environment: Environment): string;
  /** A record's hash, which has an `environment` field. */
  recordKey(id: string): string;
  /** The one set of both environments an older version kept: split on first use. */
  legacyKey: string;
}

/**
 * A page of one environment's records, newest first (see newestFirst); records gone since
 * they were indexed are left out. Undefined when a bare-id cursor is no longer listed.
 */
export async function pageOfEnvironment<T>(
  redis: Redis,
  index: EnvironmentIndex,
  environment: Environment,
  page: { limit: number; cursor?: string },
  load: (id: string) => Promise<T | undefined>,
): Promise<{ items: T[]; next: string | undefined } | undefined> {
  await splitLegacyIndex(redis, index);
  const ids = await newestFirst(redis, index.keyOf(environment), page.limit, page.cursor);
  if (ids === undefined) return undefined;
  const items = await Promise.all(ids.ids.map(load));
  return { items: items.filter((item): item is Awaited<T> => item !== undefined), next: ids.next };
}

/**
 * Moves the ids of a set that held both environments into one set per environment, once,
 * reading each id's environment from its record (an id whose record is gone is dropped): a
 * service upgraded with jobs or portfolios in Redis still lists them.
 */
async function splitLegacyIndex(redis: Redis, index: EnvironmentIndex): Promise<void> {
  if ((await redis.exists(index.legacyKey)) === 0) return;
  const flat = await redis.zrange(index.legacyKey, 0, -1, 'WITHSCORES');
  const ids = flat.filter((_, i) => i % 2 === 0);
  const environments = await Promise.all(ids.map((id) => redis.hget(index.recordKey(id), 'environment')));
  const multi = redis.multi();
  ids.forEach((id, i) => {
    const environment = environments[i];
    if (environment === 'sandbox' || environment === 'live') multi.zadd(index.keyOf(environment), flat[i * 2 + 1] as string, id);
  });
  // Only the ids read go: one an older process adds meanwhile (a rolling upgrade) is moved by
  // the next listing. Two processes doing this at once add the same members twice: no change.
  // In slices: an argument list spread from a very long index would overflow the stack.
  for (let i = 0; i < ids.length; i += 1_000) multi.zrem(index.legacyKey, ...ids.slice(i, i + 1_000));
  await multi.exec();
}
