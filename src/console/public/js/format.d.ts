// Types of format.js for the TypeScript unit tests (the browser never loads this file).
export interface JobLike {
  status?: string;
  rows?: { valid?: number; duplicates?: number; done?: number; cancelled?: number };
}
export function inrToPaise(amountInr: unknown): number | null;
export function groupIndian(digits: string): string;
export function formatPaise(paise: unknown, options?: { signed?: boolean }): string;
export function formatInr(amountInr: unknown, options?: { signed?: boolean }): string;
export function formatCount(count: unknown): string;
export function formatDuration(seconds: unknown): string;
export function formatEta(etaSeconds: number | null | undefined, status: string): string;
export function formatDate(value: unknown): string;
export function formatDateTime(iso: unknown, timeZone?: string): string;
export type Tone = 'good' | 'warn' | 'bad' | 'info' | 'neutral';
export function statusTone(status: unknown): Tone;
export function humanizeKey(key: string): string;
export function statusLabel(status: unknown): string;
export function jobProgress(job: JobLike): { done: number; cancelled: number; toVerify: number; percent: number };
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string;
export function breakdownText(
  breakdown: { outcome: Record<string, number> } & Record<string, Record<string, number>>,
  keyField?: { name: string; fine_value?: string } | null,
): { outcomes: string; key: string | null };
