import type { Redis } from 'ioredis';

/** A page of ids, and the id to pass as `cursor` for the next page when there is one. */
export interface IdPage {
  ids: string[];
  next: string | undefined;
}

/**
 * A page of a sorted set of ids scored by creation time, newest first, starting after
 * `cursor` (the last id of the previous page). Undefined when the cursor is no longer in the
 * set (its job or portfolio expired or was deleted): the caller asks the client to start over.
 * Ids added since the previous page are newer, so they never shift a page that follows.
 */
export async function newestFirst(redis: Redis, key: string, limit: number, cursor?: string): Promise<IdPage | undefined> {
  let start = 0;
  if (cursor !== undefined) {
    const rank = await redis.zrevrank(key, cursor);
    if (rank === null) return undefined;
    start = rank + 1;
  }
  // One more than asked says whether there is a next page.
  const ids = await redis.zrevrange(key, start, start + limit);
  return { ids: ids.slice(0, limit), next: ids.length > limit ? ids[limit - 1] : undefined };
}

/**
 * Moves the ids of a set that held both environments into one set per environment, once:
 * `environmentOf` reads each id's record (undefined: gone, dropped). Run before listing, so a
 * service upgraded with jobs or portfolios in Redis still lists them.
 */
export async function splitByEnvironment(
  redis: Redis,
  legacyKey: string,
  keyOf: (environment: string) => string,
  environmentOf: (id: string) => Promise<string | undefined>,
): Promise<void> {
  if ((await redis.exists(legacyKey)) === 0) return;
  const flat = await redis.zrange(legacyKey, 0, -1, 'WITHSCORES');
  const ids = flat.filter((_, i) => i % 2 === 0);
  const environments = await Promise.all(ids.map(environmentOf));
  const multi = redis.multi();
  ids.forEach((id, i) => {
    const environment = environments[i];
    if (environment !== undefined) multi.zadd(keyOf(environment), flat[i * 2 + 1] as string, id);
  });
  // Two processes doing this at once add the same members twice, which changes nothing.
  await multi.del(legacyKey).exec();
}
