// A favourite-title search whose only matches are in languages the user did not choose must
// answer (with those matches and a message). It used to loop forever in onboarding's interleave,
// blocking the whole server; found by the fuzz test. The server runs as its own process here, so
// a hang fails this test on time instead of freezing the test runner with it.
import { describe, it, expect, afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MoviesResponse, LanguagesResponse } from '@app/shared';

async function startProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SCHEDULER: 'off', TRUST_PROXY: 'false' },
    cwd: resolve(__dirname, '..'),
  });
  let out = '';
  const url = await new Promise<string>((ok, fail) => {
    const t = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(t);
        ok(m[1]);
      }
    });
  });
  return { child, url };
}

describe('onboarding title search', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers when the only matches are in other languages, and the server keeps answering', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tp-onboarding-'));
    const started = await startProcess(dataDir);
    child = started.child;
    const get = async (path: string) => {
      const res = await fetch(`${started.url}${path}`, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      return res.json();
    };
    const { movies } = MoviesResponse.parse(await get('/api/onboarding/movies'));
    const { languages } = LanguagesResponse.parse(await get('/api/onboarding/languages'));
    const target = movies[0];
    const others = languages.filter((l) => l !== target.language).slice(0, 2);
    expect(others).toHaveLength(2);
    const query = new URLSearchParams({ languages: others.join(','), genres: target.genre, q: target.title });
    const found = MoviesResponse.parse(await get(`/api/onboarding/movies/filtered?${query}`));
    expect(found.movies.map((m) => m.id)).toContain(target.id);
    expect(found.message).toBe(`No ${others.join(' and ')} titles match "${target.title}"; showing matches in other languages.`);
    expect((await fetch(`${started.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
  }, 60_000);
});
