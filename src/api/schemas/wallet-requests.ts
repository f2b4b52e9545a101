import { pageQuery } from './page-query.js';

/** A page of the ledger: newest first, continued with the previous page's next_cursor. */
export const LedgerQuery = pageQuery({ max: 100, defaultLimit: 20, cursorPattern: /^\d+-\d+$/ });
