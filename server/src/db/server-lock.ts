// The sign that a server is using a SQLite database: `<database>.lock` beside it, holding the
// server's process id. Written when the server opens the database, removed when it stops.
// `npm run admin -- restore` refuses while the file names a live process (docs/operations.md,
// "Backup and restore"). A server killed with SIGKILL leaves the file behind; its process id is
// then dead and the file is ignored.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const lockPathFor = (databasePath: string) => `${databasePath}.lock`;

// Several servers in one process (tests) may share a file: the last one to stop removes it.
const holders = new Map<string, number>();

/** Marks the database as in use by this process; call the returned function when it stops. */
export function holdServerLock(databasePath: string): () => void {
  const path = lockPathFor(databasePath);
  writeFileSync(path, `${JSON.stringify({ pid: process.pid, started_at: new Date().toISOString() })}\n`, { mode: 0o644 });
  holders.set(path, (holders.get(path) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (holders.get(path) ?? 1) - 1;
    if (left > 0) {
      holders.set(path, left);
      return;
    }
    holders.delete(path);
    // Another process may have started on the same file since: leave its mark alone.
    if (readServerLock(databasePath)?.pid === process.pid) rmSync(path, { force: true });
  };
}

function readServerLock(databasePath: string): { pid: number; started_at: string } | null {
  let text: string;
  try {
    text = readFileSync(lockPathFor(databasePath), 'utf8');
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as { pid?: unknown; started_at?: unknown };
    return typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 ? { pid: v.pid, started_at: String(v.started_at ?? '') } : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live server process using this database, or null. */
export function serverUsing(databasePath: string): { pid: number; started_at: string } | null {
  const lock = readServerLock(databasePath);
  return lock && processAlive(lock.pid) ? lock : null;
}
