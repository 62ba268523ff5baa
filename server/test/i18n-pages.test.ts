// The pre-rendered public pages in each language (issue 39, docs/i18n.md): the build writes `/`
// and `/login` once per language (/es, /es/login, ...). Each is answered at its own path; at the
// English path a browser gets its own language's page, by the language it chose in the app (the
// ui_language cookie) or else by Accept-Language, with Vary saying so. Other pages are one page.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES, localeSegment } from '@app/shared';
import { startTestServer, rawRequest, type TestServer } from './support/test-server.js';
import { pageLocale } from '../src/i18n/page-locale.js';

const page = (lang: string, name: string) => `<!doctype html><html lang="${lang}"><body><div id="root">${name}</div></body></html>`;

describe('pages in each language', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tp-web-lang-'));
    writeFileSync(join(webDist, 'index.html'), page('en', ''));
    for (const locale of LOCALES) {
      const dir = locale === 'en' ? join(webDist, 'prerendered') : join(webDist, 'prerendered', localeSegment(locale));
      mkdirSync(join(dir, 'login'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), page(locale, 'landing'));
      writeFileSync(join(dir, 'login', 'index.html'), page(locale, 'login'));
      // A signed-in page: one path, a file per language beside the English one.
      mkdirSync(join(webDist, 'prerendered', 'app', 'dashboard'), { recursive: true });
      writeFileSync(join(webDist, 'prerendered', 'app', 'dashboard', locale === 'en' ? 'index.html' : `index.${localeSegment(locale)}.html`), page(locale, 'dashboard'));
    }
    server = await startTestServer('sqlite', { webDist });
  });
  afterAll(async () => {
    await server?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('answers each language at its own path, whatever the browser', async () => {
    for (const [path, lang, name] of [['/es', 'es', 'landing'], ['/es/', 'es', 'landing'], ['/pt-br/login', 'pt-BR', 'login'], ['/ar/login', 'ar', 'login']]) {
      const r = await rawRequest(server.url, path, { headers: { 'accept-language': 'de' } });
      expect(r.status, path).toBe(200);
      expect(r.body, path).toBe(page(lang, name));
    }
  });

  it('answers the English path in the browser language, the chosen one first', async () => {
    const get = (headers: Record<string, string>) => rawRequest(server.url, '/login', { headers });
    expect((await get({ 'accept-language': 'ja-JP,ja;q=0.9' })).body).toBe(page('ja', 'login'));
    expect((await get({ 'accept-language': 'ja', cookie: 'theme=dark; ui_language=ko' })).body).toBe(page('ko', 'login'));
    expect((await get({ 'accept-language': 'sv' })).body).toBe(page('en', 'login'));
    expect((await get({})).body).toBe(page('en', 'login'));
    const r = await get({ 'accept-language': 'fr' });
    expect(r.headers.get('vary')).toMatch(/Accept-Language/);
    expect(r.headers.get('vary')).toMatch(/Cookie/);
  });

  it('answers the dashboard page in the chosen language at its one path', async () => {
    expect((await rawRequest(server.url, '/app/dashboard', { headers: { cookie: 'ui_language=hi' } })).body).toBe(page('hi', 'dashboard'));
    expect((await rawRequest(server.url, '/app/dashboard', { headers: { 'accept-language': 'ar' } })).body).toBe(page('ar', 'dashboard'));
    expect((await rawRequest(server.url, '/app/dashboard')).body).toBe(page('en', 'dashboard'));
    expect((await rawRequest(server.url, '/es/app/dashboard')).status).toBe(404);
  });

  it('has no language paths for the other pages, and no page at an unknown language', async () => {
    expect((await rawRequest(server.url, '/es/about')).status).toBe(404);
    expect((await rawRequest(server.url, '/xx/login')).status).toBe(404);
    expect((await rawRequest(server.url, '/about', { headers: { 'accept-language': 'es' } })).headers.get('vary') ?? '').not.toMatch(/Accept-Language/);
  });

  it('reads only a bounded start of the cookie header, and ignores a language it does not speak', () => {
    expect(pageLocale({ cookie: `${'x=1; '.repeat(5000)}ui_language=es` })).toBe('en');
    expect(pageLocale({ cookie: 'ui_language=xx-YY', 'accept-language': 'hi' })).toBe('hi');
    expect(pageLocale({ cookie: 'my_ui_language=ja' })).toBe('en');
  });
});
