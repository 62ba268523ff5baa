// The built web app, served from the one process (docs/architecture.md). The web build writes a
// .br and a .gz beside each compressible file (web/vite.config.ts), so a browser gets the smallest
// bytes without this process compressing anything per request: the files are listed once at
// start-up and each request picks the variant its Accept-Encoding allows, brotli first.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { DEFAULT_LOCALE, isAppPage, LOCALIZED_PAGES, localeSegment, type Locale } from '@app/shared';
import { pageLocale } from '../i18n/page-locale.js';

export type ContentCoding = 'br' | 'gzip' | 'identity';

interface Asset {
  file: string;
  br: string | null;
  gzip: string | null;
}

/** Hashed build output never changes under its name; everything else is revalidated hourly, as express.static did. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOURLY = 'public, max-age=3600';
/** Where the build writes its hashed scripts and stylesheets. */
const ASSETS = '/assets/';
/** Where the build writes the pre-rendered public pages: <path>/index.html. */
const PRERENDERED = '/prerendered';

/** A request for a file the build hashed (a script or stylesheet), whether or not it exists. */
export const isBuildAssetPath = (url: string) => url.startsWith(ASSETS);

/**
 * The coding to answer with, from an Accept-Encoding header (RFC 9110 12.5.3): the acceptable one
 * with the highest q among those on disk; on a tie brotli, which is the smaller. Browsers list
 * "gzip, deflate, br" with equal weight, so the client's order is not a preference.
 */
export function chooseCoding(header: string | undefined, available: { br: boolean; gzip: boolean }): ContentCoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  // The header is at most Node's header limit (16 KB); a few hundred entries at worst.
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (Number.isFinite(weight) && !q.has(coding)) q.set(coding, weight);
  }
  const weight = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = available.br ? weight('br') : 0;
  const gzip = available.gzip ? Math.max(weight('gzip'), weight('x-gzip')) : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

function listFiles(dir: string, root: string, out: Map<string, Asset>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot files (the Vite manifest in .vite/) are build bookkeeping, not part of the site.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      listFiles(path, root, out);
      continue;
    }
    if (!entry.isFile() || path.endsWith('.br') || path.endsWith('.gz')) continue;
    const has = (suffix: string) => {
      try {
        return statSync(path + suffix).isFile() ? path + suffix : null;
      } catch {
        return null;
      }
    };
    out.set(`/${relative(root, path).split(sep).join('/')}`, { file: path, br: has('.br'), gzip: has('.gz') });
  }
}

export interface WebAssets {
  /** The build's index.html (the page the error handler answers a browser with). */
  index: string;
  /** Serves a file of the build by its path; anything else goes on. */
  files: RequestHandler;
  /**
   * Answers a page of the app: its pre-rendered HTML if the build made one, else index.html;
   * revalidated on each visit. A path the app has no page for gets index.html (which shows "Page
   * not found") with 404, so crawlers and link checkers see the truth.
   */
  sendPage(req: Request, res: Response, next: NextFunction): void;
}

/** The build in webDist, or null when there is none (the web app not built: the API alone). */
export function webAssets(webDist: string): WebAssets | null {
  if (!existsSync(join(webDist, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  listFiles(webDist, webDist, assets);

  function send(req: Request, res: Response, next: NextFunction, asset: Asset, cacheControl: string) {
    const coding = asset.br || asset.gzip ? chooseCoding(req.headers['accept-encoding'], { br: asset.br !== null, gzip: asset.gzip !== null }) : 'identity';
    if (asset.br || asset.gzip) res.vary('Accept-Encoding');
    // The type of the file itself, not of its .br/.gz twin; send() keeps a type already set.
    res.type(extname(asset.file));
    const file = coding === 'br' ? asset.br! : coding === 'gzip' ? asset.gzip! : asset.file;
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.sendFile(file, { cacheControl: false, headers: { 'Cache-Control': cacheControl } }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next(err);
      }
    });
  }

  return {
    index: join(webDist, 'index.html'),
    files(req, res, next) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        return next(); // the app's own route answers a malformed path (400 with its page)
      }
      const asset = assets.get(path);
      // A script or stylesheet of another build (a page open across a deploy asks for its old
      // chunks): a 404 its loader reports, not the app's page as if it were that file.
      if (!asset && isBuildAssetPath(path)) return void res.status(404).type('text/plain').send('Not found');
      // The pages are answered at their own paths (sendPage), never as files.
      if (!asset || path === '/index.html' || path.startsWith(`${PRERENDERED}/`)) return next();
      send(req, res, next, asset, isBuildAssetPath(path) ? IMMUTABLE : HOURLY);
    },
    sendPage(req, res, next) {
      // A public page pre-rendered by the build (web/finish-build.mjs), else the single-page app.
      const path = req.path.replace(/\/+$/, '');
      const own = assets.get(`${PRERENDERED}${path}/index.html`);
      // A page the build wrote in each language, asked for at its English path: the browser's
      // language's (a public page's at its language path, a signed-in page's beside it).
      let localized: Asset | undefined;
      const perLanguage = (locale: Locale) =>
        (LOCALIZED_PAGES as readonly string[]).includes(path || '/') ? `${PRERENDERED}/${localeSegment(locale)}${path}/index.html` : `${PRERENDERED}${path}/index.${localeSegment(locale)}.html`;
      if (own && assets.has(perLanguage('es'))) {
        res.vary('Accept-Language').vary('Cookie');
        const locale = pageLocale(req.headers);
        if (locale !== DEFAULT_LOCALE) localized = assets.get(perLanguage(locale));
      }
      const asset = localized ?? own ?? assets.get('/index.html');
      if (!asset) return next();
      // Decodable: the router's splat refuses a malformed path (400 with the page) before this.
      if (!isAppPage(decodeURIComponent(req.path))) res.status(404);
      send(req, res, next, asset, 'no-cache');
    },
  };
}
