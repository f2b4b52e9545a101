import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import type { ResultStore } from '../../src/store/results/result-store.js';

/** A test app's result store as the local folder it is by default, for tests that look at its files on disk. */
export function localResults(store: ResultStore): LocalResultStore {
  if (!(store instanceof LocalResultStore)) throw new Error(`this test needs the local result store, not ${store.location}`);
  return store;
}
