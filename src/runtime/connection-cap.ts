import { readFileSync } from 'node:fs';

/** Files the process keeps open besides its connections: Redis connections, logs, the pools' files. */
const RESERVED_FILES = 128;
/** Where the limit cannot be read (not Linux): Node's and most systems' default soft limit. */
const FALLBACK_FILE_LIMIT = 1_024;

/** The soft limit on open files of this process (RLIMIT_NOFILE), from /proc on Linux. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft === undefined || soft === 'unlimited' || !/^\d+$/.test(soft) ? FALLBACK_FILE_LIMIT : Number(soft);
  } catch {
    return FALLBACK_FILE_LIMIT;
  }
}

/**
 * The default cap on open HTTP connections: half of what the file limit leaves after a
 * reserve, because a connection may hold a second file (an upload being written, a result
 * being read). Past the cap Node closes new connections at once, which is better than an
 * accept() failing with EMFILE while Redis connections and result files also need files.
 */
export function defaultMaxConnections(fileLimit = openFileLimit()): number {
  return Math.max(16, Math.floor((fileLimit - RESERVED_FILES) / 2));
}
