// The shared route table (shared/src/routes.ts) is the API: every route in it is served, every
// /api route served is in it, each answers with the auth the table declares, and bad input gets
// the same 400 validation_error wherever it is caught.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ROUTES, fillPath, type RouteDef } from '@app/shared';
import { rawRequest, signUp, startTestServer, type TestServer } from './support/test-server.js';
import { declaredRoutes } from './support/fuzz-routes.js';
import { onboardedUser } from './recommendations.helpers.js';

const table = Object.values(ROUTES as Record<string, RouteDef>);
const params = { id: 'x', title_id: 'tt0000001', slug: 'x', kind: 'jellyfin', secret: 'x' };

/** Each key registered by a `*.routes.ts` under server/src, with the folder of that file. */
function servingFolders(): Map<string, string[]> {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const found = new Map<string, string[]>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.routes.ts'))) {
    const folder = basename(dirname(join(src, file)));
    for (const [, key] of readFileSync(join(src, file), 'utf8').matchAll(/\broute\(\s*'([a-z_]+)'/g)) found.set(key, [...(found.get(key) ?? []), folder]);
  }
  return found;
}

/** Each route key the typed client calls (shared/src/client.ts), with the namespace it is called under. */
function clientNamespaces(): Array<[string, string]> {
  const source = readFileSync(fileURLToPath(new URL('../../shared/src/client.ts', import.meta.url)), 'utf8');
  const found: Array<[string, string]> = [];
  let namespace = '';
  for (const line of source.slice(source.indexOf('  return {\n')).split('\n')) {
    namespace = /^ {4}(\w+): \{$/.exec(line)?.[1] ?? namespace;
    for (const m of line.matchAll(/(?:call|file)\('([a-z_]+)'|ROUTES\.([a-z_]+)/g)) found.push([m[1] ?? m[2], namespace]);
  }
  return found;
}

describe('the route table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every /api route the server answers, and the server answers every route it lists', () => {
    const served = declaredRoutes(server.running.app).filter((r) => r.split(' ')[1].startsWith('/api/'));
    expect(served).toEqual(table.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('finds a route whatever the case of its path, as Express matches, and answers 404 JSON past the table', async () => {
    expect((await rawRequest(server.url, '/API/Public/Config')).status).toBe(200);
    for (const path of ['/api/public/no-such', '/api/no-such-prefix/x', '/api/recommendations', '/api/', '/api']) {
      const res = await rawRequest(server.url, path);
      expect([path, res.status, res.body?.code]).toEqual([path, 404, 'not_found']);
    }
  });

  it('answers a route without :params alike by its exact path (looked up directly) and by the forms only the routers match', async () => {
    const user = await onboardedUser(server);
    const token = user.store.token!;
    const exact = await rawRequest(server.url, '/api/recommendations/current', { token });
    expect(exact.status).toBe(200);
    for (const path of ['/api/recommendations/current/', '/API/Recommendations/Current']) {
      const res = await rawRequest(server.url, path, { token });
      expect([path, res.status, res.body.id]).toEqual([path, 200, exact.body.id]);
    }
    const head = await fetch(`${server.url}/api/recommendations/current`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    expect(head.status).toBe(200);
    for (const path of ['/api/recommendations/current', '/api/recommendations/current/']) {
      const res = await rawRequest(server.url, path);
      expect([path, res.status, res.body.detail]).toEqual([path, 401, 'Your session has expired. Please sign in again.']);
    }
    // A bad body on the looked-up path is the route's own 400, and the wrong method is not found.
    const bad = await rawRequest(server.url, '/api/recommendations/new', { token, body: JSON.stringify({ mood: 'no-such-mood' }) });
    expect([bad.status, bad.body.code]).toEqual([400, ERROR_CODES.validation.code]);
    const wrongMethod = await rawRequest(server.url, '/api/recommendations/current', { token, method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.body.code]).toEqual([404, 'not_found']);
  });

  // A key says where its code is: the part before its first _ is the folder whose routes file
  // serves it (docs/architecture.md, "The contract is the source of truth").
  it('names by its prefix the one folder that serves each route', () => {
    const folders = servingFolders();
    const wrong = Object.keys(ROUTES)
      .map((key) => [key, (folders.get(key) ?? []).join(',')])
      .filter(([key, folder]) => folder !== key.split('_')[0]);
    expect(wrong).toEqual([]);
  });

  it('is called by the typed client under the namespace of each key\'s prefix', () => {
    const calls = clientNamespaces();
    expect(calls.length).toBeGreaterThan(Object.keys(ROUTES).length / 2);
    expect(calls.filter(([key, namespace]) => key.split('_')[0] !== namespace)).toEqual([]);
  });

  it('names each method and path once', () => {
    const keys = table.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('asks for a token exactly where the table says so', async () => {
    const wrong: string[] = [];
    for (const r of table) {
      const res = await rawRequest(server.url, fillPath(r.path, params), { method: r.method, body: r.method === 'GET' ? undefined : '{}' });
      const refused = res.status === 401;
      const needsToken = r.auth === 'user' || r.auth === 'onboarded';
      if (refused !== needsToken) wrong.push(`${r.method} ${r.path}: ${res.status} (auth ${r.auth})`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers bad input with one code, whether a schema or a service rule catches it', async () => {
    const user = await signUp(server);
    const token = user.store.token!;
    const { path, method } = ROUTES.settings_update_profile;
    // The schema catches a language list that is not a list...
    const bySchema = await rawRequest(server.url, path, { method, token, body: JSON.stringify({ preferred_languages: 'English' }) });
    // ...the profile service catches a language that does not exist.
    const byService = await rawRequest(server.url, path, { method, token, body: JSON.stringify({ preferred_languages: ['Klingon'] }) });
    for (const res of [bySchema, byService]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERROR_CODES.validation.code, errors: [{ path: 'preferred_languages' }] });
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('refuses a connected extension the routes the table keeps from it', async () => {
    const user = await signUp(server);
    const { token } = await user.api.extension.createToken({ nonce: 'n'.repeat(32), browser_name: 'Test' });
    const own = await rawRequest(server.url, ROUTES.settings_profile.path, { token });
    const refused = await rawRequest(server.url, ROUTES.extension_tokens.path, { token });
    expect(own.status).toBe(200);
    expect(refused.status).toBe(403);
  });
});
