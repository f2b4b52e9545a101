/**
 * What of a request's URL may be logged. Every part (each path segment, each query name and
 * value) is matched as the server will read it, decoded, so that no encoding hides a secret:
 * `bv%5Ftest%5F…`, a key split by encoded characters, an encoded admin token, a token encoded
 * twice. A part holding a secret is logged with the secret hidden.
 */

const REDACTED = '[redacted]';
/** Our keys' and tokens' shape, where it shows: `bv_test_…`, `bv_live_…`, `bv_admin_…`. */
const KEY_SHAPE = /bv_(test|live|admin)_[A-Za-z0-9_-]+/g;
const KEY_PREFIX = /bv_(test|live|admin)_/i;
/** A URL given a bearer credential (as a link to another of our addresses, say). */
const BEARER = /\bbearer\s+\S/i;
/** Words of a query name that say its value is a secret; `monkey` is not a `key`. */
const SECRET_WORDS = new Set([
  'key', 'apikey', 'accesskey', 'secretkey', 'privatekey', 'token', 'accesstoken', 'refreshtoken', 'idtoken', 'authtoken',
  'secret', 'clientsecret', 'password', 'passwd', 'pwd', 'passphrase', 'signature', 'sig', 'auth', 'authorization',
  'credential', 'credentials', 'jwt', 'bearer',
]);
/** Decoding stops here: a part encoded more often than this is hidden whole. */
const MAX_DECODES = 4;

/** The part as the server reads it, however many times it was encoded; undefined if it never settles. */
function decoded(part: string, plusIsSpace: boolean): string | undefined {
  let text = plusIsSpace ? part.replace(/\+/g, ' ') : part;
  for (let i = 0; i < MAX_DECODES; i++) {
    if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not valid UTF-8 once decoded: what is left is what any reader sees.
      return text;
    }
  }
  return /%[0-9A-Fa-f]{2}/.test(text) ? undefined : text;
}

function holdsSecret(text: string, secrets: Iterable<string>): boolean {
  if (KEY_PREFIX.test(text) || BEARER.test(text)) return true;
  for (const secret of secrets) if (secret !== '' && text.includes(secret)) return true;
  return false;
}

/** Whether a query name says its value is secret: `api_key`, `apiKey`, `X-Api-Key`, `client_secret`, `Access_Token`, `sig`. */
function secretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  // `apiKey` is both `api key` and `apikey`.
  const joined = words.join('');
  return SECRET_WORDS.has(joined) || words.some((word) => SECRET_WORDS.has(word) || /(token|secret|password|signature)$/.test(word));
}

/**
 * The ways a part may be read: decoded, and in a query also with `+` as a space (a form's
 * encoding). A secret that holds a `+` shows in the one, one that holds a space in the other.
 */
function readings(part: string, plusIsSpace: boolean): (string | undefined)[] {
  return plusIsSpace ? [decoded(part, false), decoded(part, true)] : [decoded(part, false)];
}

/** One part: as it came if it hides nothing, with our keys' secret tails hidden if that is enough, else hidden whole. */
function redactPart(part: string, plusIsSpace: boolean, secrets: Iterable<string>): string {
  const plains = readings(part, plusIsSpace);
  if (plains.some((plain) => plain === undefined)) return REDACTED;
  if (!plains.some((plain) => holdsSecret(plain as string, secrets))) return part;
  // `bv_live_[redacted]` says what was there; it is enough only if, decoded, it hides what
  // decoding shows (not `bv_test_<id>[redacted]%5F<secret>`) and nothing else remains.
  const shown = part.replace(KEY_SHAPE, `bv_$1_${REDACTED}`);
  const enough = plains.every((plain, i) => {
    const hidden = (plain as string).replace(KEY_SHAPE, `bv_$1_${REDACTED}`);
    return readings(shown, plusIsSpace)[i] === hidden && !holdsSecret((plain as string).replace(KEY_SHAPE, ''), secrets);
  });
  return enough ? shown : REDACTED;
}

/** Whether a whole path or query, decoded, still shows an exact secret (one holding `/`, `&` or `=` spans parts). */
function showsExactSecret(text: string, plusIsSpace: boolean, secrets: Iterable<string>): boolean {
  for (const plain of [text, ...readings(text, plusIsSpace)]) {
    for (const secret of secrets) if (plain !== undefined && secret !== '' && plain.includes(secret)) return true;
  }
  return false;
}

/**
 * A URL (path and query, as a request line carries it) with every API key, admin token and
 * secret-named query value hidden. `secrets` are exact values to hide wherever they appear
 * (the admin token, which may have any shape).
 */
export function redactUrl(url: string, secrets: Iterable<string> = []): string {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const question = beforeHash.indexOf('?');
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? undefined : beforeHash.slice(question + 1);
  const shownPath = path
    .split('/')
    .map((segment) => redactPart(segment, false, secrets))
    .join('/');
  const shownQuery =
    query === undefined
      ? ''
      : `?${query
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const name = eq === -1 ? pair : pair.slice(0, eq);
            const shownName = redactPart(name, true, secrets);
            if (eq === -1) return shownName;
            const plainName = decoded(name, true);
            const value = pair.slice(eq + 1);
            // A secret's name hides its value whatever the value looks like; a name that will
            // not decode is treated as one.
            const shownValue = plainName === undefined || secretName(plainName) ? (value === '' ? '' : REDACTED) : redactPart(value, true, secrets);
            return `${shownName}=${shownValue}`;
          })
          .join('&')}`;
  return [
    showsExactSecret(shownPath, false, secrets) ? `/${REDACTED}` : shownPath,
    showsExactSecret(shownQuery, true, secrets) ? `?${REDACTED}` : shownQuery,
    fragment === '' ? '' : `#${REDACTED}`,
  ].join('');
}
