import net from 'node:net';

/**
 * A TCP proxy in front of a Redis, for putting a crash at an exact moment: armed with a
 * marker (a Lua script's SHA), it forwards the first command carrying it, keeps that
 * connection's reply from reaching the client, and hands the test the swallowed bytes, so
 * the test can kill Redis knowing the command ran and the client never heard that it did.
 * Connections whose Redis side closes (Redis killed) are closed too; while Redis is down,
 * new ones are accepted and closed at once. It can also cut the connections itself, with
 * Redis running: a reply then never arrives, and the client sends its command again.
 */
export interface RedisProxy {
  readonly url: string;
  /**
   * Resolves with what Redis answered, within `settleMs`, on the connection that sent the next
   * command containing `marker`. None of it reaches the client: the connection stays open but
   * mute until Redis closes it.
   */
  swallowReplyTo(marker: string, settleMs?: number): Promise<Buffer>;
  /**
   * Cuts every connection, as a network blip or a failover does, with Redis still running;
   * for `downMs` after, new connections are closed as soon as they open.
   */
  dropConnections(downMs?: number): void;
  close(): Promise<void>;
}

export async function startRedisProxy(redisPort: number): Promise<RedisProxy> {
  const sockets = new Set<net.Socket>();
  let armed: { marker: Buffer; onReply: (reply: Buffer) => void; settleMs: number } | undefined;
  let downUntil = 0;

  const server = net.createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: redisPort });
    sockets.add(client);
    sockets.add(upstream);
    /** Set once this connection sent the marker: what Redis answers from then on is kept here. */
    let muted: Buffer[] | undefined;
    // The end of the previous chunk, so a marker split across two chunks is still seen.
    let tail = Buffer.alloc(0);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (armed === undefined || muted !== undefined) return;
      const seen = Buffer.concat([tail, chunk]);
      tail = seen.subarray(Math.max(0, seen.length - armed.marker.length));
      if (!seen.includes(armed.marker)) return;
      const { onReply, settleMs } = armed;
      armed = undefined;
      const reply: Buffer[] = [];
      muted = reply;
      setTimeout(() => onReply(Buffer.concat(reply)), settleMs).unref();
    });
    upstream.on('data', (chunk: Buffer) => {
      if (muted === undefined) client.write(chunk);
      else muted.push(chunk);
    });
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  return {
    url: `redis://127.0.0.1:${address.port}`,
    swallowReplyTo: (marker, settleMs = 300) =>
      new Promise<Buffer>((resolve) => {
        armed = { marker: Buffer.from(marker), onReply: resolve, settleMs };
      }),
    dropConnections(downMs = 0) {
      downUntil = Date.now() + downMs;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
