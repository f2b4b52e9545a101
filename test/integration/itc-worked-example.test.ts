import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const root = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

/** docs/itc-check.md's worked example: its curl command and the supplier summary it shows. */
async function workedExample(): Promise<{ command: string; summary: string }> {
  const docs = await readFile(root('docs/itc-check.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Worked example'));
  const command = /```bash\n(curl [^\n]+)\n```/.exec(section)?.[1];
  const summary = /```csv\n([\s\S]+?)\n```/.exec(section)?.[1];
  if (command === undefined || summary === undefined) throw new Error('docs/itc-check.md has no worked example with a curl command and a csv block');
  return { command, summary };
}

describe("docs/itc-check.md's worked example", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  it('uploads samples/purchase-register.csv as itc.check and gets the supplier summary the docs show, for ₹7.00', async () => {
    const { command, summary } = await workedExample();
    // The command uploads the sample as a purchase register, as the test does.
    expect(command).toContain('-F operation=itc.check -F file=@samples/purchase-register.csv');
    const bytes = await readFile(root('samples/purchase-register.csv'));
    const created = await t.app.inject(fileUpload(t.sandboxKey, { operation: 'itc.check' }, { name: 'purchase-register.csv', bytes, type: 'text/csv' }));
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json().data).toMatchObject({ rows: { total: 7, valid: 7 }, reserved_inr: 7 });
    const jobId = created.json().data.job_id as string;
    const status = await waitForJob(t.app, t.sandboxKey, jobId);
    expect(status).toMatchObject({ status: 'completed', charged_inr: 7 });
    const file = await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}/suppliers.csv`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n').trimEnd()).toBe(summary);
  });
});
