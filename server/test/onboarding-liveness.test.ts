// One public request must never take the server down for everyone. The server runs in its own
// process here (as `npm start` runs it), so a request that spins the event loop fails this test
// on its timeouts instead of hanging the test run with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { GENRES, MoviesResponse } from '@app/shared';
import { TEST_DATABASE_URL, dialects, type TestDialect, dropSchema } from './support/dialects.js';

const ROOT = resolve(__dirname, '../..');
/** A healthy server answers these in milliseconds; the margin is for a busy test machine. */
const ANSWER_WITHIN_MS = 5_000;

interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

async function startChildServer(dialect: TestDialect): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-liveness-'));
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: schema ? TEST_DATABASE_URL! : `sqlite:${join(dataDir, 'app.db')}`,
    LOG_LEVEL: 'info',
    SCHEDULER: 'off',
  };
  if (schema) env.DATABASE_SCHEMA = schema;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise<string>((ok, fail) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(log);
      if (m) ok(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${log}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok));
        child.kill('SIGTERM');
        // A server stuck in a loop never runs its SIGTERM handler.
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (schema) {
        await dropSchema(schema);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const getJson = async (url: string) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe.each(dialects)('the favourites search cannot take the server down (%s)', (dialect) => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(dialect);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a search with no match in the chosen languages answers, and /healthz still answers after it', async () => {
    const search = await getJson(`${server.url}/api/onboarding/movies/filtered?q=Love&languages=Hindi,Spanish`);
    expect(search.status).toBe(200);
    const { movies, message } = MoviesResponse.parse(search.body);
    expect(message).toBe('No Hindi and Spanish titles match "Love"; showing matches in other languages.');
    expect(movies.length).toBeGreaterThan(0);
    expect(movies.every((m) => m.language !== 'Hindi' && m.language !== 'Spanish')).toBe(true);

    const health = await getJson(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('every combination of a few chosen languages with a search answers promptly', async () => {
    // Searches that match titles in some of the chosen languages, in none of them, or in no title.
    for (const [q, languages] of [
      ['love', 'Hindi,Spanish,Korean'],
      ['the', 'English,Japanese'],
      ['man', 'Korean,French'],
      ['zzqqxx', 'Hindi,Spanish'],
      ['a', 'Tamil,Telugu,Malayalam,Kannada'],
    ]) {
      const res = await getJson(`${server.url}/api/onboarding/movies/filtered?q=${q}&languages=${languages}`);
      expect(res.status, `${q} / ${languages}`).toBe(200);
    }
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
  });

  it('any search, genres and languages get a prompt 200, or a 400 with a detail', async () => {
    const { languages } = (await getJson(`${server.url}/api/onboarding/languages`)).body as { languages: string[] };
    const listOf = (known: string[]) =>
      fc.array(fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.oneof(fc.constantFrom('Love', 'the', 'WALL·E', 'amélie', '·', ''), fc.string({ unit: 'grapheme', maxLength: 110 })), { nil: undefined }),
        listOf([...GENRES]),
        listOf([...languages, 'Klingon']),
        async (q, genres, langs) => {
          const params = new URLSearchParams({ genres: genres.join(','), languages: langs.join(',') });
          if (q !== undefined) params.set('q', q);
          const res = await getJson(`${server.url}/api/onboarding/movies/filtered?${params}`);
          if (res.status === 400) {
            expect(typeof (res.body as { detail?: unknown }).detail).toBe('string');
            return;
          }
          expect(res.status).toBe(200);
          expect(MoviesResponse.parse(res.body).movies.length).toBeLessThanOrEqual(60);
        },
      ),
      { numRuns: 60 },
    );
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
  });
});
