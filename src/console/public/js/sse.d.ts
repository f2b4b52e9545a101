// Types of sse.js for the TypeScript unit tests (the browser never loads this file).
export interface SseEvent {
  event: string;
  data: string;
  id: string;
}
export interface SseParser {
  push(text: string): void;
  end(): void;
}
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser;
export function readEventStream(response: Response, onEvent: (event: SseEvent) => void): Promise<void>;
