// Types of router.js for the TypeScript unit tests (the browser never loads this file).
export interface Route {
  name: 'home' | 'signin' | 'wallet' | 'jobs' | 'job' | 'portfolios' | 'portfolio' | 'changes' | 'verify' | 'notfound';
  params: Record<string, string>;
  path: string;
}
export function parseHash(hash: string | null | undefined): Route;
export function sectionOf(name: string): string;
