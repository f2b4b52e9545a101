/**
 * An S3-compatible server (s3rver) in a process of its own: `node --import tsx
 * test/helpers/s3-server-main.ts <host> <port> <dir> <bucket>`. Prints one line with its
 * endpoint once it listens; stops on SIGTERM or SIGINT. Started by s3-server.ts.
 */
import S3rver from 's3rver';

const [host = '127.0.0.1', port = '0', directory, bucket] = process.argv.slice(2);
if (directory === undefined || bucket === undefined) {
  console.error('usage: s3-server-main.ts <host> <port> <dir> <bucket>');
  process.exit(2);
}
const server = new S3rver({ address: host, port: Number(port), directory, silent: true, configureBuckets: [{ name: bucket }] });
const address = await server.run();
const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
console.log(`s3 server listening on http://${shown}:${address.port}`);
const stop = (): void => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
