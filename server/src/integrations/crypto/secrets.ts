// Reading, checking and generating the server's own secrets (the token signing key, the calendar
// key). A secret that is empty, short or one repeated character is refused at start with one line
// naming where it came from: an empty key would make every token forgeable (docs/operations.md).
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { textSecretWeakness } from '../../config.js';

export class SecretError extends Error {}

/** Throws a one-line SecretError naming the source when the secret is too weak. */
export function checkTextSecret(value: string, source: string, fix: string): string {
  const weakness = textSecretWeakness(value);
  if (weakness) throw new SecretError(`Invalid secret: ${source} ${weakness}; ${fix}`);
  return value;
}

/** The file's text, trimmed, or null when it does not exist. */
export function readSecretFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SecretError(`Invalid secret: ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates `dir/name` holding `content` only if it does not exist yet, all or nothing: the text
 * goes to a private temporary file that is flushed to disk, then linked into place (a link, unlike
 * a rename, never replaces a file another process created first), and the directory is flushed so
 * the new name survives a power cut. Returns false when the file already existed.
 */
export function createFileAtomically(dir: string, name: string, content: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    try {
      linkSync(tmp, path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      // Filesystems without hard links: a rename is still atomic (last writer wins).
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
      renameSync(tmp, path);
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      /* renamed away */
    }
  }
  fsyncDirectory(dir);
  return true;
}

/**
 * A secret kept in DATA_DIR: generated once (bytes of randomness, base64url), read and checked
 * on every start. `validate` throws a SecretError for a value of the wrong shape.
 */
export function fileSecret(dataDir: string, name: string, opts: { bytes?: number; validate: (value: string, path: string) => void }): string {
  const path = join(dataDir, name);
  const existing = readSecretFile(path);
  if (existing === null) createFileAtomically(dataDir, name, randomBytes(opts.bytes ?? 48).toString('base64url') + '\n');
  // Read back what is on disk: another instance sharing DATA_DIR may have created it first.
  const value = existing ?? readSecretFile(path) ?? '';
  opts.validate(value, path);
  return value;
}
