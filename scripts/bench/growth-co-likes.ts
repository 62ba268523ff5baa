// The co-likes build of one `npm run bench:growth` size, in a process of its own so that its memory
// is the build's and not the bench's (which has just written the users): measureCoLikes of
// scripts/bench/co-likes.ts on the grown database (the shared build as an instance runs it, on a
// worker thread, stored and read back by a second instance), with the server stopped.
//   growth.ts runs `tsx scripts/bench/growth-co-likes.ts` with DATABASE_URL (and DATABASE_SCHEMA) set;
//   it prints one line of JSON.
import { spawn } from 'node:child_process';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/connection.js';
import { measureCoLikes, type CoLikesMeasure } from './co-likes.js';

export type CoLikesFigure = CoLikesMeasure;

async function measure(): Promise<CoLikesFigure> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const handle = await openDatabase(config.database);
  try {
    return await measureCoLikes(handle, config.database);
  } finally {
    await handle.close();
  }
}

/** The build on the database `env` names, in a child process; its one line of JSON. */
export function coLikesInChild(env: Record<string, string>): Promise<CoLikesFigure> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out) as CoLikesFigure) : fail(new Error(`co-likes build exited with ${code}`))));
  });
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(await measure()));
