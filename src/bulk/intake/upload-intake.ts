/**
 * An uploaded file read by what it is: an Excel workbook (zip, or the OLE2 container of a
 * legacy .xls or an encrypted workbook, refused by the workbook reader with what to do) by its
 * first bytes or its name, anything else as CSV. The bytes peeked at are passed on.
 */
import type { Readable } from 'node:stream';
import type { BulkOperationName } from '../../domain/operations.js';
import { readCsv, type CsvLimits, type CsvOptions } from './csv-intake.js';
import { withoutTrailingTotal } from './register-total-row.js';
import type { IntakeItem } from './row-request.js';
import { readXlsx, type XlsxOptions } from './xlsx-intake.js';
import { isOle2, isZip } from './xlsx-zip.js';

const WORKBOOK_NAME = /\.(xlsx|xlsm|xls|xlsb)$/i;

export async function* readUpload(
  input: Readable | AsyncIterable<Buffer | string>,
  filename: string,
  operation: BulkOperationName,
  limits: CsvLimits,
  options: CsvOptions & XlsxOptions = {},
): AsyncGenerator<IntakeItem, void, undefined> {
  const iterator = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < 8) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
    head.push(chunk);
    headBytes += chunk.length;
  }
  const rejoined = {
    // A multipart part cut at its size limit says so here; both readers check it at the end.
    get truncated() {
      return (input as { truncated?: unknown }).truncated;
    },
    async *[Symbol.asyncIterator]() {
      yield* head;
      if (done) return;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
    },
  };
  const first = Buffer.concat(head).subarray(0, 8);
  const items = isZip(first) || isOle2(first) || WORKBOOK_NAME.test(filename) ? readXlsx(rejoined, operation, limits, options) : readCsv(rejoined, operation, limits, options);
  // A purchase register's "Grand Total" line is not an invoice.
  yield* operation === 'itc.check' ? withoutTrailingTotal(items) : items;
}
