// `import streaming-csv`: one streaming service's title list in the layout of the Kaggle
// "Netflix / Amazon Prime / Disney+ Movies and TV Shows" sets (docs/catalog.md, "Offline
// importers"): titles, plus a subscription offer on that service in the given region.
import { basename } from 'node:path';
import { ImportError, openRows, type ImportRun } from './import-run.js';
import { importCatalogueList } from './catalogue-list.js';
import type { SourceTitle } from './types.js';
import { categoryGenres, countryLanguage, platformFromFileName, platformName } from './vocab.js';

export const STREAMING_COLUMNS = ['show_id', 'type', 'title', 'director', 'cast', 'country', 'date_added', 'release_year', 'rating', 'duration', 'listed_in', 'description'] as const;
const COL = Object.fromEntries(STREAMING_COLUMNS.map((c, i) => [c, i])) as Record<(typeof STREAMING_COLUMNS)[number], number>;
const CAST = 3;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export interface StreamingCsvOptions {
  /** Platform name (mapped to ours); null: from the file name. */
  platform: string | null;
  /** ISO 3166-1 alpha-2 or GLOBAL: required, a service's catalogue differs by country. */
  region: string;
  /** YYYY-MM; null: the month of the latest date_added in the file. */
  asOf: string | null;
}

/** "September 25, 2021" -> "2021-09"; null when it is not such a date. */
export function monthOf(dateAdded: string): string | null {
  const m = /^\s*([A-Za-z]+)\s+\d{1,2},\s*(\d{4})\s*$/.exec(dateAdded);
  const month = m ? MONTHS.indexOf(m[1].toLowerCase()) : -1;
  return m && month >= 0 ? `${m[2]}-${String(month + 1).padStart(2, '0')}` : null;
}

const clean = (s: string | undefined): string => (s ?? '').trim();

function checkHeader(file: string, header: string[]): void {
  const got = header.map((h) => h.trim().toLowerCase());
  if (STREAMING_COLUMNS.some((c, i) => got[i] !== c))
    throw new ImportError(`${file}:1: not a streaming-csv file: expected the columns ${STREAMING_COLUMNS.join(',')}`);
}

/** One row -> a title, or the reason it cannot be one. */
export function streamingTitle(f: string[], platform: string, region: string, asOf: string): SourceTitle | string {
  if (f.length !== STREAMING_COLUMNS.length) return `expected ${STREAMING_COLUMNS.length} fields, found ${f.length}`;
  const type = clean(f[COL.type]);
  const kind = type === 'Movie' ? 'movie' : type === 'TV Show' ? 'series' : null;
  if (!kind) return `type ${JSON.stringify(type)} is neither "Movie" nor "TV Show"`;
  const title = clean(f[COL.title]);
  if (!title) return 'no title';
  const yearText = clean(f[COL.release_year]);
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || year < 1870 || year > 2100) return `release_year ${JSON.stringify(yearText)} is not a year`;
  let rating = clean(f[COL.rating]);
  let duration = clean(f[COL.duration]);
  // A known quirk of these sets: a few rows carry the duration in the rating column.
  if (/^\d+\s*min$/i.test(rating)) {
    if (!duration) duration = rating;
    rating = '';
  }
  const minutes = /^(\d+)\s*min$/i.exec(duration);
  const seasons = /^(\d+)\s*seasons?$/i.exec(duration);
  const cast = clean(f[COL.cast]).split(',').map((c) => c.trim()).filter(Boolean).slice(0, CAST);
  const description = clean(f[COL.description]).replace(/\s+/g, ' ');
  return {
    kind,
    title,
    year,
    genres: categoryGenres(clean(f[COL.listed_in]).split(',')),
    language: countryLanguage(clean(f[COL.country])) ?? undefined,
    runtime: kind === 'movie' && minutes ? Number(minutes[1]) : undefined,
    seasons: kind === 'series' && seasons ? Number(seasons[1]) : undefined,
    director: clean(f[COL.director]) || undefined,
    cast: cast.length ? cast : undefined,
    ageRating: rating || undefined,
    description: description || undefined,
    offers: [{ platform, region, kind: 'subscription', as_of: asOf }],
    offerRegions: [region],
    offerPlatforms: [platform],
  };
}

/** The platform, region and date a file's offers get: given, or read from its name and rows. */
export async function streamingAssumptions(file: string, opts: StreamingCsvOptions): Promise<{ platform: string; region: string; asOf: string; notes: string[] }> {
  const notes: string[] = [];
  let platform = opts.platform ? platformName(opts.platform) : platformFromFileName(file);
  if (!platform) throw new ImportError(`${file}: cannot tell the platform from the file name: pass --platform NAME`);
  if (!opts.platform) notes.push(`platform ${platform} (from the file name ${basename(file)}; --platform to change)`);
  else if (platform !== opts.platform.trim()) notes.push(`platform ${JSON.stringify(opts.platform)} stored as ${platform}`);
  platform = platform.replace(/\|/g, '/');
  let asOf = opts.asOf;
  if (!asOf) {
    const opened = await openRows(file, { delimiter: ',' });
    let latest: string | null = null;
    let first = true;
    for await (const r of opened.rows) {
      if (first) {
        checkHeader(file, r.fields);
        first = false;
        continue;
      }
      const m = monthOf(r.fields[COL.date_added] ?? '');
      if (m && (!latest || m > latest)) latest = m;
    }
    if (!latest) throw new ImportError(`${file}: no date_added in the file to date its offers: pass --as-of YYYY-MM`);
    asOf = latest;
    notes.push(`offers as of ${asOf} (the latest date_added in the file; --as-of to change)`);
  }
  return { platform, region: opts.region, asOf, notes };
}

export async function importStreamingCsv(run: ImportRun, file: string, opts: StreamingCsvOptions, note: (s: string) => void): Promise<void> {
  const a = await streamingAssumptions(file, opts);
  // The list is the service's whole catalogue in that region: its offers older than this list
  // are of titles that have left it.
  await importCatalogueList(
    run,
    file,
    a.asOf,
    (fields) => {
      checkHeader(file, fields);
      for (const n of a.notes) note(`${basename(file)}: ${n}`);
      note(`${basename(file)}: ${a.platform}, region ${a.region}, subscription, as of ${a.asOf}`);
      return { platforms: [a.platform], region: a.region };
    },
    (fields) => streamingTitle(fields, a.platform, a.region, a.asOf),
  );
}
