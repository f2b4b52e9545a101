import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/sim/simulator.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const DASHBOARD = fileURLToPath(new URL('../../samples/grafana-dashboard.json', import.meta.url));

interface Target {
  expr: string;
  refId: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  gridPos?: { h: number; w: number; x: number; y: number };
}

/** Labels Prometheus adds to every series it scrapes, which the service's exposition does not carry. */
const TARGET_LABELS = new Set(['job', 'instance']);
const PROMQL_WORDS = new Set([
  'sum', 'min', 'max', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile', 'clamp_min', 'clamp_max', 'by', 'without',
  'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'label_values', 'topk', 'bottomk', 'abs',
]);

/**
 * The series an expression reads, each with the label names it selects on, and the label names
 * it groups by. Enough of PromQL for dashboards: strings, Grafana's $variables, ranges and
 * numbers are set aside; what is left of the words are functions, keywords and metric names.
 */
function seriesOf(expr: string): { metrics: Map<string, Set<string>>; groupedBy: Set<string> } {
  const metrics = new Map<string, Set<string>>();
  const groupedBy = new Set<string>();
  let rest = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, '');
  rest = rest.replace(/\b(?:by|without)\s*\(([^)]*)\)/g, (_, labels: string) => {
    for (const label of labels.split(',').map((l) => l.trim()).filter(Boolean)) groupedBy.add(label);
    return ' ';
  });
  rest = rest.replace(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g, (_, name: string, selector: string) => {
    const labels = new Set([...selector.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1] as string));
    metrics.set(name, new Set([...(metrics.get(name) ?? []), ...labels]));
    return ' ';
  });
  const words = rest.replace(/\$\{?\w+\}?/g, ' ').replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, ' ');
  for (const [word] of words.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    if (PROMQL_WORDS.has(word)) continue;
    if (!metrics.has(word)) metrics.set(word, new Set());
  }
  return { metrics, groupedBy };
}

/** Sample name → the label names its samples carry, from a text exposition. */
function exposedSeries(text: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = series.get(match[1] as string) ?? new Set<string>();
    for (const [, key] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="(?:[^"\\]|\\.)*"/g)) labels.add(key as string);
    series.set(match[1] as string, labels);
  }
  return series;
}

/**
 * samples/grafana-dashboard.json against the service itself: a real app with live sources (the
 * upstream simulator) and its pools takes sync calls, errors and a bulk job; then every series
 * and label the dashboard's PromQL reads must be in its /metrics.
 */
describe('samples/grafana-dashboard.json', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let dashboard: { title?: string; uid?: string; panels: Panel[]; templating: { list: { name: string; type: string; query?: unknown; datasource?: { uid?: string } }[] } };
  let exposed: Map<string, Set<string>>;

  beforeAll(async () => {
    dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as typeof dashboard;
    sim = await startSimulator({ port: 0 });
    const sources = await writeSimSources(sim.url, { timeout_ms: 2_000, retries: 0 });
    t = await createTestApp({ env: { BV_SOURCES: sources, BV_BULK_CHUNK_ROWS: '2', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '2' } });
    t.deps.startWorkers();
    // Traffic: sandbox and live calls, a refusal, and a bulk job to the end.
    expect((await t.post('/v1/gst/verify', { gstin: scenario('clean-company').identifiers.gstin })).statusCode).toBe(200);
    expect((await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, t.liveKey)).statusCode).toBe(200);
    expect((await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZX' })).statusCode).toBe(400);
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: scenario('clean-company').identifiers.gstin }, { gstin: '27ZZZCZ0404Z1ZT' }, { gstin: 'not-a-gstin' }] });
    expect(created.statusCode, created.body).toBe(202);
    expect(await waitForJob(t.app, t.sandboxKey, created.json().data.job_id as string)).toMatchObject({ status: 'completed' });
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    exposed = exposedSeries(scrape.body);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('is a dashboard: a title, a uid, panels with PromQL targets, and a Prometheus data source chosen by a variable', () => {
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThanOrEqual(15);
    const ids = new Set<string>();
    for (const panel of graphs) {
      expect(panel.title).toBeTruthy();
      expect(panel.gridPos, panel.title).toMatchObject({ h: expect.any(Number), w: expect.any(Number), x: expect.any(Number), y: expect.any(Number) });
      expect(panel.gridPos!.x + panel.gridPos!.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      // No data source named by its uid on one Grafana: every panel and target takes the variable's.
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      for (const target of panel.targets!) {
        expect(target.datasource ?? panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(target.expr.trim(), panel.title).not.toBe('');
        expect(ids.has(`${panel.title}/${target.refId}`), panel.title).toBe(false);
        ids.add(`${panel.title}/${target.refId}`);
      }
    }
    // The variables' queries use the variable data source too.
    for (const variable of dashboard.templating.list.filter((v) => v.type === 'query')) expect(variable.datasource?.uid).toBe('${datasource}');
  });

  it('reads only series and labels the service exports after traffic', () => {
    expect(exposed.size).toBeGreaterThan(20);
    const expressions = [
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr }))),
      ...dashboard.templating.list
        .filter((v) => v.type === 'query')
        .map((v) => ({ where: `variable ${v.name}`, expr: (v.query as { query: string }).query.replace(/^label_values\((.*),\s*\w+\)$/, '$1') })),
    ];
    const read = new Set<string>();
    for (const { where, expr } of expressions) {
      const { metrics, groupedBy } = seriesOf(expr);
      expect(metrics.size, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const [metric, labels] of metrics) {
        read.add(metric);
        expect(exposed.has(metric), `${where}: ${metric} is not in /metrics`).toBe(true);
        for (const label of labels) if (!TARGET_LABELS.has(label)) expect(exposed.get(metric)!.has(label), `${where}: ${metric} has no label ${label}`).toBe(true);
      }
      for (const label of groupedBy) {
        if (TARGET_LABELS.has(label)) continue;
        expect([...metrics.keys()].some((metric) => exposed.get(metric)?.has(label)), `${where}: nothing in ${expr} has the label ${label}`).toBe(true);
      }
    }
    // Every series of the service's own appears somewhere on the dashboard.
    const own = [...exposed.keys()].filter((name) => name.startsWith('bv_')).map((name) => name.replace(/_(bucket|sum|count)$/, ''));
    for (const name of new Set(own)) expect([...read].some((metric) => metric.startsWith(name)), `${name} is on no panel`).toBe(true);
  });

  it('finds a misspelt series (the check can fail)', () => {
    const { metrics, groupedBy } = seriesOf('sum by (api, le) (rate(bv_http_request_duration_seconds_bucket{job=~"$job", status=~"5.."}[$__rate_interval])) / clamp_min(max(bv_http_requests_totl), 1e-9)');
    expect([...metrics.keys()]).toEqual(['bv_http_request_duration_seconds_bucket', 'bv_http_requests_totl']);
    expect([...metrics.get('bv_http_request_duration_seconds_bucket')!].sort()).toEqual(['job', 'status']);
    expect([...groupedBy].sort()).toEqual(['api', 'le']);
    expect(exposed.has('bv_http_requests_totl')).toBe(false);
  });
});
