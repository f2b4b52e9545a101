/**
 * One CSV record (RFC 4180, `,`-separated, without its line end) written and read back by hand.
 * The result files write and re-read a record per row, and csv-stringify's and csv-parse's sync
 * calls cost tens of µs each in option handling: with names, addresses or ITC reasons holding
 * commas on most rows, they were most of a 100,000-row finalize. These do exactly what those
 * calls did with the result files' options (test/unit/csv-record.test.ts compares them).
 */

/** A cell that holds the separator, a quote, CR or LF is quoted, its quotes doubled (csv-stringify, `quoted_match: /[\r\n]/`). */
const NEEDS_QUOTING = /[",\r\n]/;

export function csvRecord(cells: readonly string[]): string {
  let record = '';
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index] as string;
    if (index > 0) record += ',';
    record += NEEDS_QUOTING.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return record;
}

/** The cells of a record csvRecord wrote (csv-parse of one record). */
export function csvRecordCells(record: string): string[] {
  if (!record.includes('"')) return record.split(',');
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    if (record.charCodeAt(at) === 34 /* " */) {
      let value = '';
      at++;
      for (;;) {
        const quote = record.indexOf('"', at);
        if (quote === -1) throw new SyntaxError(`a quoted CSV cell is not closed: ${JSON.stringify(record.slice(0, 80))}`);
        value += record.slice(at, quote);
        if (record.charCodeAt(quote + 1) === 34) {
          value += '"';
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
      cells.push(value);
    } else {
      const comma = record.indexOf(',', at);
      const end = comma === -1 ? record.length : comma;
      cells.push(record.slice(at, end));
      at = end;
    }
    if (at >= record.length) return cells;
    // The separator after a cell.
    at++;
    if (at === record.length) {
      cells.push('');
      return cells;
    }
  }
}
