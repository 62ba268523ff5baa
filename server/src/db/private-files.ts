// The data folder and the database files hold password hashes, session tokens and keys: they are
// the server's user's alone (folder 0700, files 0600, as the secrets in it), from the first byte,
// whatever the umask (docs/operations.md, "Secrets").
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const SQLITE_SIDECARS = ['-wal', '-shm', '-journal'];

/**
 * Creates the folder (and missing parents) 0700. A folder that already exists is the operator's
 * to set: left as it is, and a sentence for the log is returned when others can open it.
 */
export function ensurePrivateDir(dir: string): string | null {
  if (mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR }) !== undefined) return null;
  const mode = statSync(dir).mode & 0o777;
  return mode & 0o077
    ? `the folder ${dir} can be opened by other users (mode ${mode.toString(8).padStart(4, '0')}); it is left as it is: chmod 700 it so only the server's user can list it`
    : null;
}

/** Creates an empty file 0600 unless one is there; true when it made it. */
export function createPrivateFile(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Makes a SQLite database file 0600 before SQLite opens it: a new one is created so, an existing
 * one (ours: the server made it) and its -wal/-shm are tightened. SQLite gives the -wal and -shm
 * files it creates the database file's mode. Returns the files it tightened.
 */
export function privateDatabaseFile(path: string): string[] {
  if (createPrivateFile(path)) return [];
  const tightened: string[] = [];
  for (const file of [path, ...SQLITE_SIDECARS.map((s) => `${path}${s}`)]) {
    let mode: number;
    try {
      mode = statSync(file).mode & 0o777;
    } catch {
      continue; // no such sidecar
    }
    if (mode & 0o077) {
      chmodSync(file, PRIVATE_FILE);
      tightened.push(file);
    }
  }
  return tightened;
}
