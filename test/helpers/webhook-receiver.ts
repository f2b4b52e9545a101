import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  body: string;
  signature: string;
}

/** A local HTTP endpoint that records each webhook and answers with the next of `answers` (then 200). */
export async function startWebhookReceiver(answers: number[] = []): Promise<{ url: string; received: ReceivedWebhook[]; waitFor(count: number): Promise<void>; close(): void }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['bv-signature']) });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    async waitFor(count) {
      for (let i = 0; i < 200 && received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    },
    close: () => server.close(),
  };
}

/** True when `BV-Signature` is the HMAC-SHA256 of "<t>.<body>" under `secret` (docs/bulk.md "Webhooks"). */
export function signatureIsValid(secret: string, { body, signature }: ReceivedWebhook): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
  return v1 !== undefined && v1 === createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}
