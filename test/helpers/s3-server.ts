import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** s3rver's one account: it checks every request's signature against these. */
export const S3_SERVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Server {
  /** http://host:port, as BV_RESULTS_S3_ENDPOINT takes it. */
  endpoint: string;
  bucket: string;
  /** Where the server keeps its objects. */
  dir: string;
  /** The variables that point a service process at this bucket. */
  env: Record<string, string>;
  output(): string;
  /** Stops the server; removes its folder when the helper made it. */
  stop(): Promise<void>;
}

export interface S3ServerOptions {
  /** Default 127.0.0.1; a namespace's address to serve a test host there. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default: a fresh temporary folder, removed by stop(). */
  dir?: string;
  /** Made at start. Default bv-results. */
  bucket?: string;
  /** A command that runs the server (e.g. `ip netns exec <name>`: in a network namespace). */
  prefix?: string[];
  timeoutMs?: number;
}

/**
 * An S3-compatible server (s3rver, from npm) in its own process, for tests of the S3 result
 * store over real HTTP. A process, not an in-process server, so that a test can run it in a
 * network namespace of its own (`prefix`) or kill it.
 */
export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'bv-results';
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'bv-s3-')));
  const [command, ...args] = [
    ...(options.prefix ?? []),
    process.execPath,
    '--import',
    'tsx',
    'test/helpers/s3-server-main.ts',
    options.host ?? '127.0.0.1',
    String(options.port ?? 0),
    dir,
    bucket,
  ];
  const child = spawn(command as string, args, { cwd: root, env: { HOME: os.tmpdir(), PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDir) await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let endpoint: string | undefined;
  while (endpoint === undefined) {
    endpoint = /s3 server listening on (http:\/\/\S+)/.exec(out)?.[1];
    if (endpoint !== undefined) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the S3 server did not start: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    endpoint,
    bucket,
    dir,
    env: {
      BV_RESULTS_S3_BUCKET: bucket,
      BV_RESULTS_S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: S3_SERVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_SERVER_CREDENTIALS.secretAccessKey,
    },
    output: () => out,
    stop,
  };
}
