/**
 * Runs `task` over items with at most `limit` in flight, stopping at the first failure: an
 * answer that needs every part is lost once one part is, so the rest need not be fetched.
 */
export async function mapLimit<T, R, F>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<{ ok: true; value: R } | { ok: false; failure: F }>,
): Promise<{ ok: true; values: R[] } | { ok: false; failure: F }> {
  const values: R[] = new Array<R>(items.length);
  let next = 0;
  let failed: { ok: false; failure: F } | undefined;
  async function worker(): Promise<void> {
    while (failed === undefined && next < items.length) {
      const index = next++;
      const result = await task(items[index]!);
      if (!result.ok) failed ??= result;
      else values[index] = result.value;
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return failed ?? { ok: true, values };
}
