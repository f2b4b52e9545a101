import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSandboxDoc, SANDBOX_DOC, SANDBOX_JSON } from '../tools/sandbox-doc.js';

describe('docs/sandbox.md', () => {
  const doc = readFileSync(SANDBOX_DOC, 'utf8');
  const json = readFileSync(SANDBOX_JSON, 'utf8');

  it('holds the scenario tables npm run docs:sandbox renders from samples/sandbox-identifiers.json', () => {
    expect(doc, 'docs/sandbox.md is out of date: run npm run docs:sandbox').toBe(renderSandboxDoc(doc, json));
  });

  it('goes out of date when a published scenario changes', () => {
    const changed = JSON.parse(json) as { scenarios: { description: string }[] };
    (changed.scenarios[0] as { description: string }).description += ' Changed.';
    expect(renderSandboxDoc(doc, JSON.stringify(changed))).not.toBe(doc);
  });
});
