// `import platform-flags`: the "movies / TV shows on Netflix, Prime Video, Hulu and Disney+" layout
// (docs/catalog.md, "Offline importers"): one row per title with scores and a 0/1 column per
// service. Columns are found by header name, since copies spell them differently ("Prime" or
// "Prime Video", "Disney" or "Disney+") and the TV-show file has fewer of them.
import { basename } from 'node:path';
import { ImportError, headerIndex, type ImportRun } from './import-run.js';
import { importCatalogueList } from './catalogue-list.js';
import type { SourceTitle } from './types.js';
import { imdbGenres, languageCode, platformName } from './vocab.js';

/** Our platforms (FORMAT.md): a header naming one of them is an availability flag. */
const KNOWN_PLATFORMS = new Set(['Netflix', 'Prime Video', 'Disney+', 'HBO Max', 'Hulu', 'Apple TV', 'Paramount+', 'Peacock', 'JioHotstar', 'ZEE5', 'Sony LIV', 'Crunchyroll', 'MUBI', 'aha', 'Sun NXT', 'hoichoi']);

export interface PlatformFlagsOptions {
  /** The dataset is a US snapshot: US unless told. */
  region: string;
  /** The dataset is from 2020: 2020-01 unless told. */
  asOf: string;
}

export interface FlagColumns {
  title: number;
  year: number;
  type?: number;
  age?: number;
  imdb?: number;
  rt?: number;
  directors?: number;
  genres?: number;
  language?: number;
  runtime?: number;
  platforms: Array<{ name: string; col: number }>;
}

export function flagColumns(file: string, header: string[]): FlagColumns {
  const idx = headerIndex(header);
  const title = idx.get('title');
  const year = idx.get('year');
  const platforms: FlagColumns['platforms'] = [];
  header.forEach((h, col) => {
    const name = h.trim() ? platformName(h) : '';
    if (KNOWN_PLATFORMS.has(name) && !platforms.some((p) => p.name === name)) platforms.push({ name, col });
  });
  if (title === undefined || year === undefined || !platforms.length)
    throw new ImportError(`${file}:1: not a platform-flags file: expected Title and Year columns and at least one platform column (Netflix, Hulu, Prime Video, Disney+, ...)`);
  return {
    title, year, platforms,
    type: idx.get('type'), age: idx.get('age'), imdb: idx.get('imdb'), rt: idx.get('rottentomatoes'),
    directors: idx.get('directors') ?? idx.get('director'), genres: idx.get('genres'), language: idx.get('language'), runtime: idx.get('runtime'),
  };
}

const at = (f: string[], col: number | undefined): string => (col === undefined ? '' : (f[col] ?? '').trim());

/** "8.8" or "9.4/10" -> 8.8; "87%" or "100/100" -> 87 (scaled to the denominator). */
export function score(text: string, outOf: number): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(?:%|\/\s*(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (!m) return null;
  let v = Number(m[1]);
  if (m[2] && Number(m[2]) > 0) v = (v / Number(m[2])) * outOf;
  return v >= 0 && v <= outOf ? v : null;
}

export function flagsTitle(f: string[], c: FlagColumns, opts: PlatformFlagsOptions): SourceTitle | string {
  const title = at(f, c.title);
  if (!title) return 'no title';
  const yearText = at(f, c.year);
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || year < 1870 || year > 2100) return `Year ${JSON.stringify(yearText)} is not a year`;
  const type = at(f, c.type);
  if (type && type !== '0' && type !== '1') return `Type ${JSON.stringify(type)} is neither 0 (movie) nor 1 (TV show)`;
  const kind = type === '1' ? 'series' : 'movie';
  const flags: string[] = [];
  for (const p of c.platforms) {
    const v = at(f, p.col);
    if (v !== '' && v !== '0' && v !== '1') return `${p.name} flag ${JSON.stringify(v)} is not 0 or 1`;
    if (v === '1') flags.push(p.name);
  }
  const imdb = score(at(f, c.imdb), 10);
  const rt = score(at(f, c.rt), 100);
  const runtime = Number(at(f, c.runtime));
  const firstLanguage = at(f, c.language).split(',')[0] ?? '';
  return {
    kind,
    title,
    year,
    imdbRating: imdb === null ? undefined : Math.round(imdb * 10) / 10,
    rottenTomatoes: rt === null ? undefined : Math.round(rt),
    ageRating: at(f, c.age) || undefined,
    director: at(f, c.directors).split(',').map((d) => d.trim()).filter(Boolean).join(', ') || undefined,
    genres: c.genres === undefined ? undefined : imdbGenres(at(f, c.genres).split(',')),
    language: languageCode(firstLanguage) ?? undefined,
    runtime: kind === 'movie' && Number.isInteger(runtime) && runtime > 0 ? runtime : undefined,
    offers: flags.map((platform) => ({ platform, region: opts.region, kind: 'subscription' as const, as_of: opts.asOf })),
    offerRegions: [opts.region],
    offerPlatforms: c.platforms.map((p) => p.name),
  };
}

export async function importPlatformFlags(run: ImportRun, file: string, opts: PlatformFlagsOptions, note: (s: string) => void): Promise<void> {
  let cols: FlagColumns | null = null;
  // The file flags every title of its services in that region: older offers have left them.
  await importCatalogueList(
    run,
    file,
    opts.asOf,
    (fields) => {
      cols = flagColumns(file, fields);
      note(`${basename(file)}: flags for ${cols.platforms.map((p) => p.name).join(', ')}; region ${opts.region}, subscription, as of ${opts.asOf}`);
      return { platforms: cols.platforms.map((p) => p.name), region: opts.region };
    },
    (fields) => flagsTitle(fields, cols!, opts),
  );
}
