#!/usr/bin/env node
// Validates the built-in catalog pack (server/catalog/titles/*.jsonl) without dependencies,
// so it runs before `npm install` too. The server's loader applies the same rules via zod.
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const GENRES = new Set(['Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Science Fiction', 'Thriller', 'War', 'Western']);
const LANGS = new Set(['en', 'hi', 'es', 'ko', 'ja', 'fr', 'de', 'ta', 'te', 'ml', 'pt', 'it', 'tr', 'zh', 'da', 'sv', 'no', 'bn', 'kn', 'mr', 'pl', 'th', 'cn', 'fa']);
const PLATFORMS = new Set(['Netflix', 'Prime Video', 'Disney+', 'HBO Max', 'Hulu', 'Apple TV', 'Paramount+', 'Peacock', 'JioHotstar', 'ZEE5', 'Sony LIV', 'Crunchyroll', 'MUBI', 'aha', 'Sun NXT', 'hoichoi']);
const KEYS = new Set(['kind', 'title', 'original_title', 'year', 'end_year', 'genres', 'language', 'runtime', 'seasons', 'episode_runtime', 'episodes', 'imdb', 'rt', 'fame', 'description', 'keywords', 'director', 'cast', 'availability']);

const int = (v) => Number.isInteger(v);
function check(t) {
  const e = [];
  for (const k of Object.keys(t)) if (!KEYS.has(k)) e.push(`unknown field ${k}`);
  if (t.kind !== 'movie' && t.kind !== 'series') e.push('kind');
  if (typeof t.title !== 'string' || !t.title.trim()) e.push('title');
  if (!int(t.year) || t.year < 1920 || t.year > 2026) e.push('year');
  if (!Array.isArray(t.genres) || t.genres.length < 1 || t.genres.length > 3 || !t.genres.every((g) => GENRES.has(g))) e.push(`genres ${JSON.stringify(t.genres)}`);
  if (!LANGS.has(t.language)) e.push(`language ${t.language}`);
  if (t.kind === 'movie') {
    if (!int(t.runtime) || t.runtime < 40 || t.runtime > 300) e.push('runtime');
    for (const k of ['seasons', 'episode_runtime', 'episodes', 'end_year']) if (k in t) e.push(`${k} on a movie`);
  } else {
    if (!int(t.seasons) || t.seasons < 1 || t.seasons > 60) e.push('seasons');
    if (!int(t.episode_runtime) || t.episode_runtime < 5 || t.episode_runtime > 120) e.push('episode_runtime');
    if ('episodes' in t && (!int(t.episodes) || t.episodes < 1 || t.episodes > 5000)) e.push('episodes');
    if (!(t.end_year === null || (int(t.end_year) && t.end_year >= t.year && t.end_year <= 2026))) e.push('end_year');
    if ('runtime' in t) e.push('runtime on a series');
  }
  if (!(t.imdb === null || (typeof t.imdb === 'number' && t.imdb >= 1 && t.imdb <= 10))) e.push('imdb');
  if (!(t.rt === null || (int(t.rt) && t.rt >= 0 && t.rt <= 100))) e.push('rt');
  if (!int(t.fame) || t.fame < 1 || t.fame > 5) e.push('fame');
  if (typeof t.description !== 'string' || t.description.length < 60 || t.description.length > 260) e.push(`description length ${t.description?.length}`);
  if (!Array.isArray(t.keywords) || t.keywords.length < 3 || t.keywords.length > 8 || !t.keywords.every((k) => typeof k === 'string' && k === k.toLowerCase() && k.length > 1)) e.push('keywords');
  if (typeof t.director !== 'string' || !t.director.trim()) e.push('director');
  if (!Array.isArray(t.cast) || t.cast.length > 3 || !t.cast.every((c) => typeof c === 'string' && c.trim())) e.push('cast');
  if (!Array.isArray(t.availability) || !t.availability.every((a) => a && PLATFORMS.has(a.platform) && /^(GLOBAL|[A-Z]{2})$/.test(a.region) && /^\d{4}-\d{2}$/.test(a.as_of))) e.push(`availability ${JSON.stringify(t.availability)}`);
  return e;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'catalog', 'titles');
const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => join(dir, f));
const seen = new Map();
let errors = 0, total = 0;
const stats = { movie: 0, series: 0, lang: {}, platform: {} };
for (const file of files) {
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${file}:${i + 1}`;
    let t;
    try { t = JSON.parse(line); } catch (err) { console.log(`${where}: not JSON (${err.message})`); errors++; return; }
    total++;
    const e = check(t);
    if (e.length) { console.log(`${where}: ${t.title ?? '?'}: ${e.join(', ')}`); errors++; }
    const key = `${t.kind}|${String(t.title).toLowerCase()}|${t.year}`;
    if (seen.has(key)) { console.log(`${where}: duplicate of ${seen.get(key)}: ${t.title} (${t.year})`); errors++; } else seen.set(key, where);
    stats[t.kind] = (stats[t.kind] ?? 0) + 1;
    stats.lang[t.language] = (stats.lang[t.language] ?? 0) + 1;
    for (const a of t.availability ?? []) stats.platform[a.platform] = (stats.platform[a.platform] ?? 0) + 1;
  });
}
console.log(`${total} titles (${stats.movie} movies, ${stats.series} series), ${errors} problems`);
console.log('languages:', JSON.stringify(stats.lang));
console.log('platforms:', JSON.stringify(stats.platform));
process.exit(errors ? 1 : 0);
