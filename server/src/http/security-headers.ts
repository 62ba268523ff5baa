// Security headers: helmet's full set for pages, a short set for API answers and the build's files.
//
// Most of helmet's headers act only on a document a browser renders: the page's CSP (scripts,
// styles, images, Google sign-in), Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
// Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options, X-Frame-Options,
// X-Permitted-Cross-Domain-Policies and X-XSS-Protection. An API answer is JSON, a CSV or JSON
// export, a calendar file, or artwork that sets its own policy (catalog/catalog.routes.ts); none is
// a page, and no /api route redirects a browser or answers with HTML. So /api answers carry what
// still acts on them: nosniff (a JSON body is never sniffed into something runnable), a CSP that
// allows nothing and no framing (should one be opened on its own), CORP (no other site embeds it
// without CORS) and HSTS. Twelve headers and 903 bytes on every answer became four and 209:
// measured in docs/performance.md ("GET /current").
//
// The build's hashed scripts and stylesheets (/assets/) are not pages either: a script's or a
// stylesheet's response CSP, framing and opener headers are never applied, so they carry the same
// short set. On a phone every header byte of the first view's eight files shares the bandwidth with
// the app's code (docs/performance.md, "Web"). A path under /assets/ that is not a file is a 404,
// never the app's page (http/static-assets.ts).
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { isApiPath } from './error-handler.js';
import { isBuildAssetPath } from './static-assets.js';

/** imageOrigin: TMDB's image host (TMDB_IMAGE_URL), the one other place posters come from. */
function pagePolicy(imageOrigin: string) {
  const google = 'https://accounts.google.com';
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `${google}/gsi/client`],
      frameSrc: ["'self'", `${google}/gsi/`],
      connectSrc: ["'self'", `${google}/gsi/`],
      styleSrc: ["'self'", "'unsafe-inline'", `${google}/gsi/style`],
      imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com', imageOrigin],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** What every /api answer and every build file under /assets/ carries; a route may replace one (artwork's CORP and CSP). */
const NON_PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];

export function securityHeaders(imageOrigin: string): RequestHandler {
  const page = helmet({ contentSecurityPolicy: pagePolicy(imageOrigin), crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' } });
  return (req, res, next) => {
    if (!isApiPath(req.url) && !isBuildAssetPath(req.url)) return page(req, res, next);
    for (const [name, value] of NON_PAGE_HEADERS) res.setHeader(name, value);
    next();
  };
}
