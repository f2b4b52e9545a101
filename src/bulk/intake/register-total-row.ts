/**
 * A purchase register's total line (Tally ends its register with "Grand Total": amounts under
 * the tax columns, no supplier GSTIN and no invoice number) is not an invoice. As the file's
 * last row it is dropped with a warning; anywhere else it stays an invalid row saying what it
 * looks like (register-row-request.ts), since a reader cannot tell a total from a broken row
 * there. The row is held back one item to know whether it is the last.
 */
import type { IntakeItem } from './row-request.js';
import { TOTAL_ROW_MESSAGE } from './register-row-request.js';

const isTotalRow = (item: IntakeItem): item is Extract<IntakeItem, { kind: 'row' }> =>
  item.kind === 'row' && !item.result.ok && item.result.problems.length === 1 && item.result.problems[0]?.message === TOTAL_ROW_MESSAGE;

export async function* withoutTrailingTotal(items: AsyncIterable<IntakeItem>): AsyncGenerator<IntakeItem, void, undefined> {
  let held: Extract<IntakeItem, { kind: 'row' }> | undefined;
  let rows = 0;
  for await (const item of items) {
    if (item.kind === 'row') {
      if (held !== undefined) yield held;
      held = undefined;
      if (isTotalRow(item)) {
        held = item;
        continue;
      }
      rows++;
    }
    yield item;
  }
  if (held === undefined) return;
  // A file whose only row is a total keeps it (invalid): a job of no rows is not a job.
  if (rows === 0) {
    yield held;
    return;
  }
  const cells = Object.values(held.columns).map((cell) => cell.trim()).filter((cell) => cell !== '');
  yield { kind: 'warning', warning: { code: 'TOTAL_ROW_SKIPPED', message: `the last row (row ${held.row}: ${cells.slice(0, 4).map((c) => JSON.stringify(c.slice(0, 30))).join(', ')}) has amounts but no GSTIN and no invoice number: read as the register's total, not as an invoice` } };
}
