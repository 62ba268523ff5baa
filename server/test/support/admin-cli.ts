// `npm run admin` as an operator runs it, as its own process (node + tsx on server/src/admin.ts:
// the code the npm script runs from its bundle, server/dist/admin.mjs, which production-build.test.ts
// runs), with the configuration of a given server.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with env (e.g. a test server's DATA_DIR / DATABASE_URL / DATABASE_SCHEMA). */
export function runAdmin(env: Record<string, string>, args: string[], cwd = ROOT): Promise<AdminRun> {
  const keep: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DATA_DIR|DATABASE_URL|DATABASE_SCHEMA)$/.test(k)) keep[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'server/src/admin.ts'), ...args], { cwd, env: { ...keep, ...env, INIT_CWD: cwd } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((ok) => child.on('exit', (code) => ok({ code, stdout, stderr })));
}

/** The part of a test server's environment that names its database. */
export function databaseEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: 'silent' };
  if (env.DATABASE_SCHEMA) out.DATABASE_SCHEMA = env.DATABASE_SCHEMA;
  return out;
}
