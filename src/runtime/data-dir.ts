import { constants } from 'node:fs';
import { access, chmod, mkdir, stat } from 'node:fs/promises';
import { ConfigError } from '../config.js';

export interface DataDirLog {
  warn(fields: object, message: string): void;
}

/**
 * Makes the data folder, the owner's alone: it holds customers' rows and results (PAN holder
 * names among them), the admin token and the private Redis's files. One that already exists
 * with access for others is made owner-only (700) when this user owns it, and said so; one
 * this user cannot correct stops the start with one line (ConfigError), rather than run with
 * results other users of the machine can read.
 */
export async function prepareDataDir(dataDir: string, log: DataDirLog): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const found = await stat(dataDir);
  const mode = found.mode & 0o777;
  const uid = process.getuid?.();
  // Result files and the admin token are written here: a folder this user cannot write (a
  // container volume left root's, say) would start "ready" and fail every upload later.
  await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK).catch(() => {
    throw new ConfigError(
      `BV_DATA_DIR: ${dataDir} cannot be written by this user (uid ${uid ?? '?'}; the folder is uid ${found.uid}'s, mode ${mode.toString(8)}): ` +
        'give it to this user (the container image runs as uid 1000: chown 1000:1000), or set BV_DATA_DIR to a folder this user can write',
    );
  });
  if ((mode & 0o077) === 0) return;
  const refuse = (why: string) =>
    new ConfigError(
      `BV_DATA_DIR: ${dataDir} can be read by other users of this machine (mode ${mode.toString(8)}) and ${why}: ` +
        'chmod 700 it as its owner, or set BV_DATA_DIR to a folder of this user',
    );
  if (uid !== undefined && found.uid !== uid) throw refuse(`belongs to another user (uid ${found.uid})`);
  await chmod(dataDir, 0o700).catch((error: unknown) => {
    throw refuse(`could not be changed (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  });
  log.warn(
    { dataDir, mode: mode.toString(8), correctedTo: '700' },
    'the data folder could be read by other users of this machine (it holds results with PAN holder names, and the admin token): made it owner-only',
  );
}
