// The last step of `npm run build` (web/package.json), after the browser build (dist/) and the
// server-side build of src/prerender.tsx (dist/.ssr/):
// 1. Pre-renders the public pages a visitor lands on first into dist/prerendered/<path>/index.html:
//    the page's HTML is on screen before any JavaScript runs (the largest paint of the landing page
//    on a phone came after the whole app had loaded), with its stylesheets inline (no request
//    stands between the HTML and the first paint) and its code preloaded. The server answers
//    those paths with them (server/src/http/static-assets.ts). The dashboard's page is written the
//    same way but with nothing rendered (it is the user's own): its stylesheets as one file, its
//    code (the signed-in chunk group of vite.config.ts) preloaded with the entry, and first the
//    script that asks for the card's first reads while that code loads (src/earlyReads.ts).
//    docs/performance.md ("Web") says why each of these. The landing and sign-in pages are written
//    once per language, at their own paths (/es, /es/login: dist/prerendered/es/...), each with
//    <html lang dir>, its title in that language and hreflang links to the others (docs/i18n.md).
// 2. Writes a .br (brotli 11) and a .gz (level 9) beside each text file, when smaller, so the
//    server compresses nothing of the web app per request.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { closure as chunkClosure, keyOf as manifestKey } from './manifest-graph.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');

/**
 * The pages pre-rendered, by path: the lazily loaded modules each one shows, its title
 * (usePageTitle's); for a signed-in page, nothing rendered and the script it starts with.
 */
const PAGES = {
  '/': { modules: ['src/pages/LandingPage.tsx'], title: "Tonight's Pick" },
  '/login': { modules: ['src/pages/LoginPage.tsx'], title: "Sign in · Tonight's Pick" },
  '/app/dashboard': { modules: ['signed-in'], title: "Tonight · Tonight's Pick", signedIn: true, early: 'src/earlyReads.ts' },
};

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');
if (!shell.includes('<html lang="en">')) throw new Error('dist/index.html has no <html lang="en">');

const keyOf = (module) => manifestKey(manifest, module);
const closure = (key, files, css) => chunkClosure(manifest, key, files, css);

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inlineCss(file) {
  const css = readFileSync(join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
  return css;
}
/**
 * A stylesheet's link kept as a marker: its type is not a style language the browser knows, so the
 * browser does not fetch it (HTML's "should fetch" for a stylesheet link), and the code that loads a
 * chunk finds the link and does not fetch that stylesheet either (Vite's preload looks for a
 * stylesheet link of that href before it adds one). A `disabled` link served the same end until
 * Chromium 150, which fetches disabled stylesheets.
 */
const markerLink = (file) => `<link rel="stylesheet" crossorigin href="/${file}" type="text/x-in-page">`;

/** The shell's stylesheets, by file. */
const shellCss = [...shell.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)].map((m) => m[1]);

/**
 * A page's stylesheets. Pre-rendered, they are inline: its markup paints before any request. A
 * signed-in page has nothing to paint before its code has run, and takes them as one file: one
 * request instead of one per chunk, beside its scripts. Either way each one keeps a marker link.
 */
function styles(files, signedIn) {
  if (!signedIn) return files.map((f) => `<style>${inlineCss(f)}</style>\n    ${markerLink(f)}`);
  const text = files.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  const file = `assets/page-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.css`;
  writeFileSync(join(dist, file), text);
  return [`<link rel="stylesheet" crossorigin href="/${file}">`, ...files.map(markerLink)];
}

// The signed-in chunk group (vite.config.ts) must stay out of every page a visitor sees signed out.
const SIGNED_IN_PAGES = /^src\/pages\/(DashboardPage|OnboardingPage|SettingsPage|WatchlistPage)\.tsx$/;
const signedInChunk = manifest[keyOf('signed-in')].file;
for (const key of [keyOf('index.html'), ...Object.keys(manifest).filter((k) => k.startsWith('src/pages/') && !SIGNED_IN_PAGES.test(k))]) {
  if (closure(key).files.has(signedInChunk)) throw new Error(`${key} loads the signed-in chunk ${signedInChunk}: a module it imports is in that group (vite.config.ts)`);
}

const { renderPage, partsOfPath, LOCALES, DEFAULT_LOCALE, directionOf, localeSegment, LOCALIZED_PAGES } = await import(pathToFileURL(join(dist, '.ssr', 'prerender.js')).href);
/** A page's path in a language: `/es/login`, `/es` (English: the path itself). */
const pathIn = (locale, path) => (locale === DEFAULT_LOCALE ? path : `/${localeSegment(locale)}${path === '/' ? '' : path}`);
/**
 * Each language's version of a localized page, named for search engines and for one another
 * (root-relative: the build does not know the instance's address), English also the default.
 */
const alternates = (path) =>
  [...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${pathIn(l, path)}">`), `<link rel="alternate" hreflang="x-default" href="${path}">`].join('\n    ');
// A signed-in page has one path but a file per language (index.<lang>.html: its <html lang> and its
// language's catalog preloaded), which the server picks by the browser's language.
const renders = Object.entries(PAGES).flatMap(([path, page]) =>
  (LOCALIZED_PAGES.includes(path) || page.signedIn ? LOCALES : [DEFAULT_LOCALE]).map((locale) => ({ path, locale, page })),
);
for (const { path: englishPath, locale, page: { modules, title: englishTitle, signedIn = false, early } } of renders) {
  const path = signedIn ? englishPath : pathIn(locale, englishPath);
  const files = new Set();
  const css = new Set();
  for (const page of modules) closure(keyOf(page), files, css);
  // A signed-in page is the user's own: main.tsx renders it, with its code already loaded.
  const rendered = signedIn ? { markup: '', title: englishTitle } : await renderPage(path, locale);
  const { markup, title } = rendered;
  if (!signedIn && locale === DEFAULT_LOCALE && title !== englishTitle) throw new Error(`${path}: the page's title is "${title}", PAGES says "${englishTitle}"`);
  // What the shell already loads is not repeated.
  const pageCss = [...css].filter((f) => !shell.includes(f));
  // The early script first in the head, so the browser fetches and runs it before anything else.
  if (early && !manifest[early]?.isEntry) throw new Error(`${early} is not an entry of the build`);
  const earlyScript = early ? `<script type="module" async crossorigin src="/${manifest[early].file}"></script>` : null;
  // The page's scripts and preloads come first in the head, before the inline stylesheets: the
  // browser asks for them as soon as it has read them.
  const entry = shell.match(/<script type="module" crossorigin src="[^"]+"><\/script>/)?.[0];
  if (!entry) throw new Error('dist/index.html has no module script');
  const shellPreloads = shell.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g) ?? [];
  // The language's catalog (web/src/i18n/i18n.ts loads it before the first render) comes with the
  // page's code: the parts that page shows.
  const catalogs = partsOfPath(path).map((part) => manifest[`virtual:messages/${locale}/${part}`]?.file);
  if (catalogs.some((f) => !f)) throw new Error(`the build has no catalog chunk for ${locale}`);
  const preloads = [...files, ...catalogs].filter((f) => !shell.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  const head = [earlyScript, entry, ...shellPreloads, ...preloads].filter(Boolean).join('\n    ');
  const rest = [entry, ...shellPreloads, ...shellCss.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)].reduce(
    (h, tag) => h.replace(new RegExp(`\\s*${tag.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`), ''),
    shell,
  );
  const localized = LOCALIZED_PAGES.includes(englishPath);
  const html = rest
    .replace('<html lang="en">', `<html lang="${locale}" dir="${directionOf(locale)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>${localized ? `\n    ${alternates(englishPath)}` : ''}`)
    .replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${head}`)
    .replace('</head>', `  ${styles([...shellCss, ...pageCss], signedIn).join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  const name = signedIn && locale !== DEFAULT_LOCALE ? `index.${localeSegment(locale)}.html` : 'index.html';
  const out = join(dist, 'prerendered', path === '/' ? '' : path.slice(1), name);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
}
rmSync(join(dist, '.ssr'), { recursive: true, force: true });

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
function precompress(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.')) precompress(path);
    } else if (COMPRESSIBLE.test(e.name)) {
      const raw = readFileSync(path);
      const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      const gz = gzipSync(raw, { level: 9 });
      if (br.length < raw.length) writeFileSync(`${path}.br`, br);
      if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    }
  }
}
precompress(dist);
