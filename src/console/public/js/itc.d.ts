// Types of itc.js for the TypeScript unit tests (the browser never loads this file).
export type Verdict = 'eligible' | 'at_risk' | 'reverse' | 'blocked' | 'unknown';
export const VERDICTS: [Verdict, string, string][];
export function verdictLabel(verdict: string | null | undefined): string;
export function verdictTone(verdict: string | null | undefined): string;
export const SEVERITY_TONES: Record<string, string>;
export function todayIn(now?: Date, timeZone?: string): string;
export const SOON_DAYS: number;
export function deadlineUrgency(deadline: unknown, today: string): 'passed' | 'soon' | 'later' | null;
export function deadlineDistance(deadline: string, today: string): string;
export function isoDate(text: string): string | null;
export interface InvoiceLine {
  number: string;
  date: string;
  tax_inr?: number;
}
export function parseInvoiceLines(text: string): { invoices: InvoiceLine[]; problems: { line: number; message: string }[] };
export interface InvoiceView {
  row?: number;
  number: string | null;
  date: string | null;
  period: string | null;
  verdict: string | null;
  reasons: { code: string; severity: string; message: string; rule: string }[];
  claim_by: string | null;
  reverse_by: string | null;
  tax_inr: number | null;
  tax_at_risk_inr: number | null;
  problem: string | null;
}
export function invoiceOfRow(row: unknown): InvoiceView;
