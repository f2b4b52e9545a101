// The API key lives in this tab's sessionStorage only: never localStorage, a cookie or a URL.
// Closing the tab, or signing out, forgets it.

const STORAGE_KEY = 'bv.console.apiKey';

/** Keys look like bv_test_<id>_<secret> (sandbox) or bv_live_<id>_<secret> (live). */
export function keyEnvironment(key) {
  if (typeof key !== 'string') return null;
  if (key.startsWith('bv_test_')) return 'sandbox';
  if (key.startsWith('bv_live_')) return 'live';
  return null;
}

/** A problem with what was typed into the key field, or null when it looks like a key. */
export function keyProblem(key) {
  const value = typeof key === 'string' ? key.trim() : '';
  if (value === '') return 'Enter your API key.';
  if (/\s/.test(value)) return 'An API key has no spaces: paste it again.';
  if (keyEnvironment(value) === null) return 'An API key starts with bv_test_ (sandbox) or bv_live_ (live).';
  if (!/^bv_(test|live)_[A-Za-z0-9]+_[A-Za-z0-9]+$/.test(value)) return 'That does not look like a whole API key: paste it again.';
  return null;
}

export function storedKey(storage = globalThis.sessionStorage) {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeKey(key, storage = globalThis.sessionStorage) {
  storage.setItem(STORAGE_KEY, key);
}

export function forgetKey(storage = globalThis.sessionStorage) {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage that cannot be written holds nothing to forget.
  }
}

/**
 * Sign-out, once per signed-in key. A screen that makes several calls gets several 401s when
 * its key is revoked, and each asks to sign out; only the first (the key is still stored)
 * forgets the key, leaves `message` for the sign-in page and goes there. The later ones find no
 * key and do nothing: they would otherwise render the sign-in page at once, using the message
 * up, before the first one's navigation renders it again without. Returns whether it signed out.
 */
export function createSignOut({ flash, navigate, storage }) {
  return function signOut(message) {
    if (storedKey(storage) === null) return false;
    forgetKey(storage);
    flash(message);
    navigate('#/signin');
    return true;
  };
}
