// The last step of `npm run build` (web/package.json), after the browser build (dist/) and the
// server-side build of src/prerender.tsx (dist/.ssr/):
// 1. Pre-renders the public pages a visitor lands on first into dist/prerendered/<path>/index.html:
//    the page's HTML is on screen before any JavaScript runs (the largest paint of the landing page
//    on a phone came after the whole app had loaded), with its stylesheets inline (no request
//    stands between the HTML and the first paint) and its code preloaded. The server answers
//    those paths with them (server/src/http/static-assets.ts).
// 2. Writes a .br (brotli 11) and a .gz (level 9) beside each text file, when smaller, so the
//    server compresses nothing of the web app per request.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');

/** The pages pre-rendered, by path: the lazily loaded module each one shows, and its title (usePageTitle's). */
const PAGES = {
  '/': { module: 'src/pages/LandingPage.tsx', title: "Tonight's Pick" },
  '/login': { module: 'src/pages/LoginPage.tsx', title: "Sign in · Tonight's Pick" },
};

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');

/** The chunk of a module and its static imports, with their stylesheets. */
function closure(key, files = new Set(), css = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imp of chunk.imports ?? []) closure(imp, files, css);
  return { files, css };
}

function inlineCss(file) {
  const css = readFileSync(join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
  return css;
}
/** The shell's own stylesheet links, inline. */
function inlineShellCss(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_m, file) => `<style>${inlineCss(file)}</style>`);
}

const { renderPage } = await import(pathToFileURL(join(dist, '.ssr', 'prerender.js')).href);
for (const [path, { module: page, title }] of Object.entries(PAGES)) {
  if (!manifest[page]) throw new Error(`${page} is not in the manifest`);
  const markup = await renderPage(path);
  const { files, css } = closure(page);
  // What the shell already loads is not repeated. The page's own stylesheet stays linked too, as
  // print-only: the code that loads the page finds it there and does not fetch it again before
  // running (Vite's preload looks for the link), and the browser fetches it without waiting on it.
  const pageCss = [...css].filter((f) => !shell.includes(f));
  const links = [
    ...pageCss.map((f) => `<style>${inlineCss(f)}</style>`),
    ...pageCss.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" media="print">`),
    ...[...files].filter((f) => !shell.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
  const html = inlineShellCss(shell)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `  ${links}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  const out = join(dist, 'prerendered', path === '/' ? '' : path.slice(1), 'index.html');
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
