/**
 * One service per data folder: the managed redis-server's AOF must have one writer, and a
 * second service that went on would adopt the first's server as an orphan (and stop it on its
 * way out) or start another on the same files. The claim is a file naming the service's pid.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { runs } from './managed-redis-server.js';

/** Claims this process holds, by file: a second start in one process (tests) shares the first's, and only the last release removes it. */
const held = new Map<string, number>();

const NODE = /(^|\/)(node|nodejs)$/;

/**
 * Takes the claim, or says who holds it. The file appears whole (written aside, then linked:
 * EEXIST is atomic, and no reader sees it empty). A claim whose process is gone, or is no
 * longer node (a pid reused after a reboot), is stale: it is renamed away, which only one
 * taker can do, and the take is tried again.
 */
export async function claimFolder(claimFile: string): Promise<{ release: () => Promise<void> } | { heldBy: number }> {
  const release = async () => {
    const count = (held.get(claimFile) ?? 1) - 1;
    if (count > 0) held.set(claimFile, count);
    else {
      held.delete(claimFile);
      await rm(claimFile, { force: true });
    }
  };
  if (held.has(claimFile) && (await readFile(claimFile, 'utf8').catch(() => '')).trim() === String(process.pid)) {
    held.set(claimFile, (held.get(claimFile) as number) + 1);
    return { release };
  }
  const aside = `${claimFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await link(aside, claimFile);
        held.set(claimFile, 1);
        return { release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = (await readFile(claimFile, 'utf8').catch(() => '')).trim();
      const holder = Number(text);
      // Unreadable or not a pid: another start's claim being taken over this instant. Look again.
      if (!/^[1-9][0-9]*$/.test(text)) {
        await sleep(25);
        continue;
      }
      if (await runs(holder, NODE)) return { heldBy: holder };
      const stale = `${claimFile}.stale.${randomBytes(4).toString('hex')}`;
      await rename(claimFile, stale).catch(() => undefined);
      // Renamed a claim made since we read it? Put it back: its maker holds the folder.
      const moved = (await readFile(stale, 'utf8').catch(() => '')).trim();
      if (moved !== '' && moved !== text) await link(stale, claimFile).catch(() => undefined);
      await rm(stale, { force: true });
    }
    throw new Error(`could not claim ${claimFile}: other starts keep taking it`);
  } finally {
    await rm(aside, { force: true });
  }
}
