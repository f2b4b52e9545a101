// Types of api.js for the TypeScript unit tests (the browser never loads this file).
import type { SseEvent } from './sse.js';

export interface FieldDetail {
  field: string;
  message: string;
}
export class ApiError extends Error {
  constructor(init?: { status?: number; code?: string; message?: string; details?: FieldDetail[]; requestId?: string | null; retryable?: boolean });
  status: number;
  code: string;
  details: FieldDetail[];
  requestId: string | null;
  retryable: boolean;
}
export function errorFromAnswer(status: number, body: unknown, requestId: string | null): ApiError;

export interface Answer<T = unknown> {
  data: T;
  meta: Record<string, unknown>;
  requestId: string | null;
  status: number;
  api?: string;
}
export interface CallOptions {
  signal?: AbortSignal;
  key?: string;
}
export interface Api {
  request<T = unknown>(method: string, path: string, options?: CallOptions & { json?: unknown; form?: FormData }): Promise<Answer<T>>;
  get<T = unknown>(path: string, options?: CallOptions): Promise<Answer<T>>;
  post<T = unknown>(path: string, json?: unknown, options?: CallOptions): Promise<Answer<T>>;
  upload<T = unknown>(path: string, form: FormData, options?: CallOptions): Promise<Answer<T>>;
  del<T = unknown>(path: string, options?: CallOptions): Promise<Answer<T>>;
  download(path: string, fallbackName: string, options?: CallOptions): Promise<{ blob: Blob; filename: string }>;
  stream(path: string, onEvent: (event: SseEvent) => void, options?: CallOptions): Promise<void>;
}
export function createApi(options?: {
  getKey?: () => string | null;
  onUnauthorized?: () => void;
  fetchImpl?: (input: string, init: RequestInit) => Promise<Response>;
}): Api;
