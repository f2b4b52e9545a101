import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../src/sources/adapter.js';
import { loadSourcesFile, planSources } from '../../src/sources/sources-file.js';

/** Definitions only: planning never builds an adapter. */
const definition = (name: string, checks: AdapterDefinition['checks'], credentialNames: string[]): AdapterDefinition => ({
  name,
  checks,
  credentialNames,
  create: () => {
    throw new Error('not built while planning');
  },
});
const ADAPTERS = [
  definition('gstn-gsp', ['gst.verify', 'gst.returns'], ['aspid']),
  definition('nic-einvoice', ['gst.verify'], []),
];

const valid = {
  sources: {
    gsp: { adapter: 'gstn-gsp', base_url: 'http://127.0.0.1:8090/gsp/', credentials: { aspid: 'GSP_ASPID' } },
    nic: { adapter: 'nic-einvoice', base_url: 'https://nic.example', timeout_ms: 800, max_in_flight: 3, max_rate_per_second: 20 },
  },
  checks: { 'gst.verify': ['gsp', 'nic'], 'gst.returns': ['gsp'] },
};

describe('the sources file (BV_SOURCES)', () => {
  it('plans each source with its defaults and the credential read from the environment', () => {
    const plan = planSources(valid, ADAPTERS, { GSP_ASPID: 'asp-1' });
    expect(plan.checks).toEqual({ 'gst.verify': ['gsp', 'nic'], 'gst.returns': ['gsp'] });
    const [gsp, nic] = plan.sources;
    expect(gsp).toMatchObject({
      name: 'gsp',
      baseUrl: 'http://127.0.0.1:8090/gsp',
      credentials: { aspid: 'asp-1' },
      timeoutMs: 5_000,
      maxInFlight: 8,
      maxRatePerSecond: 0,
      retries: 1,
      cacheTtlS: 0,
      circuit: { failures: 5, windowMs: 30_000, cooloffMs: 15_000 },
    });
    expect(gsp?.adapter.name).toBe('gstn-gsp');
    expect(nic).toMatchObject({ timeoutMs: 800, maxInFlight: 3, maxRatePerSecond: 20, credentials: {} });
  });

  it('names the variable when a credential is not set, and uses a default when the file gives one', () => {
    expect(() => planSources(valid, ADAPTERS, {})).toThrow(/sources\.gsp\.credentials\.aspid: environment variable GSP_ASPID is not set/);
    const withDefault = structuredClone(valid);
    withDefault.sources.gsp.credentials = { aspid: { env: 'GSP_ASPID', default: 'sim' } } as never;
    expect(planSources(withDefault, ADAPTERS, {}).sources[0]?.credentials).toEqual({ aspid: 'sim' });
    expect(planSources(withDefault, ADAPTERS, { GSP_ASPID: 'real' }).sources[0]?.credentials).toEqual({ aspid: 'real' });
  });

  it('refuses unknown adapters, sources and checks, a source that cannot answer its check, and bad numbers', () => {
    const bad = {
      sources: {
        gsp: { adapter: 'gstn-gsp', base_url: 'ftp://x', credentials: { aspid: 'A', secret: 'B' }, timeout_ms: 10 },
        other: { adapter: 'no-such', base_url: 'http://x' },
      },
      checks: { 'gst.verify': ['gsp'], 'mca.din': ['nic'], 'gst.everything': ['gsp'] },
    };
    let message = '';
    try {
      planSources(bad, ADAPTERS, { A: 'a' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/sources\.gsp\.base_url: must be an http:\/\/ or https:\/\/ URL/);
    expect(message).toMatch(/sources\.gsp\.timeout_ms/);
    expect(message).toMatch(/checks\.gst\.everything|checks: /);
    const withUser = { sources: { nic: { adapter: 'nic-einvoice', base_url: 'https://user:pw@nic.example/x?key=1' } }, checks: {} };
    expect(() => planSources(withUser, ADAPTERS, {})).toThrow(/sources\.nic\.base_url: must have no user, password, query or fragment/);
    const badName = { sources: { pan_x: { adapter: 'nic-einvoice', base_url: 'http://x' } }, checks: {} };
    expect(() => planSources(badName, ADAPTERS, {})).toThrow(/sources\.pan_x: source names are lower-case letters, digits and "-"/);
    const unknownAdapter = { sources: { other: { adapter: 'no-such', base_url: 'http://x' } }, checks: {} };
    expect(() => planSources(unknownAdapter, ADAPTERS, {})).toThrow(/sources\.other\.adapter: unknown adapter "no-such" \(known: gstn-gsp, nic-einvoice\)/);
    const wrongCheck = { sources: valid.sources, checks: { 'gst.returns': ['nic'], 'gst.verify': ['gsp', 'ghost'] } };
    expect(() => planSources(wrongCheck, ADAPTERS, { GSP_ASPID: 'x' })).toThrow(
      /checks\.gst\.returns\.0: source "nic" \(nic-einvoice\) cannot answer gst\.returns.*checks\.gst\.verify\.1: no source named "ghost"/,
    );
    const extraCredential = structuredClone(valid);
    (extraCredential.sources.gsp.credentials as Record<string, string>).secret = 'X';
    expect(() => planSources(extraCredential, ADAPTERS, { GSP_ASPID: 'x' })).toThrow(/credentials\.secret: gstn-gsp takes no such credential/);
  });

  it('reads JSON and YAML files and names the file when it cannot be read or parsed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bv-sources-'));
    const yamlFile = path.join(dir, 'sources.yaml');
    await writeFile(
      yamlFile,
      ['sources:', '  nic:', '    adapter: nic-einvoice', '    base_url: http://127.0.0.1:9/nic', 'checks:', '  gst.verify: [nic]', ''].join('\n'),
    );
    const plan = await loadSourcesFile(yamlFile, ADAPTERS, {});
    expect(plan.checks['gst.verify']).toEqual(['nic']);
    const jsonFile = path.join(dir, 'sources.json');
    await writeFile(jsonFile, '{"sources": ');
    await expect(loadSourcesFile(jsonFile, ADAPTERS, {})).rejects.toThrow(/invalid sources file .*sources\.json: not valid JSON/);
    await expect(loadSourcesFile(path.join(dir, 'missing.json'), ADAPTERS, {})).rejects.toThrow(/BV_SOURCES: cannot read .*missing\.json \(ENOENT\)/);
  });
});
