// Starts the real app on a real port against a real database (a fresh SQLite file, or a fresh
// PostgreSQL schema), with mail going over SMTP to a local mailbox. Nothing of ours is mocked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createApiClient, type ApiClient, type TokenStore, type User } from '@app/shared';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { setPasswordWorkFactor } from '../../src/features/auth/password.js';
import type { Clock } from '../../src/context.js';
import { startMailbox, type Mailbox } from './mailbox.js';
import { TEST_DATABASE_URL, type TestDialect, dropSchema } from './dialects.js';

export interface TestServer {
  url: string;
  dialect: TestDialect;
  running: RunningServer;
  mailbox: Mailbox;
  env: Record<string, string>;
  /** A client with its own in-memory token store. */
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestClient {
  api: ApiClient;
  store: MemoryTokenStore;
  unauthorizedCalls: number;
}

export class MemoryTokenStore implements TokenStore {
  token: string | null = null;
  user: User | null = null;
  getToken() {
    return this.token;
  }
  setSession(token: string, user: User | null) {
    this.token = token;
    this.user = user;
  }
  clear() {
    this.token = null;
    this.user = null;
  }
}

/** A mutable clock for tests that move time. */
export class TestClock implements Clock {
  constructor(public current: Date = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Share a database with another test server (several instances on one PostgreSQL). */
  shareDatabaseWith?: TestServer;
  mailbox?: Mailbox;
  /**
   * Serve a built web app (e.g. web/dist) beside the API, as production does; default none.
   * 'one-page': a build of one index.html, made in the data folder, for what pages get (headers).
   */
  webDist?: string | null | 'one-page';
  /** The app's logger (e.g. one writing to a capture stream); default: LOG_LEVEL to stdout. */
  logger?: Logger;
  /**
   * scrypt's log2 N for hashes this process makes from now on. Default 12 (4 MiB, ~15 ms): the
   * suite signs up thousands of accounts, and at production's 17 (128 MiB, ~0.5 s here) they
   * were a third of CI. The browser journeys and servers started as processes keep 17
   * (password.test.ts checks that a server's hashes carry it).
   */
  passwordWorkFactor?: number;
}

export const TEST_PASSWORD_WORK_FACTOR = 12;

export async function startTestServer(dialect: TestDialect, opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.env?.DATA_DIR ?? opts.shareDatabaseWith?.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tp-test-'));
  const mailbox = opts.mailbox ?? opts.shareDatabaseWith?.mailbox ?? (await startMailbox());
  const ownsMailbox = !opts.mailbox && !opts.shareDatabaseWith;
  let schema: string | null = null;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SMTP_URL: mailbox.url,
    AUTH_RATE_LIMIT_PER_IP: '100000',
    SCHEDULER: 'off',
    ...opts.env,
  };
  if (dialect === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    schema = opts.shareDatabaseWith?.env.DATABASE_SCHEMA ?? `t_${randomBytes(6).toString('hex')}`;
    env.DATABASE_URL = TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = schema;
  } else {
    env.DATABASE_URL = opts.env?.DATABASE_URL ?? `sqlite:${join(dataDir, 'app.db')}`;
  }
  setPasswordWorkFactor(opts.passwordWorkFactor ?? TEST_PASSWORD_WORK_FACTOR);
  let webDist = opts.webDist ?? null;
  if (webDist === 'one-page') {
    webDist = join(dataDir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tonight\'s Pick</title><div id="root"></div>');
  }
  const running = await startServer(loadConfig(env), { clock: opts.clock, webDist, logger: opts.logger });
  const owner = !opts.shareDatabaseWith;
  return {
    url: running.url,
    dialect,
    running,
    mailbox,
    env,
    client() {
      const store = new MemoryTokenStore();
      const tc: TestClient = { api: undefined as unknown as ApiClient, store, unauthorizedCalls: 0 };
      tc.api = createApiClient({ baseUrl: running.url, fetch: browserFetch(), tokenStore: store, onUnauthorized: () => void tc.unauthorizedCalls++ });
      return tc;
    },
    async close() {
      await running.close();
      if (ownsMailbox) await mailbox.close();
      if (owner) {
        if (schema && TEST_DATABASE_URL) {
          await dropSchema(schema);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** fetch that keeps the cookies it is given and sends them back, as the browser of one person does. */
export function browserFetch(jar = new Map<string, string>()): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0];
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${counter++}.${randomBytes(3).toString('hex')}@example.test`;
}

export const GOOD_PASSWORD = 'Sup3r-secret!';

/** Registers, reads the code from the mailbox, verifies: a signed-in client. */
export async function signUp(server: TestServer, opts: { email?: string; fullName?: string } = {}): Promise<TestClient & { email: string }> {
  const c = server.client();
  const email = opts.email ?? uniqueEmail();
  await c.api.auth.register({ email, password: GOOD_PASSWORD, full_name: opts.fullName ?? 'Test User' });
  const code = await server.mailbox.codeFor(email);
  await c.api.auth.verifyEmail({ email, verification_code: code });
  return Object.assign(c, { email });
}

/** Raw HTTP, for inputs the typed client cannot produce. */
export async function rawRequest(
  url: string,
  path: string,
  init: { method?: string; body?: string | Buffer; headers?: Record<string, string>; token?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${url}${path}`, { method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'), headers, body: init.body as RequestInit["body"] });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}
