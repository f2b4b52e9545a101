import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Lets another user reach `dir` (tests that run a process as another user): `dir` becomes 755,
 * and the test run's own temporary folders above it (owner-only, from mkdtemp) get search
 * permission for others, which opens a way through, not a listing.
 */
export async function openPathFor(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    const found = await stat(parent);
    if ((found.mode & 0o001) !== 0) continue;
    if (found.uid !== process.getuid?.()) throw new Error(`${parent}: others cannot pass through it, and it is not this user's to open`);
    await chmod(parent, (found.mode & 0o7777) | 0o001);
  }
}
