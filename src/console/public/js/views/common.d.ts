// Types of common.js for the TypeScript unit tests (the browser never loads this file). The
// tests run without a DOM, so elements are typed by the few members these helpers use.
export interface ButtonLike {
  textContent: string | null;
  disabled: boolean;
  dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  addEventListener(type: 'click', listener: () => unknown): void;
}
export interface AbortSignalLike {
  aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}
export function pageHeader(title: string, options?: { subtitle?: unknown; actions?: unknown; badge?: unknown }): unknown;
export const UPLOAD_ACCEPT: string;
export function isAbort(error: unknown): boolean;
export function showError(slot: unknown, error: unknown, options?: { title?: string; extra?: unknown }): void;
export function every(ms: number, signal: AbortSignalLike, fn: () => void): unknown;
export function sleep(ms: number, signal?: AbortSignalLike): Promise<void>;
export function isRetryable(error: unknown): boolean;
export function retryDelay(attempt: number, options?: { baseMs?: number; maxMs?: number }): number;
export function busy<T>(button: ButtonLike, busyLabel: string, action: () => Promise<T>): Promise<T>;
export function operationLabel(api: string): string;
export function confirmButton<B extends ButtonLike>(
  button: B,
  options: {
    confirmLabel: string;
    busyLabel: string;
    action: () => Promise<unknown>;
    onError?: (error: unknown) => void;
    timeoutMs?: number;
    signal?: AbortSignalLike;
  },
): B;
export function firstItems<T>(
  api: { get(path: string, options?: { signal?: AbortSignalLike }): Promise<{ data: Record<string, unknown> }> },
  path: string,
  field: string,
  count: number,
  options?: { pageSize?: number; signal?: AbortSignalLike },
): Promise<{ items: T[]; more: boolean }>;
export function showOlderButton(label: string, slot: unknown, more: () => Promise<unknown>): unknown;
