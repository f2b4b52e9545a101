import { describe, expect, it } from 'vitest';
import { createSseParser, readEventStream, type SseEvent } from '../../src/console/public/js/sse.js';

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('the console SSE frame parser', () => {
  it('reads the frames the bulk events endpoint writes', () => {
    const text = 'event: progress\ndata: {"done":1}\n\n: still running\n\nevent: finished\ndata: {"done":2}\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'progress', data: '{"done":1}', id: '' },
      { event: 'finished', data: '{"done":2}', id: '' },
    ]);
  });

  it('gives the same events however the text is split, one character at a time included', () => {
    const text = 'event: progress\r\ndata: {"a":1}\r\n\r\nid: 7\ndata: x\n\n';
    const whole = parseAll([text]);
    expect(whole).toEqual([
      { event: 'progress', data: '{"a":1}', id: '' },
      { event: 'message', data: 'x', id: '7' },
    ]);
    expect(parseAll([...text])).toEqual(whole);
    // A CRLF split between two chunks is one line end, not two.
    expect(parseAll(['data: a\r', '\n\r', '\n'])).toEqual([{ event: 'message', data: 'a', id: '' }]);
  });

  it('joins multi-line data, keeps a space after the first one, and drops events without data', () => {
    expect(parseAll(['data: one\ndata:two\ndata:  three\n\nevent: empty\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo\n three', id: '' }]);
  });

  it('ignores comments, retry and unknown fields, and treats lone CR as a line end', () => {
    expect(parseAll([':hello\rretry: 10\rfoo: bar\rdata: y\r\r'])).toEqual([{ event: 'message', data: 'y', id: '' }]);
  });

  it('does not dispatch an event cut off by the end of the stream', () => {
    expect(parseAll(['event: progress\ndata: {"partial":true}'])).toEqual([]);
    expect(parseAll(['data: a\n\ndata: b\n'])).toEqual([{ event: 'message', data: 'a', id: '' }]);
  });

  it('reads a fetch Response body to its end, decoding UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('event: finished\ndata: {"name":"₹ vendors"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside the three bytes of "₹".
        const cut = bytes.indexOf(0xe2) + 1;
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readEventStream(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), (event) => events.push(event));
    expect(events).toEqual([{ event: 'finished', data: '{"name":"₹ vendors"}', id: '' }]);
  });

  it('cancels the body (closing the connection) and rejects when the event handler throws', async () => {
    const cancelled: unknown[] = [];
    let pulls = 0;
    // A stream that never ends by itself, like a job's events while it runs.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new TextEncoder().encode(`event: progress\ndata: ${pulls === 1 ? 'not json' : '{}'}\n\n`));
      },
      cancel(reason) {
        cancelled.push(reason);
      },
    });
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    await expect(readEventStream(response, (event) => JSON.parse(event.data))).rejects.toThrow(SyntaxError);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toBeInstanceOf(SyntaxError);
    // The lock is released and the body is closed: nothing is left to read.
    expect(body.locked).toBe(false);
    await expect(body.getReader().read()).resolves.toEqual({ done: true, value: undefined });
  });

  it('rejects with the read error when the stream breaks, without a second failure from the cancel', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: progress\ndata: {}\n\n'));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readEventStream(new Response(body), () => {})).rejects.toThrow('network error');
  });
});
