import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * docs/sandbox.md's scenario tables, rendered from samples/sandbox-identifiers.json so that
 * the two cannot drift apart: `npm run docs:sandbox` rewrites what stands between the marker
 * comments, and test/docs/sandbox-doc.test.ts fails when the file is not what this renders.
 */

export const SANDBOX_DOC = fileURLToPath(new URL('../../docs/sandbox.md', import.meta.url));
export const SANDBOX_JSON = fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url));

interface Published {
  scenarios: { name: string; description: string; identifiers: Record<string, string> }[];
  drifting: {
    name: string;
    description: string;
    drifting: { kind: string; identifier: string };
    identifiers: Record<string, string>;
    changes: { operation: string; field: string; even: string; odd: string }[];
  }[];
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const ids = (identifiers: Record<string, string>): string =>
  Object.entries(identifiers)
    .map(([kind, value]) => `${kind} \`${value}\``)
    .join(', ');

function scenarioTable(data: Published): string {
  const rows = data.scenarios.map((s) => `| ${s.name} | ${cell(ids(s.identifiers))} | ${cell(s.description)} |`);
  return ['| Scenario | Identifiers | What you get |', '|---|---|---|', ...rows].join('\n');
}

function driftingTable(data: Published): string {
  const rows = data.drifting.map((s) => {
    // The identifier that drifts first, then the others the scenario publishes.
    const others = Object.fromEntries(Object.entries(s.identifiers).filter(([kind]) => kind !== s.drifting.kind));
    const identifiers = `${s.drifting.kind} \`${s.drifting.identifier}\`${Object.keys(others).length > 0 ? ` (${ids(others)})` : ''}`;
    const changes = s.changes.map((c) => `${c.operation} \`${c.field}\`: ${c.even} → ${c.odd}`).join('; ');
    return `| ${s.name} | ${cell(identifiers)} | ${cell(s.description)} | ${cell(changes)} |`;
  });
  return ['| Scenario | Identifiers | What it is | What changes (even week → odd week) |', '|---|---|---|---|', ...rows].join('\n');
}

const section = (name: string, text: string, body: string): string => {
  const start = `<!-- ${name}:start (generated from samples/sandbox-identifiers.json by npm run docs:sandbox; do not edit by hand) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(`<!-- ${name}:start`);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/sandbox.md has no ${name} markers`);
  return `${text.slice(0, from)}${start}\n${body}\n${text.slice(to)}`;
};

/** docs/sandbox.md with its generated tables rendered from the published scenarios. */
export function renderSandboxDoc(doc: string, json: string): string {
  const data = JSON.parse(json) as Published;
  return section('drifting-scenarios', section('sandbox-scenarios', doc, scenarioTable(data)), driftingTable(data));
}

/** Rewrites docs/sandbox.md; true when it changed. */
export function writeSandboxDoc(): boolean {
  const doc = readFileSync(SANDBOX_DOC, 'utf8');
  const next = renderSandboxDoc(doc, readFileSync(SANDBOX_JSON, 'utf8'));
  if (next !== doc) writeFileSync(SANDBOX_DOC, next);
  return next !== doc;
}
