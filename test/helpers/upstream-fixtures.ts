/** Recorded upstream wire bodies under test/fixtures/upstreams/<adapter>/<name>.json. */
import { readFileSync } from 'node:fs';

export type FixtureAdapter = 'gstn-gsp' | 'nic-einvoice' | 'pan-aggregator' | 'mca-master' | 'kyb-aggregator';

/** A fresh parsed copy each time: tests may change it to make a variant. */
export function upstreamFixture(adapter: FixtureAdapter, name: string): Record<string, unknown> {
  const url = new URL(`../fixtures/upstreams/${adapter}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}
