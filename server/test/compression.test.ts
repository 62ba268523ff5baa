// What a browser downloads from the one process: the web build's files in the smallest coding it
// accepts (brotli, then gzip, then as they are), API JSON compressed only when it is worth it, and
// robots.txt. Requests go over node:http, which (unlike fetch) neither asks for nor undoes a
// coding, so the test sees the bytes on the wire.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestServer, signUp, type TestServer } from './support/test-server.js';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { chooseCoding } from '../src/http/static-assets.js';
import { COMPRESS_THRESHOLD, compressResponses } from '../src/http/compression.js';

interface Wire {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(url: string, path: string, headers: Record<string, string> = {}): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const ASSET = '/assets/index-abc123.js';
// Repetitive, as minified code is, so each coding is much smaller than the file.
const SCRIPT = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = "tonight's pick ${i % 7}";\n`).join(''));
const INDEX = Buffer.from(`<!doctype html><html lang="en"><head><title>Tonight's Pick</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`);
const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /api/\n';
// What web/finish-build.mjs writes: the landing page and /login rendered, before any JavaScript.
const LANDING = Buffer.from('<!doctype html><html lang="en"><body><div id="root"><h1 class="hero-title">One great movie or series for tonight, picked for you.</h1></div></body></html>');
const LOGIN = Buffer.from('<!doctype html><html lang="en"><body><div id="root"><h1>Sign in</h1><form></form></div></body></html>');

describe('compression', () => {
  let server: TestServer;
  let webDist: string;
  let token: string;
  beforeAll(async () => {
    // A build as web/vite.config.ts writes it: each compressible file with its .br and .gz twin.
    webDist = mkdtempSync(join(tmpdir(), 'tp-web-'));
    mkdirSync(join(webDist, 'assets'));
    mkdirSync(join(webDist, 'prerendered', 'login'), { recursive: true });
    for (const [path, bytes] of [[ASSET, SCRIPT], ['/index.html', INDEX], ['/prerendered/index.html', LANDING], ['/prerendered/login/index.html', LOGIN]] as const) {
      writeFileSync(join(webDist, path), bytes);
      writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(bytes));
      writeFileSync(join(webDist, `${path}.gz`), gzipSync(bytes, { level: 9 }));
    }
    writeFileSync(join(webDist, 'robots.txt'), ROBOTS);
    server = await startTestServer('sqlite', { webDist });
    token = (await signUp(server)).store.token!;
  });
  afterAll(async () => {
    await server?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a built asset as brotli when the browser accepts it, with its type, Vary and immutable caching', async () => {
    // Chrome's header: brotli listed after gzip, with the same weight.
    const r = await get(server.url, ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
    expect(brotliDecompressSync(r.bytes).equals(SCRIPT)).toBe(true);
  });

  it('serves gzip to a browser without brotli, and the file as it is to one that asks for no coding', async () => {
    const gz = await get(server.url, ASSET, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gunzipSync(gz.bytes).equals(SCRIPT)).toBe(true);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(server.url, ASSET, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(plain.status, String(accept)).toBe(200);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers.vary, String(accept)).toMatch(/Accept-Encoding/i);
      expect(plain.bytes.equals(SCRIPT), String(accept)).toBe(true);
    }
  });

  it('follows the weights a client gives: gzip when it prefers gzip to brotli', async () => {
    const r = await get(server.url, ASSET, { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.bytes).equals(SCRIPT)).toBe(true);
    expect(chooseCoding('*', { br: true, gzip: true })).toBe('br');
    expect(chooseCoding('*;q=0', { br: true, gzip: true })).toBe('identity');
    expect(chooseCoding('br', { br: false, gzip: true })).toBe('identity');
    expect(chooseCoding('x-gzip', { br: true, gzip: true })).toBe('gzip');
  });

  it('serves the app page compressed for any app path, never cached without revalidation', async () => {
    for (const path of ['/app/dashboard', '/register', '/app/settings?tab=1']) {
      const r = await get(server.url, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toMatch(/^text\/html/);
      expect(r.headers['content-encoding'], path).toBe('br');
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(r.bytes).equals(INDEX), path).toBe(true);
    }
  });

  it("sends a build file the short header set of a non-page, a page the whole set, and a missing build file a 404 instead of the app's page", async () => {
    const asset = await get(server.url, ASSET, { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const pageOnly of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
      expect(asset.headers[pageOnly], pageOnly).toBeUndefined();
    }
    const page = await get(server.url, '/app/dashboard');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // A chunk of an older build (a tab left open across a deploy): its loader gets a 404 to report,
    // not the app's HTML under a script's name.
    for (const path of ['/assets/index-old999.js', '/assets/page-old999.css', '/assets/']) {
      const missing = await get(server.url, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(missing.status, path).toBe(404);
      expect(missing.headers['content-type'], path).toMatch(/^text\/plain/);
      expect(missing.bytes.toString('utf8'), path).toBe('Not found');
      expect(missing.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers the landing page and /login with their pre-rendered HTML, headline included before any script runs', async () => {
    const landing = await get(server.url, '/', { 'accept-encoding': 'gzip' });
    expect(landing.status).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(landing.bytes).toString('utf8')).toContain('One great movie or series for tonight, picked for you.');
    for (const path of ['/login', '/login/']) {
      const login = await get(server.url, path);
      expect(login.status, path).toBe(200);
      expect(login.bytes.equals(LOGIN), path).toBe(true);
    }
    // The files themselves are not a second address of the pages.
    const direct = await get(server.url, '/prerendered/login/index.html');
    expect(direct.bytes.equals(INDEX)).toBe(true);
  });

  it('compresses API JSON above the threshold when asked, and leaves small answers and clients that do not ask alone', async () => {
    const platforms = await get(server.url, '/api/onboarding/platforms', { 'accept-encoding': 'gzip, deflate, br' });
    expect(platforms.status).toBe(200);
    expect(platforms.headers['content-encoding']).toBe('br');
    expect(platforms.headers.vary).toMatch(/Accept-Encoding/i);
    const decoded = brotliDecompressSync(platforms.bytes);
    expect(decoded.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(decoded.toString('utf8')).platforms.length).toBeGreaterThan(3);

    const gz = await get(server.url, '/api/onboarding/platforms', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).equals(decoded)).toBe(true);

    const plain = await get(server.url, '/api/onboarding/platforms');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.equals(decoded)).toBe(true);

    // A small answer costs more to compress than its bytes cost to send.
    const profile = await get(server.url, '/api/settings/profile', { 'accept-encoding': 'gzip, deflate, br', authorization: `Bearer ${token}` });
    expect(profile.status).toBe(200);
    expect(profile.bytes.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(profile.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(profile.bytes.toString('utf8')).email).toMatch(/@/);
  });

  it('serves robots.txt as text, allowing the site and keeping crawlers off the API', async () => {
    const r = await get(server.url, '/robots.txt');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.bytes.toString('utf8')).toBe(ROBOTS);
  });

  it('ships a robots.txt in the web app that allows the pages and disallows only the API', () => {
    const robots = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'public', 'robots.txt'), 'utf8');
    const rules = robots.split('\n').filter((l) => /^(Allow|Disallow):/i.test(l.trim()));
    expect(rules).toEqual(['Allow: /', 'Disallow: /api/']);
  });
});

describe('compression of a large answer', () => {
  // An export can be megabytes: compressed in the thread pool, not in the request's own turn.
  it('compresses a body over 64 KB too, to exactly its bytes, and keeps the JSON type and charset', async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({ id: `title-${i}`, title: `A film numbered ${i}`, liked: i % 3 === 0 }));
    const app = express();
    compressResponses(app);
    app.get('/export', (_req, res) => {
      res.set('Content-Disposition', 'attachment; filename="export.json"').json({ rows });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const expected = Buffer.from(JSON.stringify({ rows }));
      expect(expected.length).toBeGreaterThan(64 * 1024);
      for (const [accept, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const r = await get(url, '/export', { 'accept-encoding': accept });
        expect(r.headers['content-encoding']).toBe(accept);
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
        expect(decode(r.bytes).equals(expected)).toBe(true);
      }
      const plain = await get(url, '/export');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.equals(expected)).toBe(true);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
