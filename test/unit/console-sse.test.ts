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
});
