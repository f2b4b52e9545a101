import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/cli/service-client.js';

const FILE_BYTES = 64 * 1024 * 1024;

/** Bytes of ArrayBuffers alive after a full collection: what the process holds, not what it has yet to free. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function heldBuffers(): number {
  gc();
  return process.memoryUsage().arrayBuffers;
}

/** A file part that counts the bytes the upload has read of it. */
class CountingFile extends File {
  pulled = 0;
  override stream(): ReturnType<File['stream']> {
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return super.stream().pipeThrough(counted) as ReturnType<File['stream']>;
  }
}

/**
 * bv's uploads (bulk submit, portfolio rows) as the service receives them: a form with a
 * Content-Length, its fields before the file, and the file streamed from disk: what has been
 * sent is not kept (undici's fetch keeps a request body's bytes until the answer, so a 200 MB
 * upload would hold 200 MB).
 */
describe('bv uploads a file as a streamed form', () => {
  let dir: string;
  let server: http.Server;
  let received: { headers: http.IncomingHttpHeaders; head: string; bytes: number } | undefined;
  /** Resolves, with a way to go on, when the server has stopped reading three quarters in. */
  let reachedMidway: (resume: () => void) => void = () => {};
  const midway = new Promise<() => void>((resolve) => (reachedMidway = resolve));
  let file: CountingFile;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bv-upload-'));
    const csv = path.join(dir, 'rows.csv');
    await writeFile(csv, '');
    // Sparse: 64 MB of zeros that take no disk.
    await truncate(csv, FILE_BYTES);
    file = new CountingFile([await openAsBlob(csv)], 'rows.csv', { type: 'text/csv' });
    server = http.createServer((request, response) => {
      let head = '';
      let bytes = 0;
      let paused = false;
      request.on('data', (chunk: Buffer) => {
        if (head === '') head = chunk.toString('latin1', 0, 400);
        bytes += chunk.length;
        // Three quarters in, the reading stops until the client's memory is measured.
        if (!paused && bytes >= (FILE_BYTES * 3) / 4) {
          paused = true;
          request.pause();
          reachedMidway(() => request.resume());
        }
      });
      request.once('end', () => {
        received = { headers: request.headers, head, bytes };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: true, request_id: 'req_0', api: 'bulk.create', data: { job_id: 'job_0' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a Content-Length and the fields first, and holds no more of the file than the connection has in flight', { timeout: 30_000 }, async () => {
    const { port } = server.address() as AddressInfo;
    const client = new ServiceClient({ baseUrl: `http://127.0.0.1:${port}`, key: 'bv_test_k', adminToken: undefined, userAgent: 'bv-test' });
    const before = heldBuffers();
    let heldMidway = 0;
    try {
      const body = { operation: 'gst.verify' as const, name: 'vendors', file };
      const sent = client.call(client.key.POST('/v1/bulk/jobs', { params: { query: { columns: 'gstin:Tax ID' } }, body, ...client.multipart() }));
      const resume = await midway;
      heldMidway = heldBuffers() - before;
      resume();
      await sent;
    } finally {
      await client.close();
    }
    expect(received).toBeDefined();
    const { headers, head, bytes } = received!;
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(bytes);
    expect(bytes).toBeGreaterThan(FILE_BYTES);
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers.authorization).toBe('Bearer bv_test_k');
    const parts = [...head.matchAll(/Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]+)")?/g)].map((m) => m.slice(1).filter(Boolean).join(':'));
    expect(parts).toEqual(['operation', 'name', 'file:rows.csv']);
    expect(file.pulled).toBe(FILE_BYTES);
    // 48 MB of the file have been sent: socket buffers hold a few MB; fetch would still hold all 48.
    expect(heldMidway).toBeLessThan(FILE_BYTES / 8);
  });
});
