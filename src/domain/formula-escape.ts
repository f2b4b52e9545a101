/**
 * Formula-injection ("CSV injection") defence for results.csv.
 *
 * A spreadsheet that opens a CSV treats a cell starting with `=`, `+`, `-` or `@` as a
 * formula, and tab, CR or LF at the start can smuggle one past naive filters. Input columns
 * are the customer's own uploads and result fields come from public registries (a trade
 * name is whatever the taxpayer typed), so any cell may carry `=HYPERLINK(...)` or a DDE
 * payload. Following OWASP's "CSV Injection" guidance we prefix such a cell with a single
 * quote `'`, which makes every spreadsheet show the cell as text.
 *
 * Every cell is escaped, input columns and the header row included, with no exception for
 * things that look like numbers: `-5` in an input column is text we carry through, and
 * telling a "real" negative number from `-2+3+cmd|' /C calc'!A0` is exactly the kind of
 * heuristic attackers defeat. The cells we compute ourselves (`row`, `charged_inr`, counts,
 * scores) are never negative, so the rule never touches them.
 *
 * The cost: a program parsing the CSV sees the added `'`. Such consumers should read
 * results.jsonl, which is never escaped: JSON is data, not a spreadsheet, and it must
 * round-trip the exact values.
 */

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);

/** Whether a spreadsheet could read the text as a formula: it starts with a trigger. */
export function startsFormula(text: string): boolean {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0] as string);
}

/**
 * The cell as written to results.csv: prefixed with `'` when it could start a formula. An .xlsx
 * cell is not prefixed: it keeps its text and gets Excel's quote-prefix style (xlsx-writer.ts).
 */
export function escapeCell(text: string): string {
  return startsFormula(text) ? `'${text}` : text;
}
