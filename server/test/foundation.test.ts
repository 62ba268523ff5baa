import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HealthResponse } from '@app/shared';
import { loadConfig, ConfigError } from '../src/config.js';
import { startServer } from '../src/server.js';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer } from './support/test-server.js';

describe.each(dialects)('server foundation on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { webDist: 'one-page', env: { APP_URL: 'https://picks.example.test', EXTENSION_ORIGINS: 'chrome-extension://abcdefghijklmnop' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /healthz checks the database', async () => {
    const r = await rawRequest(server.url, '/healthz');
    expect(r.status).toBe(200);
    expect(HealthResponse.parse(r.body)).toEqual({ status: 'ok', database: dialect });
  });

  it('sends security headers and a request id', async () => {
    const r = await rawRequest(server.url, '/api/public/config');
    // An API answer is never a page: it allows nothing, is never sniffed, framed or embedded.
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(r.headers.get('strict-transport-security')).toContain('max-age=');
    expect(r.headers.get('referrer-policy')).toBeNull();
    expect(r.headers.get('x-powered-by')).toBeNull();
    expect(r.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const missing = await rawRequest(server.url, '/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // A page gets helmet's whole set, with the page's own policy.
    const page = await rawRequest(server.url, '/dashboard');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const echoed = await rawRequest(server.url, '/api/public/config', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('allows CORS only for APP_URL and the extension origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/auth/login`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect((await preflight('https://picks.example.test')).headers.get('access-control-allow-origin')).toBe('https://picks.example.test');
    expect((await preflight('chrome-extension://abcdefghijklmnop')).headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const r = await rawRequest(server.url, '/api/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body.detail).toMatch(/No API route/);
  });

  it('public config tells the web app what this server offers', async () => {
    const r = await server.client().api.public.config();
    expect(r).toMatchObject({ google_client_id: null, payments_enabled: false, free_weekly_limit: 3 });
    expect(r.stats.users).toBeNull();
  });
});

describe('configuration', () => {
  it('stops with one line naming the bad variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
      [{ PORT: '70000' }, /^Invalid configuration: PORT /],
      [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL /],
      [{ APP_URL: 'not a url' }, /^Invalid configuration: APP_URL /],
      [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET /],
      [{ FREE_WEEKLY_LIMIT: '-1' }, /^Invalid configuration: FREE_WEEKLY_LIMIT /],
      [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
      [{ TMDB_IMAGE_URL: 'ftp://images.example.test/t/p' }, /^Invalid configuration: TMDB_IMAGE_URL must be an http\(s\) URL$/],
      [{ TMDB_IMAGE_URL: 'image.tmdb.org/t/p' }, /^Invalid configuration: TMDB_IMAGE_URL /],
    ];
    for (const [env, msg] of bad) {
      let err: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(msg);
      expect((err as Error).message.split('\n')).toHaveLength(1);
    }
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe('http://localhost:8080');
    expect(c.database).toEqual({ dialect: 'sqlite', path: resolve('./data/app.db') });
    expect(c.freeWeeklyLimit).toBe(3);
  });

  it('the real process refuses a bad value with one line and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, PORT: 'eighty' }, cwd: resolve(__dirname, '..') });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((ok) => child.on('exit', ok));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a whole number');
  });
});

describe('SQLite file, secrets and restarts', () => {
  it('uses WAL, generates JWT_SECRET once into DATA_DIR, and tokens survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-restart-'));
    const first = await startTestServer('sqlite', { env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` } });
    const u = await signUp(first);
    const secretPath = join(dataDir, 'jwt-secret');
    expect(existsSync(secretPath)).toBe(true);
    expect(statSync(secretPath).mode & 0o077).toBe(0);
    const secret = readFileSync(secretPath, 'utf8');
    expect(existsSync(join(dataDir, 'app.db-wal'))).toBe(true);
    const env = first.env;
    await first.running.close();

    const second = await startServer(loadConfig(env), { webDist: null });
    try {
      expect(readFileSync(secretPath, 'utf8')).toBe(secret);
      const r = await rawRequest(second.url, '/api/settings/profile', { token: u.store.token! });
      expect(r.status).toBe(200);
      expect(r.body.email).toBe(u.email);
    } finally {
      await second.close();
      await first.mailbox.close();
    }
  });

  it('stops gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-sigterm-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SCHEDULER: 'off' },
      cwd: resolve(__dirname, '..'),
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise<void>((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 20_000);
      child.stdout.on('data', () => {
        if (out.includes('is listening on')) {
          clearTimeout(t);
          ok();
        }
      });
    });
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((ok) => child.on('exit', ok));
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
  });
});
