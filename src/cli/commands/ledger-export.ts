import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Session } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { AS_FILE } from '../service-client.js';

const CURSOR = /^\d{1,20}-\d{1,20}$/;

/** A cursor file's content, or undefined when there is no file yet (the first export). */
async function readCursorFile(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`Cannot read the cursor file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (text === '') return undefined;
  if (!CURSOR.test(text)) throw new UsageError(`The cursor file ${file} does not hold a ledger cursor (like 1764201234567-0)`);
  return text;
}

/**
 * `bv admin ledger export`: ledgers as JSON lines on stdout, for backups kept apart from
 * Redis. Each export ends at a cursor (stderr, and the cursor file) from which the next one
 * continues: run it on a schedule with --cursor-file and append stdout to the backup.
 */
export function registerLedgerExport(admin: Command, session: Session): void {
  admin
    .command('ledger')
    .description('wallet ledgers, for backups')
    .command('export [account]')
    .description("print one account's ledger, or every account's, as JSON lines (oldest first per account); the cursor to continue from goes to stderr")
    .option('--after <cursor>', 'only entries after this cursor (printed by the previous export)')
    .option('--cursor-file <file>', 'read --after from this file when it exists, and write the new cursor there once the export is complete')
    .action(async (accountId: string | undefined, options: { after?: string; cursorFile?: string }, command: Command) => {
      const { client } = session.context(command);
      if (options.after !== undefined && !CURSOR.test(options.after)) throw new UsageError('--after must be a cursor printed by a previous export (like 1764201234567-0)');
      const after = options.after ?? (options.cursorFile === undefined ? undefined : await readCursorFile(options.cursorFile));
      const exported = client.admin.GET('/admin/v1/ledger/export', { params: { query: { account: accountId, after } }, ...AS_FILE });
      const cursor = (await client.download(exported, session.io.stdout)).get('ledger-cursor') ?? after;
      if (cursor === undefined) {
        session.io.stderr.write('No ledger entries yet: nothing to continue from.\n');
        return;
      }
      // Written only now, complete: an export cut short is run again from the old cursor.
      if (options.cursorFile !== undefined) {
        const partial = `${options.cursorFile}.part-${process.pid}`;
        await writeFile(partial, `${cursor}\n`, { mode: 0o600 });
        await rename(partial, options.cursorFile);
      }
      // Always, --json too: stdout holds only the entries.
      session.io.stderr.write(`Cursor: ${cursor} (continue with --after ${cursor})\n`);
    });
}
