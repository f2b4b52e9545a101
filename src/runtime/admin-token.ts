import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The operator's admin token: BV_ADMIN_TOKEN when set; otherwise generated on first start and
 * kept under the data folder (owner-only) so restarts keep it.
 */
export async function resolveAdminToken(
  configured: string | undefined,
  dataDir: string,
): Promise<{ token: string; generated: boolean; file?: string }> {
  if (configured !== undefined) return { token: configured, generated: false };
  const file = path.join(dataDir, 'admin-token');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 16) return { token: stored, generated: false, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const token = `bv_admin_${randomBytes(24).toString('hex')}`;
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true, file };
}
