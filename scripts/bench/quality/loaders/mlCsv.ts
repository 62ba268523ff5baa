// The ratings.csv / movies.csv format of ml-latest-small, ml-latest, ml-20m and ml-25m:
// ratings.csv "userId,movieId,rating,timestamp", movies.csv "movieId,title,genres" with genres
// separated by "|" and "(no genres listed)" for none; both with a header line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RawLog, yearFromTitle } from '../dataset.js';
import { buildP1Split, type ItemMetadata, type SplitResult } from '../split.js';
import { forEachLine, splitCsv, toNumber } from './text.js';

export function readRatingsCsv(path: string): RawLog {
  const log = new RawLog();
  let header = true;
  forEachLine(path, 'utf-8', (line) => {
    if (header) {
      header = false;
      if (!line.startsWith('userId')) throw new Error(`${path}: expected the header userId,movieId,rating,timestamp`);
      return;
    }
    const f = line.split(',');
    if (f.length < 4) throw new Error(`${path}: expected 4 fields in ${JSON.stringify(line)}`);
    log.push(f[0], f[1], toNumber(f[3], `${path} timestamp`), toNumber(f[2], `${path} rating`));
  });
  return log;
}

export function readMoviesCsv(path: string): ItemMetadata {
  const meta = new Map<string, { title: string; year: number | null; genres: string[] }>();
  let header = true;
  forEachLine(path, 'utf-8', (line) => {
    if (header) { header = false; return; }
    const f = splitCsv(line);
    if (f.length < 3) throw new Error(`${path}: expected 3 fields in ${JSON.stringify(line)}`);
    const title = f[1].trim();
    const genres = f[2] === '(no genres listed)' ? [] : f[2].split('|').filter(Boolean);
    meta.set(f[0], { title, year: yearFromTitle(title), genres });
  });
  return meta;
}

export function loadMlCsv(dir: string): SplitResult {
  const log = readRatingsCsv(join(dir, 'ratings.csv'));
  const movies = join(dir, 'movies.csv');
  return buildP1Split('ml-csv', log, existsSync(movies) ? readMoviesCsv(movies) : new Map());
}
