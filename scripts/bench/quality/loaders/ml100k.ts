// MovieLens 100K in its published form: u.data ("user \t item \t rating \t timestamp") and u.item
// (pipe-separated, latin-1: id|title|release date|video release|IMDb URL|19 genre flags).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RawLog, yearFromTitle } from '../dataset.js';
import { buildP1Split, type ItemMetadata, type SplitResult } from '../split.js';
import { forEachLine, toNumber } from './text.js';

/** u.genre's order; used when the folder has no u.genre. */
export const ML100K_GENRES = [
  'unknown', 'Action', 'Adventure', 'Animation', "Children's", 'Comedy', 'Crime', 'Documentary', 'Drama',
  'Fantasy', 'Film-Noir', 'Horror', 'Musical', 'Mystery', 'Romance', 'Sci-Fi', 'Thriller', 'War', 'Western',
];

export function readUData(path: string): RawLog {
  const log = new RawLog();
  forEachLine(path, 'latin1', (line) => {
    const [user, item, rating, ts] = line.split('\t');
    if (ts === undefined) throw new Error(`${path}: expected 4 tab-separated fields in ${JSON.stringify(line)}`);
    log.push(user.trim(), item.trim(), toNumber(ts, `${path} timestamp`), toNumber(rating, `${path} rating`));
  });
  return log;
}

export function readUGenre(path: string): string[] {
  if (!existsSync(path)) return ML100K_GENRES;
  const names: string[] = [];
  forEachLine(path, 'latin1', (line) => {
    const [name, idx] = line.split('|');
    if (idx !== undefined) names[Number(idx)] = name;
  });
  return names;
}

export function readUItem(path: string, genreNames: readonly string[] = ML100K_GENRES): ItemMetadata {
  const meta = new Map<string, { title: string; year: number | null; genres: string[] }>();
  forEachLine(path, 'latin1', (line) => {
    const f = line.split('|');
    if (f.length < 5 + genreNames.length) throw new Error(`${path}: expected ${5 + genreNames.length} fields in ${JSON.stringify(line)}`);
    const flags = f.slice(f.length - genreNames.length);
    const genres = genreNames.filter((_, g) => flags[g] === '1' && genreNames[g] !== 'unknown');
    const title = f[1].trim();
    const dateYear = /(\d{4})$/.exec(f[2].trim());
    meta.set(f[0].trim(), { title, year: yearFromTitle(title) ?? (dateYear ? Number(dateYear[1]) : null), genres });
  });
  return meta;
}

export function loadMl100k(dir: string): SplitResult {
  const log = readUData(join(dir, 'u.data'));
  const itemFile = join(dir, 'u.item');
  const meta = existsSync(itemFile) ? readUItem(itemFile, readUGenre(join(dir, 'u.genre'))) : new Map();
  return buildP1Split('ml-100k', log, meta);
}
