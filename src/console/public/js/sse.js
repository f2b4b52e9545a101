// Server-Sent Events read from a fetch() body. EventSource cannot send an Authorization
// header, so the console fetches the stream with the key and parses the frames itself,
// following the HTML standard's event-stream rules (the parts this API uses and a few more).

/**
 * A push parser: feed it text as it arrives (in any chunking), it calls `onEvent({event, data, id})`
 * for each complete event. Comments (`: …`) and `retry:` are ignored; an event with no data is dropped.
 */
export function createSseParser(onEvent) {
  let buffer = '';
  let data = [];
  let eventType = '';
  let lastEventId = '';

  function dispatch() {
    if (data.length === 0) {
      eventType = '';
      return;
    }
    const event = { event: eventType || 'message', data: data.join('\n'), id: lastEventId };
    data = [];
    eventType = '';
    onEvent(event);
  }

  function processLine(line) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    return undefined;
  }

  return {
    /** Adds text; whole lines are processed, a partial one waits for the rest. */
    push(text) {
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF split across chunks.
        if (char === '\r' && i === buffer.length - 1) break;
        processLine(buffer.slice(start, i));
        if (char === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a trailing line is processed, but an event without its blank line is not dispatched. */
    end() {
      if (buffer !== '') {
        const rest = buffer.replace(/\r$/, '');
        buffer = '';
        processLine(rest);
        if (rest === '') dispatch();
      }
      data = [];
      eventType = '';
    },
  };
}

/**
 * Reads a `text/event-stream` Response body to its end, calling `onEvent` for each event.
 * Resolves when the server ends the stream; rejects when it breaks (or `signal` aborts the
 * fetch) or when `onEvent` throws. Then the body is cancelled, so the connection is closed
 * rather than left open, unread, until the server ends it.
 */
export async function readEventStream(response, onEvent) {
  if (!response.body) throw new Error('The event stream has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onEvent);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    // A stream that already failed rejects the cancel too: nothing is left to close.
    await reader.cancel(error).catch(() => {});
    throw error;
  } finally {
    reader.releaseLock();
  }
}
