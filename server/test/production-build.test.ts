// `npm start` runs the server bundled into one JavaScript module (scripts/build-server.mjs), not
// the TypeScript sources the other tests run: this builds a bundle and starts it as a user would,
// so a path that only works from server/src (the catalog pack, the web build) fails here.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { freePort, SERVER_DIR } from './support/server-process.js';

const ROOT = resolve(SERVER_DIR, '..');

describe('the production bundle', () => {
  // Beside where `npm start` puts main.mjs: paths are resolved from the bundle's own folder.
  const bundle = join(SERVER_DIR, 'dist', `test-${process.pid}-${Date.now()}.mjs`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bundle-'));
  afterAll(() => {
    rmSync(bundle, { force: true });
    rmSync(`${bundle}.map`, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts from server/dist, loads the built-in catalog, serves the web app and stops cleanly on SIGTERM', async () => {
    const { buildServer } = (await import(join(ROOT, 'scripts/build-server.mjs'))) as { buildServer(out: string): Promise<void> };
    await buildServer(bundle);
    // V8 keeps the bundle's source for as long as the server runs, at one byte a character only
    // when every character is ASCII; the source map keeps stack traces on the TypeScript files
    // without holding their text.
    expect(readFileSync(bundle, 'latin1')).toMatch(/^[\x00-\x7f]*$/);
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[]; sourcesContent?: unknown };
    expect(map.sources).toContain('../src/main.ts');
    expect(map.sourcesContent).toBeUndefined();
    // Run as `npm start` runs it (scripts/start.mjs): the same node flags and environment.
    const { SERVER_NODE_ARGS, serverEnv } = (await import(join(ROOT, 'scripts/lib.mjs'))) as { SERVER_NODE_ARGS: string[]; serverEnv: () => NodeJS.ProcessEnv };
    const port = await freePort();
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
      cwd: ROOT,
      env: { ...serverEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, SCHEDULER: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
    const url = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let i = 0; i < 150 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready, stderr).toBe(true);
    const platforms = (await (await fetch(`${url}/api/onboarding/platforms`)).json()) as { platforms: Array<{ name: string; title_count: number }> };
    expect(platforms.platforms.find((p) => p.name === 'Netflix')?.title_count).toBeGreaterThan(50);
    // The one process also serves the web app, when it has been built.
    if (existsSync(join(ROOT, 'web/dist/index.html'))) {
      const page = await fetch(`${url}/app/dashboard`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('<div id="root">');
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('writes the import parser worker beside the bundle, and it reads an export as plain JavaScript', async () => {
    const worker = new Worker(join(dirname(bundle), 'import-parser.mjs'));
    try {
      const csv = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,"Heat, Again",1995,https://boxd.it/x1,4.5\n';
      worker.postMessage({ id: 1, filename: 'ratings.csv', bytes: Buffer.from(csv) });
      const [reply] = (await once(worker, 'message')) as [{ id: number; ok: boolean; result: { source: string; entries: Array<{ name: string; liked: boolean }> } }];
      expect(reply).toMatchObject({ id: 1, ok: true, result: { source: 'letterboxd', entries: [{ name: 'Heat, Again', liked: true }] } });
    } finally {
      await worker.terminate();
    }
  });

  it('writes the co-likes builder beside the bundle, and it stores a table in the server\'s database as plain JavaScript', async () => {
    // The database the bundled server created above (migrated, with the built-in catalog, nobody's
    // history yet): the builder opens it with the bundled driver, reads, builds, and stores a table.
    const database = { dialect: 'sqlite' as const, path: join(dataDir, 'app.db') };
    const worker = new Worker(join(dirname(bundle), 'co-likes-builder.mjs'), {
      workerData: { database, offered: 'a\nb', catalogVersion: 1, builtAt: new Date().toISOString(), neighbours: { minPeople: 1 }, pageRows: 100 },
    });
    try {
      const [reply] = (await once(worker, 'message')) as [{ ok: boolean; id?: number; message?: string }];
      expect(reply.ok, reply.message).toBe(true);
      const { openDatabase } = await import('../src/db/connection.js');
      const handle = await openDatabase(database);
      try {
        const rows = await handle.db.selectFrom('co_like_tables').select(['id', 'catalog_version']).execute();
        expect(rows).toEqual([{ id: reply.id, catalog_version: 1 }]);
      } finally {
        await handle.close();
      }
    } finally {
      await worker.terminate();
    }
  });

  it('writes the operator commands beside it, and they run as plain JavaScript on the server\'s database', async () => {
    const run = (file: string, args: string[]) => {
      const child = spawn(process.execPath, [join(dirname(bundle), file), ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, LOG_LEVEL: 'silent' },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      return new Promise<{ code: number | null; out: string }>((ok) => child.on('exit', (code) => ok({ code, out })));
    };
    // The database the bundled server created above: migrated, with the built-in catalog.
    const status = await run('admin.mjs', ['status', '--json']);
    expect(status.code, status.out).toBe(0);
    expect((JSON.parse(status.out) as { catalog: { titles: number } }).catalog.titles).toBeGreaterThan(50);
    const help = await run('catalog.mjs', ['help']);
    expect(help.code, help.out).toBe(0);
    expect(help.out).toContain('Usage: npm run catalog -- <command>');
  });
});
