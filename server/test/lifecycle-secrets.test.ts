// Secrets are checked at start: an empty or short signing key (left by a filesystem failure) or a
// non-random configured key stops the server with one line naming its source, instead of running
// with a key anyone can sign with. Generated secret files are complete and owner-only.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, ConfigError } from '../src/config.js';
import { startServer } from '../src/server.js';
import { openDatabase } from '../src/db/connection.js';
import { issueAccessToken } from '../src/features/auth/tokens.js';
import { loadCalendarCipher, CALENDAR_KEY_FILE } from '../src/integrations/crypto/keys.js';
import { decodeKey } from '../src/integrations/crypto/token-cipher.js';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest } from './support/test-server.js';
import { spawnServer } from './support/server-process.js';

const oneLine = (s: string) => s.trim().split('\n');

/** Starts on the given env; if it (wrongly) starts, shows what a token signed with an empty key can do. */
async function startRefused(env: Record<string, string>, userId: string): Promise<Error> {
  const started = await startServer(loadConfig(env), { webDist: null }).catch((err: Error) => err);
  if (started instanceof Error) return started;
  const forged = await issueAccessToken('', userId, 'forged-session', new Date());
  const r = await rawRequest(started.url, '/api/settings/profile', { token: forged });
  await started.close();
  throw new Error(`the server started with an empty signing key; a token signed with the empty key got ${r.status}`);
}

describe.each(dialects)('signing key checked at start on %s', (dialect) => {
  it('a signing key emptied while stopped is refused, so a token signed with an empty key never opens an account', async () => {
    const first = await startTestServer(dialect);
    const u = await signUp(first);
    const userId = (await rawRequest(first.url, '/api/settings/profile', { token: u.store.token! })).body.id as string;
    const env = first.env;
    await first.running.close();
    try {
      let source: RegExp;
      if (dialect === 'sqlite') {
        writeFileSync(join(env.DATA_DIR, 'jwt-secret'), '');
        source = /^Invalid secret: \S+\/jwt-secret is empty; delete it to generate a new one/;
      } else {
        const handle = await openDatabase(loadConfig(env).database);
        await handle.db.updateTable('app_secrets').set({ value: '' }).where('name', '=', 'jwt').execute();
        await handle.close();
        source = /^Invalid secret: the database's app_secrets row 'jwt' is empty; delete that row/;
      }
      const err = await startRefused(env, userId);
      expect(err.message).toMatch(source);
      expect(oneLine(err.message)).toHaveLength(1);
    } finally {
      // Lets close() drop the schema / data dir; the server is already stopped.
      await first.close();
    }
  });
});

describe('secrets at start', () => {
  it('the real process exits 1 with one line naming an empty or short secret file', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['jwt-secret', '', /^Invalid secret: \S+\/jwt-secret is empty; /],
      ['jwt-secret', 'abc\n', /^Invalid secret: \S+\/jwt-secret is 3 characters long; at least 32 are needed; /],
      [CALENDAR_KEY_FILE, '', /^Invalid secret: \S+\/calendar-token-key is empty; /],
    ];
    await Promise.all(
      cases.map(async ([file, content, expected]) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'tp-secret-'));
        writeFileSync(join(dataDir, file), content);
        const proc = spawnServer({ DATA_DIR: dataDir });
        const { code } = await proc.exited;
        const { stderr } = proc.output();
        expect(code, stderr).toBe(1);
        expect(oneLine(stderr)).toHaveLength(1);
        expect(stderr.trim()).toMatch(expected);
      }),
    );
  }, 120_000);

  it('refuses configured secrets that are not random, with one line naming the variable', () => {
    const zeroKey = Buffer.alloc(32).toString('base64');
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ JWT_SECRET: 'a'.repeat(64) }, /^Invalid configuration: JWT_SECRET must be random/],
      [{ CALENDAR_ENCRYPTION_KEY: zeroKey }, /^Invalid configuration: CALENDAR_ENCRYPTION_KEY must be 32 bytes/],
      [{ CALENDAR_ENCRYPTION_PREVIOUS_KEYS: `${randomBytes(32).toString('base64')},${zeroKey}` }, /^Invalid configuration: CALENDAR_ENCRYPTION_PREVIOUS_KEYS /],
    ];
    for (const [env, expected] of cases) {
      let err: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(expected);
    }
  });

  it('generates complete, owner-only secret files and leaves no temporary file behind', async () => {
    const server = await startTestServer('sqlite');
    try {
      const dir = server.env.DATA_DIR;
      const config = loadConfig(server.env);
      loadCalendarCipher(config);
      const jwt = readFileSync(join(dir, 'jwt-secret'), 'utf8');
      expect(jwt).toMatch(/^[A-Za-z0-9_-]{64}\n$/);
      expect(decodeKey(readFileSync(join(dir, CALENDAR_KEY_FILE), 'utf8'))?.length).toBe(32);
      for (const f of ['jwt-secret', CALENDAR_KEY_FILE]) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      // A second load reads the same key back rather than generating another.
      expect(loadCalendarCipher(config).cipher.currentKid).toBe(loadCalendarCipher(config).cipher.currentKid);
    } finally {
      await server.close();
    }
  });
});
