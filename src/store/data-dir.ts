import { mkdir, stat } from 'node:fs/promises';

export interface DataDirLog {
  warn(fields: object, message: string): void;
}

/**
 * Makes the data folder, the owner's alone: it holds customers' rows and results (PAN holder
 * names among them), the admin token and the private Redis's files. One that already exists
 * is left as the operator set it, with a warning when other users of the machine can read it.
 */
export async function prepareDataDir(dataDir: string, log: DataDirLog): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const mode = (await stat(dataDir)).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    log.warn(
      { dataDir, mode: mode.toString(8) },
      'the data folder can be read by other users of this machine (it holds results with PAN holder names, and the admin token): chmod 700 it',
    );
  }
}
