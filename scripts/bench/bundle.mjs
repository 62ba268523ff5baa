// `npm run bench:bundle`: the gzipped JavaScript each route makes the browser download (its code
// and, per language, that language's catalog, which loads before the first render), and the
// extension popup's. Builds nothing: reads web/dist and its Vite manifest (run `npm run build`
// first), follows each route's chunk and its static imports; reads the popup page of
// extension/dist/chrome (`npm run build -w extension`; skipped with a note when absent) and follows
// its scripts' static imports, and the badge's content script there. Prints a table and writes bench-results/bundle.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, keyOf } from '../../web/manifest-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('web/dist/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/**
 * What a route loads: the entry, the lazy chunks it renders, and every static import of those. A
 * name without a path is a chunk group of web/vite.config.ts: 'signed-in' holds the signed-in
 * layout and the dashboard's page.
 */
const ROUTES = {
  '/ (landing)': ['src/pages/LandingPage.tsx'],
  '/login': ['src/pages/LoginPage.tsx'],
  '/register': ['src/pages/RegisterPage.tsx'],
  '/app (dashboard)': ['signed-in'],
  '/app/onboarding': ['signed-in', 'src/pages/OnboardingPage.tsx'],
  '/app/settings': ['signed-in', 'src/pages/SettingsPage.tsx'],
};
const BUDGETS = { '/ (landing)': 90, '/app (dashboard)': 180 };
/** The catalog parts each route loads before its first render (partsOfPath in web/src/i18n/i18n.ts). */
const ALL_PARTS = ['public', 'auth', 'legal', 'app'];
const ROUTE_PARTS = { '/ (landing)': ['public'], '/login': ['public', 'auth'], '/register': ['public', 'auth'], '/app (dashboard)': ALL_PARTS, '/app/onboarding': ALL_PARTS, '/app/settings': ALL_PARTS };

// The app's entry (the build has another, the dashboard's early reads: web/src/earlyReads.ts).
const entryKey = manifest['index.html']?.isEntry ? 'index.html' : undefined;
if (!entryKey) throw new Error('no entry in the manifest');

/** The JavaScript files of the entry and of the chunks of `keys`, with their static imports. */
function jsClosure(keys) {
  const files = new Set();
  for (const k of [entryKey, ...keys]) closure(manifest, k, files);
  return [...files].filter((f) => f.endsWith('.js'));
}

const gz = new Map();
function gzipKb(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
}

/**
 * Each language's catalog (web/src/i18n/i18n.ts loads it before the first render; the pre-rendered
 * pages preload it): a chunk of its own, counted with every route in that language.
 */
const catalogs = {};
for (const key of Object.keys(manifest).filter((k) => k.startsWith('virtual:messages/'))) {
  const [locale, part] = key.slice('virtual:messages/'.length).split('/');
  (catalogs[locale] ??= {})[part] = manifest[key].file;
}
const round = (kb) => Math.round(kb * 10) / 10;

const results = {};
for (const [route, keys] of Object.entries(ROUTES)) {
  const files = jsClosure(keys.map((k) => keyOf(manifest, k)));
  const kb = files.reduce((sum, f) => sum + gzipKb(f), 0);
  // The parts of the catalog the page shows (web/src/i18n/i18n.ts, partsOfPath).
  const parts = ROUTE_PARTS[route];
  const byLocale = Object.fromEntries(Object.entries(catalogs).map(([locale, files]) => [locale, round(kb + parts.reduce((s, p) => s + (files[p] ? gzipKb(files[p]) : 0), 0))]));
  // The budget holds for the heaviest language (the English catalog is the one most visitors get).
  const worst = Math.max(kb, ...Object.values(byLocale));
  results[route] = { gzip_kb: round(worst), code_gzip_kb: round(kb), by_locale: byLocale, files: files.length, budget_kb: BUDGETS[route] ?? null };
}

// The popup opens on every click of the toolbar button: all its JavaScript before the first paint.
const POPUP_BUDGET_KB = 60;
const extDist = join(root, 'extension', 'dist', 'chrome');
const popupHtml = join(extDist, 'src', 'popup', 'index.html');
if (existsSync(popupHtml)) {
  const html = readFileSync(popupHtml, 'utf8');
  const start = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
  const files = new Set();
  const visit = (url) => {
    const rel = url.replace(/^\//, '');
    if (files.has(rel)) return;
    files.add(rel);
    const code = readFileSync(join(extDist, rel), 'utf8');
    // Static imports only ("import x from" and bare "import"): a dynamic import() waits for use.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) visit(posix.join(posix.dirname(rel), m[1]));
  };
  for (const u of start) visit(u);
  const kb = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(extDist, f)), { level: 9 }).length / 1024, 0);
  // The popup's catalog loads before its first render (extension/src/lib/i18n.ts): a chunk per
  // language named after it; the heaviest one counts against the budget.
  const languages = ['en', 'es', 'fr', 'de', 'pt-BR', 'hi', 'ja', 'ko', 'ar'];
  const assetsDir = join(extDist, 'assets');
  const catalogKb = Object.fromEntries(
    (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
      .map((f) => [languages.find((l) => new RegExp(`^${l}-[\\w-]{8}\\.js$`).test(f)), f])
      .filter(([l]) => l)
      .map(([l, f]) => [l, gzipSync(readFileSync(join(assetsDir, f)), { level: 9 }).length / 1024]),
  );
  const heaviest = Math.max(0, ...Object.values(catalogKb));
  results['extension popup'] = {
    gzip_kb: Math.round((kb + heaviest) * 10) / 10,
    code_gzip_kb: Math.round(kb * 10) / 10,
    by_locale: Object.fromEntries(Object.entries(catalogKb).map(([l, c]) => [l, Math.round((kb + c) * 10) / 10])),
    files: files.size,
    budget_kb: POPUP_BUDGET_KB,
  };
} else {
  console.log('extension/dist/chrome is missing: the popup is not measured (`npm run build -w extension`).\n');
}

// The badge's content script runs on every title page of the sites a user turned on: one
// self-contained file (an IIFE, no imports), injected beside the site's own scripts.
const BADGE_BUDGET_KB = 15;
const badgeJs = join(extDist, 'src', 'content', 'badge.iife.js');
if (existsSync(badgeJs)) {
  const kb = gzipSync(readFileSync(badgeJs), { level: 9 }).length / 1024;
  results['extension badge'] = { gzip_kb: Math.round(kb * 10) / 10, files: 1, budget_kb: BADGE_BUDGET_KB };
}

console.log('route                  gzip JS (KB)  files  budget');
for (const [route, r] of Object.entries(results)) {
  const budget = r.budget_kb === null ? '' : `${r.budget_kb} ${r.gzip_kb < r.budget_kb ? 'ok' : 'OVER'}`;
  console.log(`${route.padEnd(22)} ${r.gzip_kb.toFixed(1).padStart(12)}  ${String(r.files).padStart(5)}  ${budget}`);
}
const locales = Object.keys(catalogs);
if (locales.length) {
  console.log(`\nby language (route code + its catalog, gzip KB)\nroute                  ${locales.map((l) => l.padStart(6)).join(' ')}`);
  for (const [route, r] of Object.entries(results)) if (r.by_locale) console.log(`${route.padEnd(22)} ${locales.map((l) => (r.by_locale[l] === undefined ? "-" : r.by_locale[l].toFixed(1)).padStart(6)).join(' ')}`);
}
const outDir = join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'bundle.json'), JSON.stringify({ measured_at: new Date().toISOString(), gzip_level: 9, routes: results }, null, 2) + '\n');
console.log('\nwrote bench-results/bundle.json');
