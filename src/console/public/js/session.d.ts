// Types of session.js for the TypeScript unit tests (the browser never loads this file).
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
export function keyEnvironment(key: unknown): 'sandbox' | 'live' | null;
export function keyProblem(key: unknown): string | null;
export function storedKey(storage?: KeyStorage): string | null;
export function storeKey(key: string, storage?: KeyStorage): void;
export function forgetKey(storage?: KeyStorage): void;
export function createSignOut<M>(options: {
  flash: (message: M | undefined) => void;
  navigate: (hash: string) => void;
  storage?: KeyStorage;
}): (message?: M) => boolean;
