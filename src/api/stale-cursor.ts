import { validationError } from '../errors.js';

/** A listing's cursor that names nothing listed any more: the client starts over. */
export function staleCursor(what: 'job' | 'portfolio' | 'run'): never {
  throw validationError([
    { field: 'cursor', message: `names no ${what} of this list any more (it expired or was deleted): list again without a cursor` },
  ]);
}
