// The offline importers on hand-written fixtures (invented titles), on every dialect: what each
// format fills, idempotent re-runs, bad files, and user data that stays attached to its title.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import type { DB } from '../../db/connection.js';
import { DEFAULT_PACK_DIR, loadCatalogPack } from '../pack-loader.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { importImdbTsv } from './imdb-tsv.js';
import { ImportError, ImportRun, ImportStopped } from './import-run.js';
import { CatalogMerger } from './merge.js';
import { importPlatformFlags } from './platform-flags.js';
import { importStreamingCsv } from './streaming-csv.js';
import type { SourceName } from './types.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures');
const fixture = (name: string) => join(FIXTURES, name);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const silent = { isTTY: false, write: () => true };
const now = () => new Date('2026-11-01T00:00:00Z');

async function newRun(fresh: FreshDatabase, source: SourceName, batchSize?: number): Promise<ImportRun> {
  return new ImportRun(await CatalogMerger.open(fresh.handle, source, { now }), { out: silent, batchSize, everyMs: 60_000 });
}

async function titleCount(db: DB): Promise<number> {
  const r = await db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

const streamingOpts = { platform: 'Amazon Prime', region: 'GB', asOf: null };

describe.each(dialects)('offline importers (%s)', (dialect) => {
  let fresh: FreshDatabase;
  const cleanups: Array<() => void> = [];
  afterEach(async () => {
    await fresh?.close();
    cleanups.splice(0).forEach((f) => f());
  });

  it('streaming-csv: BOM, CRLF, quoted commas and line breaks; titles, genres, offers; failed lines by number; a re-run changes nothing', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const notes: string[] = [];
    const run = await newRun(fresh, 'streaming-csv');
    await importStreamingCsv(run, fixture('streaming-sample.csv'), streamingOpts, (s) => notes.push(s));
    expect(run.merger.totals).toMatchObject({ added: 4, updated: 0, ambiguous: 0, invalid: 2 });
    expect(run.duplicateCount + run.merger.totals.unchanged).toBe(1);
    expect(run.failed).toEqual([
      'streaming-sample.csv:6: type "Podcast" is neither "Movie" nor "TV Show"',
      'streaming-sample.csv:9: release_year "soon" is not a year',
    ]);
    expect(notes.join('\n')).toContain('Prime Video, region GB, subscription, as of 2021-08');

    const lantern = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-the-lantern-keeper-2019').executeTakeFirstOrThrow();
    expect(lantern).toMatchObject({ kind: 'movie', runtime: 104, age_rating: 'PG-13', director: 'Mira Solvang', language: 'en', source: 'streaming-csv' });
    expect(JSON.parse(lantern.genres)).toEqual(['Drama', 'Romance']);
    expect(JSON.parse(lantern.cast_members)).toEqual(['Ada Quill', 'Bo Ferren', 'Cas Ombre']);
    const ferry = await db.selectFrom('titles').selectAll().where('id', '=', 'series-harbour-lights-2020').executeTakeFirstOrThrow();
    expect(ferry).toMatchObject({ seasons: 2, language: 'ko', description: 'A ferry detective reopens a case. Season two moves to the islands.' });
    expect(JSON.parse(ferry.genres)).toEqual(['Mystery', 'Thriller']);
    const quoted = await db.selectFrom('titles').selectAll().where('title', '=', 'Quotes, "Commas" and You').executeTakeFirstOrThrow();
    expect(quoted.language).toBe('');
    // The duration sat in the rating column: it is a runtime, not an age rating.
    const moons = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-paper-moons-over-lagos-2017').executeTakeFirstOrThrow();
    expect(moons).toMatchObject({ runtime: 74, age_rating: null });
    expect(JSON.parse(moons.genres)).toEqual(['Science Fiction', 'Fantasy', 'Action']);
    const offers = await db.selectFrom('title_availability').select(['platform', 'region', 'kind', 'as_of', 'source']).distinct().execute();
    expect(offers).toEqual([{ platform: 'Prime Video', region: 'GB', kind: 'subscription', as_of: '2021-08', source: 'streaming-csv' }]);

    const again = await newRun(fresh, 'streaming-csv');
    await importStreamingCsv(again, fixture('streaming-sample.csv'), streamingOpts, () => {});
    expect(again.merger.totals).toMatchObject({ added: 0, updated: 0, invalid: 2 });
    expect(again.report()).toMatch(/^\d+ rows read: added 0, updated 0, unchanged \d+/);
  });

  it('a bad file names its line and writes nothing of the batch it was in; a wrong layout names line 1', async () => {
    fresh = await freshDatabase(dialect);
    const run = await newRun(fresh, 'streaming-csv', 2);
    const err = await importStreamingCsv(run, fixture('streaming-bad.csv'), { ...streamingOpts, asOf: '2021-09' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toBe(`${fixture('streaming-bad.csv')}:6: unexpected "M" after a closing quote`);
    // Records of lines 2 and 3-4 were the first batch of two; line 5's waited in the batch the error stopped.
    expect(await titleCount(fresh.handle.db)).toBe(2);

    const wrong = await newRun(fresh, 'streaming-csv');
    const layout = await importStreamingCsv(wrong, fixture('flags-movies.csv'), { ...streamingOpts, asOf: '2021-09' }, () => {}).catch((e: unknown) => e);
    expect((layout as Error).message).toMatch(/flags-movies\.csv:1: not a streaming-csv file: expected the columns show_id,type,title/);
    const missing = await importStreamingCsv(wrong, fixture('nope.csv'), streamingOpts, () => {}).catch((e: unknown) => e);
    expect((missing as Error).message).toBe(`${fixture('nope.csv')}: no such file`);
    const dir = mkdtempSync(join(tmpdir(), 'tp-badgz-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const gz = join(dir, 'netflix_titles.csv.gz');
    writeFileSync(gz, Buffer.concat([gzipSync(readFileSync(fixture('streaming-sample.csv'))).subarray(0, 40), Buffer.from('not deflate at all')]));
    const broken = await importStreamingCsv(wrong, gz, { ...streamingOpts, asOf: '2021-09' }, () => {}).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ImportError);
    expect((broken as Error).message).toMatch(new RegExp(`^${gz.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a valid gzip file \\(`));
  });

  it('Ctrl-C (an aborted signal) stops at a batch boundary: nothing half written', async () => {
    fresh = await freshDatabase(dialect);
    const controller = new AbortController();
    // Ctrl-C arrives while the first batch is being written (the merger reads its clock then):
    // that batch completes, the next is not started.
    const clock = () => {
      controller.abort();
      return now();
    };
    const run = new ImportRun(await CatalogMerger.open(fresh.handle, 'streaming-csv', { now: clock }), { out: silent, batchSize: 2, signal: controller.signal });
    await expect(importStreamingCsv(run, fixture('streaming-sample.csv'), { ...streamingOpts, asOf: '2021-09' }, () => {})).rejects.toBeInstanceOf(ImportStopped);
    expect(await titleCount(fresh.handle.db)).toBe(2);
  });

  it('platform-flags: columns by header name, scores from "8.8"/"87%" and "9.4/10"/"100/100", an offer per flag', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const opts = { region: 'US', asOf: '2020-01' };
    const run = await newRun(fresh, 'platform-flags');
    for (const f of ['flags-movies.csv', 'flags-shows.csv']) await importPlatformFlags(run, fixture(f), opts, () => {});
    expect(run.merger.totals).toMatchObject({ added: 5, updated: 0, invalid: 1 });
    expect(run.failed).toEqual(['flags-movies.csv:5: Netflix flag "2" is not 0 or 1']);
    const lantern = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-the-lantern-keeper-2019').executeTakeFirstOrThrow();
    expect(lantern).toMatchObject({ imdb_rating: 7.4, rotten_tomatoes: 81, language: 'en', runtime: 104, age_rating: '13+', director: 'Mira Solvang' });
    expect(JSON.parse(lantern.genres)).toEqual(['Drama', 'Romance']);
    const orchard = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-glass-orchard-2015').executeTakeFirstOrThrow();
    expect(orchard).toMatchObject({ language: 'ja', director: 'Ana Petrov, Ian Petrov', rotten_tomatoes: null });
    expect(JSON.parse(orchard.genres)).toEqual(['Science Fiction', 'Music']);
    const show = await db.selectFrom('titles').selectAll().where('id', '=', 'series-harbour-lights-2020').executeTakeFirstOrThrow();
    expect(show).toMatchObject({ kind: 'series', imdb_rating: 8.2, rotten_tomatoes: 93, language: '' });
    const offers = await db.selectFrom('title_availability').select(['title_id', 'platform']).orderBy('title_id').orderBy('platform').execute();
    expect(offers).toEqual([
      { title_id: 'movie-glass-orchard-2015', platform: 'Disney+' },
      { title_id: 'movie-glass-orchard-2015', platform: 'Hulu' },
      { title_id: 'movie-the-lantern-keeper-2019', platform: 'Netflix' },
      { title_id: 'movie-the-lantern-keeper-2019', platform: 'Prime Video' },
      { title_id: 'series-harbour-lights-2020', platform: 'Netflix' },
      { title_id: 'series-sunday-bakers-2016', platform: 'Hulu' },
      { title_id: 'series-sunday-bakers-2016', platform: 'Prime Video' },
    ]);
    const again = await newRun(fresh, 'platform-flags');
    for (const f of ['flags-movies.csv', 'flags-shows.csv']) await importPlatformFlags(again, fixture(f), opts, () => {});
    expect(again.merger.totals).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
  });

  it('a streaming list and the flags enrich one title; each source keeps its own offers', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const csv = await newRun(fresh, 'streaming-csv');
    await importStreamingCsv(csv, fixture('streaming-sample.csv'), { platform: 'Netflix', region: 'US', asOf: '2021-09' }, () => {});
    const flags = await newRun(fresh, 'platform-flags');
    await importPlatformFlags(flags, fixture('flags-movies.csv'), { region: 'US', asOf: '2020-01' }, () => {});
    expect(flags.merger.totals).toMatchObject({ added: 2, updated: 1 });
    const lantern = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-the-lantern-keeper-2019').executeTakeFirstOrThrow();
    // The streaming list (higher priority) keeps its words; the flags fill the scores.
    expect(lantern).toMatchObject({ source: 'streaming-csv', imdb_rating: 7.4, rotten_tomatoes: 81 });
    const offers = await db.selectFrom('title_availability').select(['platform', 'source', 'as_of']).where('title_id', '=', lantern.id).orderBy('platform').execute();
    expect(offers).toEqual([
      { platform: 'Netflix', source: 'platform-flags', as_of: '2020-01' },
      { platform: 'Prime Video', source: 'platform-flags', as_of: '2020-01' },
    ]);
  });

  it('a row two titles could be is reported as ambiguous with an example, and written nowhere', async () => {
    fresh = await freshDatabase(dialect);
    const dir = mkdtempSync(join(tmpdir(), 'tp-ambiguous-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const header = 'show_id,type,title,director,cast,country,date_added,release_year,rating,duration,listed_in,description';
    writeFileSync(join(dir, 'list.csv'), `${header}\ns1,Movie,Echo Valley,,,,"May 1, 2021",2001,,90 min,Dramas,One.\ns2,Movie,Echo Valley,,,,"May 1, 2021",2003,,95 min,Dramas,Another.\n`);
    writeFileSync(join(dir, 'flags.csv'), ',ID,Title,Year,Age,IMDb,Rotten Tomatoes,Netflix,Hulu,Prime Video,Disney+,Type\n0,1,Echo Valley,2002,,7.0/10,,1,0,0,0,0\n');
    const csv = await newRun(fresh, 'streaming-csv');
    await importStreamingCsv(csv, join(dir, 'list.csv'), { platform: 'Netflix', region: 'US', asOf: '2021-05' }, () => {});
    expect(csv.merger.totals.added).toBe(2);
    const flags = await newRun(fresh, 'platform-flags');
    await importPlatformFlags(flags, join(dir, 'flags.csv'), { region: 'US', asOf: '2020-01' }, () => {});
    expect(flags.merger.totals).toMatchObject({ added: 0, updated: 0, ambiguous: 1 });
    expect(flags.report()).toContain('ambiguous (1; not written: more than one title could be meant), e.g.:\n  flags.csv:2 "Echo Valley" (2002) could be movie-echo-valley-2001, movie-echo-valley-2003');
    expect(await titleCount(fresh.handle.db)).toBe(2);
    const offers = await fresh.handle.db.selectFrom('title_availability').select('source').where('source', '=', 'platform-flags').execute();
    expect(offers).toEqual([]);
  });

  it('a newer list of a service removes the offers of titles that left it, and only those', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const dir = mkdtempSync(join(tmpdir(), 'tp-newer-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const header = 'show_id,type,title,director,cast,country,date_added,release_year,rating,duration,listed_in,description';
    const stays = 's1,Movie,Stays Listed,,,,"May 1, 2021",2001,,90 min,Dramas,One.';
    const leaves = 's2,Movie,Leaves Soon,,,,"May 1, 2021",2002,,90 min,Dramas,Two.';
    writeFileSync(join(dir, 'old.csv'), `${header}\n${stays}\n${leaves}\n`);
    writeFileSync(join(dir, 'new.csv'), `${header}\n${stays}\n`);
    const importList = async (file: string, platform: string, asOf: string) => {
      const r = await newRun(fresh, 'streaming-csv');
      await importStreamingCsv(r, join(dir, file), { platform, region: 'US', asOf }, () => {});
      return r;
    };
    await importList('old.csv', 'Netflix', '2021-05');
    await importList('old.csv', 'Hulu', '2021-05');
    const newer = await importList('new.csv', 'Netflix', '2021-09');
    expect(newer.expiredOffers).toBe(1);
    expect(newer.report()).toContain('offers removed (titles no longer in the list): 1');
    const offers = await db.selectFrom('title_availability').select(['title_id', 'platform', 'as_of']).orderBy('title_id').orderBy('platform').execute();
    expect(offers).toEqual([
      { title_id: 'movie-leaves-soon-2002', platform: 'Hulu', as_of: '2021-05' },
      { title_id: 'movie-stays-listed-2001', platform: 'Hulu', as_of: '2021-05' },
      { title_id: 'movie-stays-listed-2001', platform: 'Netflix', as_of: '2021-09' },
    ]);
    const again = await importList('new.csv', 'Netflix', '2021-09');
    expect(again.expiredOffers).toBe(0);
    expect(again.merger.totals).toMatchObject({ added: 0, updated: 0 });
  });

  it('imdb-tsv: files in any order, .gz or plain; types, adult and vote threshold skipped; language, directors, cast; a favourite stays on its title after a re-import', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet });
    const builtin = await titleCount(db);
    const dir = mkdtempSync(join(tmpdir(), 'tp-imdb-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const src = join(FIXTURES, 'imdb');
    // Ratings and names gzipped (under names that do not say so), the rest plain, in shuffled order.
    writeFileSync(join(dir, 'ratings.data'), gzipSync(readFileSync(join(src, 'title.ratings.tsv'))));
    writeFileSync(join(dir, 'name.basics.tsv.gz'), gzipSync(readFileSync(join(src, 'name.basics.tsv'))));
    for (const f of ['title.basics.tsv', 'title.akas.tsv', 'title.crew.tsv', 'title.principals.tsv']) copyFileSync(join(src, f), join(dir, f));
    const files = ['title.principals.tsv', 'ratings.data', 'title.akas.tsv', 'name.basics.tsv.gz', 'title.basics.tsv', 'title.crew.tsv'].map((f) => join(dir, f));

    const run = await newRun(fresh, 'imdb-tsv');
    await importImdbTsv(run, files, { minVotes: 1000 }, () => {});
    expect(run.merger.totals).toMatchObject({ added: 4, updated: 1, ambiguous: 0, invalid: 1 });
    expect(Object.fromEntries(run.skipped)).toEqual({ 'titleType short': 1, 'titleType tvEpisode': 1, adult: 1, 'under 1000 votes': 1 });
    expect(run.failed).toEqual(['title.basics.tsv:10: expected 9 tab-separated fields, found 6']);
    expect(await titleCount(db)).toBe(builtin + 4);

    const clock = await db.selectFrom('titles').selectAll().where('imdb_id', '=', 'tt0900001').executeTakeFirstOrThrow();
    expect(clock).toMatchObject({
      id: 'movie-the-clockmakers-daughter-2012', original_title: "La fille de l'horloger", language: 'fr', runtime: 112,
      imdb_rating: 7.8, vote_count: 45210, director: 'Claire Fontaine, Paul Marchetti', source: 'imdb-tsv',
    });
    expect(JSON.parse(clock.genres)).toEqual(['Drama', 'History']);
    expect(JSON.parse(clock.cast_members)).toEqual(['Henri Dupas', 'Odile Renard', 'Lise Morel']);
    const ferry = await db.selectFrom('titles').selectAll().where('imdb_id', '=', 'tt0900002').executeTakeFirstOrThrow();
    expect(ferry).toMatchObject({ kind: 'series', year: 2018, end_year: 2021, episode_runtime: 48, language: 'en', director: null });
    expect(JSON.parse(ferry.cast_members)).toEqual(['Owen Tarrant']);
    const globe = await db.selectFrom('titles').selectAll().where('imdb_id', '=', 'tt0900007').executeTakeFirstOrThrow();
    expect(globe).toMatchObject({ kind: 'movie', title: 'Snow "Quoted" Globe', language: '' });
    expect(JSON.parse(globe.genres)).toEqual(['Science Fiction', 'Music', 'Family']);
    expect((await db.selectFrom('titles').select('language').where('imdb_id', '=', 'tt0900008').executeTakeFirstOrThrow()).language).toBe('ja');
    // The built-in Arrival gains the id and the votes; its own words stay.
    const arrival = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-arrival-2016').executeTakeFirstOrThrow();
    expect(arrival).toMatchObject({ imdb_id: 'tt0900010', vote_count: 800000, source: 'builtin' });

    const user = randomUUID();
    const stamp = '2026-11-01T00:00:00.000Z';
    await db.insertInto('users').values({
      id: user, email: `${user}@example.test`, password_hash: null, full_name: 'Reader', email_verified: 1, google_sub: null,
      is_onboarded: 1, subscription_tier: 'free_trial', subscription_end_date: null, calendar_refresh_token: null,
      calendar_account_email: null, calendar_enabled: 0, selected_days: '[1]', recommendation_frequency: null,
      recommendation_day: null, recommendation_time: '19:00', timezone: 'UTC', country: null, ott_subscriptions: '[]',
      preferred_languages: '[]', selected_genres: '[]', email_delivery: 1, tokens_valid_after: 0, created_at: stamp, updated_at: stamp,
    }).execute();
    await db.insertInto('user_favourites').values({ user_id: user, title_id: clock.id, position: 0, created_at: stamp }).execute();

    const again = await newRun(fresh, 'imdb-tsv');
    await importImdbTsv(again, files, { minVotes: 1000 }, () => {});
    expect(again.merger.totals).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    const fav = await db.selectFrom('user_favourites').innerJoin('titles', 'titles.id', 'user_favourites.title_id').select(['titles.id', 'titles.imdb_id']).where('user_id', '=', user).execute();
    expect(fav).toEqual([{ id: clock.id, imdb_id: 'tt0900001' }]);
    expect(await titleCount(db)).toBe(builtin + 4);
  });

  it('imdb-tsv: --min-votes needs the ratings file; an unknown header names the file and line 1', async () => {
    fresh = await freshDatabase(dialect);
    const run = await newRun(fresh, 'imdb-tsv');
    const basics = join(FIXTURES, 'imdb', 'title.basics.tsv');
    await expect(importImdbTsv(run, [basics], { minVotes: 10 }, () => {})).rejects.toThrow('--min-votes 10 needs title.ratings');
    await expect(importImdbTsv(run, [basics, fixture('flags-shows.csv')], { minVotes: 0 }, () => {})).rejects.toThrow(/flags-shows\.csv:1: not an IMDb dataset file/);
    // Without ratings and with --min-votes 0, every movie and series is kept.
    await importImdbTsv(run, [basics], { minVotes: 0 }, () => {});
    expect(run.merger.totals.added).toBe(6);
  });
});
