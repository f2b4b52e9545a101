import net from 'node:net';

export interface ReplicationLink {
  port: number;
  primaryPort: number;
  stall(): void;
  cut(): void;
  close(): Promise<void>;
}

/** A TCP relay from a replica to its primary's port, which can stop relaying and drop what it holds. */
export async function startReplicationLink(primaryPort: number): Promise<ReplicationLink> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let stalled = false;
  const server = net.createServer((replica) => {
    const primary = net.connect({ host: '127.0.0.1', port: primaryPort });
    const pair: [net.Socket, net.Socket] = [replica, primary];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      replica.destroy();
      primary.destroy();
    };
    replica.on('error', end).on('close', end);
    primary.on('error', end).on('close', end);
    replica.pipe(primary);
    if (stalled) primary.pause();
    else primary.pipe(replica);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const link: ReplicationLink = {
    port,
    primaryPort,
    stall() {
      // The replica must be replicating through this link, or the stall would hold nothing.
      if (pairs.size === 0) throw new Error('the replica is not connected through its link: nothing to stall');
      stalled = true;
      // The primary's stream is no longer read: it piles up here, not in the replica.
      for (const [, primary] of pairs) {
        primary.unpipe();
        primary.pause();
      }
    },
    cut() {
      stalled = false;
      for (const [replica, primary] of pairs) {
        replica.destroy();
        primary.destroy();
      }
    },
    async close() {
      link.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return link;
}
