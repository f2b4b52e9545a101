import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type SourcesDocument = { sources: Record<string, Record<string, unknown>>; checks: Record<string, string[]> };

/** samples/sources.sim.json, as shipped: what a user starts the simulator setup from. */
export function sampleSimSources(): SourcesDocument {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sources.sim.json', import.meta.url)), 'utf8')) as SourcesDocument;
}

/**
 * Writes the shipped simulator sources file pointed at a simulator listening on `simUrl`, with
 * per-source setting overrides (e.g. shorter time-outs), and returns its path.
 */
export async function writeSimSources(
  simUrl: string,
  overrides: Record<string, unknown> = {},
  edit: (document: SourcesDocument) => void = () => undefined,
): Promise<string> {
  const document = sampleSimSources();
  for (const source of Object.values(document.sources)) {
    source.base_url = String(source.base_url).replace('http://127.0.0.1:8090', simUrl.replace(/\/$/, ''));
    Object.assign(source, overrides);
  }
  edit(document);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-sources-'));
  const file = path.join(dir, 'sources.json');
  await writeFile(file, JSON.stringify(document, null, 2));
  return file;
}
