// `npm run lint`'s message check (issue 39): the catalogs of shared/locales are whole and the code
// uses exactly them. Fails on
// - an area without a file for every language, a key missing from a language or one English lacks,
// - a message that is not valid ICU MessageFormat, or whose arguments or rich-text tags (<0>..</0>)
//   differ from the English message's (a translation that drops {count} would show a wrong text),
// - a key outside its area's prefix (`<area>.`, so every key has one owner),
// - a key the code asks for that English lacks, and an English key no code uses.
// A key is used when its literal appears in the sources; a key the code builds (t(`genres.${id}`))
// is declared by a comment `i18n-dynamic: genres.` in the file that builds it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { areas, LOCALES_DIR, readArea, SOURCE_LOCALE } from '../shared/catalogs.mjs';
import { root } from './lib.mjs';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'hi', 'ja', 'ko', 'ar'];
const SOURCE_DIRS = ['web/src', 'extension/src', 'server/src', 'shared/src'];
const problems = [];

/** The argument names of a compiled message, sorted (plural, select and date arguments included). */
function argumentsOf(compiled, out = new Set()) {
  if (!Array.isArray(compiled)) return out;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    if (typeof token[0] === 'string') out.add(token[0]);
    for (const part of token.slice(1)) {
      if (part && typeof part === 'object' && !Array.isArray(part)) for (const branch of Object.values(part)) argumentsOf(branch, out);
    }
  }
  return out;
}
const tagsOf = (message) => [...message.matchAll(/<\/?(\d+)\s*\/?>/g)].map((m) => m[0]).sort().join(' ');
const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

const english = new Map();
for (const area of areas()) {
  const source = readArea(area, SOURCE_LOCALE);
  for (const [key, message] of Object.entries(source)) {
    if (!key.startsWith(`${area}.`)) problems.push(`${area}/en.json: the key ${key} is outside its area's prefix "${area}."`);
    english.set(key, message);
  }
  for (const lang of LANGUAGES) {
    const file = join(LOCALES_DIR, area, `${lang}.json`);
    let own;
    try {
      own = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push(`${relative(root, file)}: ${err.code === 'ENOENT' ? 'missing' : err.message}`);
      continue;
    }
    for (const key of Object.keys(source)) if (!(key in own)) problems.push(`${area}/${lang}.json: missing ${key}`);
    for (const [key, message] of Object.entries(own)) {
      if (!(key in source)) {
        problems.push(`${area}/${lang}.json: ${key} is not in en.json`);
        continue;
      }
      if (typeof message !== 'string' || !message.trim()) {
        problems.push(`${area}/${lang}.json: ${key} is empty`);
        continue;
      }
      let compiled;
      try {
        compiled = compileMessage(message);
      } catch (err) {
        problems.push(`${area}/${lang}.json: ${key} is not valid ICU MessageFormat (${err.message})`);
        continue;
      }
      const want = argumentsOf(compileMessage(source[key]));
      if (!sameSet(argumentsOf(compiled), want)) problems.push(`${area}/${lang}.json: ${key} has arguments {${[...argumentsOf(compiled)].join(', ')}}, English has {${[...want].join(', ')}}`);
      if (tagsOf(message) !== tagsOf(source[key])) problems.push(`${area}/${lang}.json: ${key} has tags "${tagsOf(message)}", English has "${tagsOf(source[key])}"`);
    }
  }
}

/** Every non-test source file of the workspaces. */
function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'test') yield* sources(path);
    } else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const used = new Set();
const dynamic = new Set();
// A key the code asks for: the first argument of t() / i18n._() / translate(), or a Trans id.
const ASKED = /(?:\bt|\bi18n\._|\btranslate|\bmsg)\(\s*['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]|\bid=["']([a-z][\w-]*(?:\.[\w-]+)+)["']/g;
const LITERAL = /['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g;
for (const dir of SOURCE_DIRS) {
  for (const file of sources(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(LITERAL)) used.add(m[1]);
    for (const m of text.matchAll(/i18n-dynamic:\s*([\w.-]+\.)/g)) dynamic.add(m[1]);
    for (const m of text.matchAll(ASKED)) {
      const key = m[1] ?? m[2];
      if (!english.has(key)) problems.push(`${relative(root, file)}: asks for ${key}, which en.json lacks`);
    }
  }
}
for (const key of english.keys()) {
  if (!used.has(key) && ![...dynamic].some((prefix) => key.startsWith(prefix))) problems.push(`${key}: no code uses it (remove it, or declare its prefix with an i18n-dynamic comment)`);
}

// `node scripts/check-messages.mjs --report`: per language, how many keys it has and how many read
// exactly as English (brand and product names, numbers-only messages: worth a look, not wrong).
if (process.argv.includes('--report')) {
  console.log('| language | keys | translated | same as English |');
  console.log('|---|---:|---:|---:|');
  for (const lang of LANGUAGES) {
    let have = 0;
    let same = 0;
    for (const area of areas()) {
      const own = readArea(area, lang);
      for (const key of Object.keys(readArea(area, SOURCE_LOCALE))) {
        if (typeof own[key] !== 'string') continue;
        have += 1;
        if (lang !== SOURCE_LOCALE && own[key] === english.get(key)) same += 1;
      }
    }
    console.log(`| ${lang} | ${english.size} | ${have} (${((100 * have) / Math.max(1, english.size)).toFixed(1)}%) | ${same} |`);
  }
}

if (problems.length) {
  console.error(`messages: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n  ${problems.slice(0, 200).join('\n  ')}`);
  process.exit(1);
}
console.log(`messages: ${english.size} keys in ${areas().length} areas, ${LANGUAGES.length} languages, all whole`);
