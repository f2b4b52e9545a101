/**
 * The operations a portfolio can re-run, and which identifier names a row of each: the
 * change report compares runs identifier by identifier.
 */
import type { OperationName } from '../operations.js';

export const PORTFOLIO_OPERATIONS = ['gst.verify', 'gst.returns', 'business360'] as const satisfies readonly OperationName[];
export type PortfolioOperation = (typeof PORTFOLIO_OPERATIONS)[number];

/** The columns that identify a row, in the order a row's identifier is taken from. */
const IDENTIFIER_COLUMNS: Readonly<Record<PortfolioOperation, readonly string[]>> = {
  'gst.verify': ['gstin'],
  'gst.returns': ['gstin'],
  business360: ['gstin', 'cin', 'pan'],
};

/** A row's identifier (upper case, trimmed) from its columns, matched by name as the bulk intake does; undefined when it has none. */
export function rowIdentifier(operation: PortfolioOperation, columns: Readonly<Record<string, string>>): string | undefined {
  const byName = new Map(Object.entries(columns).map(([name, value]) => [name.replace(/^\uFEFF/, '').trim().toLowerCase(), value]));
  for (const column of IDENTIFIER_COLUMNS[operation]) {
    const value = byName.get(column)?.trim().toUpperCase();
    if (value) return value;
  }
  return undefined;
}
