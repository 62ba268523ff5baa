import { describe, expect, it } from 'vitest';
import type { TitleRow } from './catalog.repository.js';
import { catalogMean, fameFromVotes, popularity, shrunkQuality, titleFame } from './ranking.js';
import { SnapshotBuilder } from './snapshot.js';

/** A snapshot of these rows alone, built the way the store builds one. */
function buildSnapshot(rows: TitleRow[]) {
  const builder = new SnapshotBuilder(1, 1, catalogMean(rows.map((r) => ({ imdb: r.imdb_rating, rt: r.rotten_tomatoes, fame: r.fame }))));
  builder.add(rows, []);
  return builder.finish([]);
}

function row(id: string, over: Partial<TitleRow>): TitleRow {
  return {
    id, kind: 'movie', title: id, original_title: null, year: 2010, end_year: null, genres: '["Drama"]', language: 'en', runtime: 100,
    seasons: null, episode_runtime: null, episodes: null, imdb_rating: 7, rotten_tomatoes: null, fame: 3, description: '', keywords: '[]', director: null,
    cast_members: '[]', source: 'builtin', catalog_version: 1, created_at: '', updated_at: '', tmdb_id: null, imdb_id: null, poster_path: null,
    backdrop_path: null, trailer_key: null, tmdb_rating: null, vote_count: null, age_rating: null, retired_at: null, ...over,
  };
}

const order = (rows: TitleRow[]) => buildSnapshot(rows).titles.map((t) => t.id);

describe('popularity from vote counts', () => {
  it('maps votes to the fame scale: 1,000 niche, a million a household name, bounded to 1..5', () => {
    expect(fameFromVotes(1_000)).toBeCloseTo(1.5);
    expect(fameFromVotes(100_000)).toBeCloseTo(3.5);
    expect(fameFromVotes(1_000_000)).toBeCloseTo(4.5);
    expect(fameFromVotes(5)).toBe(1);
    expect(fameFromVotes(0)).toBe(1);
    expect(fameFromVotes(50_000_000)).toBe(5);
    for (let v = 10; v < 1e8; v *= 3) expect(fameFromVotes(v * 3)).toBeGreaterThanOrEqual(fameFromVotes(v));
  });

  it('keeps editorial fame for built-in titles, votes for imported ones, the stored default without votes', () => {
    expect(titleFame({ source: 'builtin', fame: 2, voteCount: 2_000_000 })).toBe(2);
    expect(titleFame({ source: 'imdb-tsv', fame: 1, voteCount: 2_000_000 })).toBeCloseTo(4.8, 1);
    expect(titleFame({ source: 'streaming-csv', fame: 1, voteCount: null })).toBe(1);
  });

  it('weighs whole fame levels exactly as before (1, 2, 4, 8, 16 pseudo votes)', () => {
    const before = [1, 2, 4, 8, 16];
    for (let fame = 1; fame <= 5; fame++) {
      const v = before[fame - 1];
      expect(shrunkQuality({ imdb: 8.6, rt: null, fame }, 6.5)).toBeCloseTo((v * 8.6 + 4 * 6.5) / (v + 4), 12);
      expect(popularity({ imdb: 8.6, rt: null, fame }, 6.5)).toBeCloseTo((v * 8.6 + 4 * 6.5) / (v + 4) + 0.5 * fame, 12);
    }
  });

  it('orders imported titles by their votes; built-in titles keep their order around unrated imports', () => {
    const builtin = [
      row('movie-a', { fame: 5, imdb_rating: 8.0 }),
      row('movie-b', { fame: 2, imdb_rating: 8.8 }),
      row('movie-c', { fame: 3, imdb_rating: 6.1 }),
      row('movie-d', { fame: 1, imdb_rating: null }),
      // A built-in title an import gave votes to: still ranked by its editorial fame.
      row('movie-e', { fame: 1, imdb_rating: 7.2, vote_count: 3_000_000 }),
    ];
    const alone = order(builtin);
    const imported = [
      row('movie-z-known', { source: 'imdb-tsv', fame: 1, imdb_rating: null, vote_count: 2_500_000 }),
      row('movie-m-niche', { source: 'imdb-tsv', fame: 1, imdb_rating: null, vote_count: 1_200 }),
      row('movie-a-novotes', { source: 'streaming-csv', fame: 1, imdb_rating: null }),
    ];
    const mixed = order([...imported, ...builtin]);
    expect(mixed.filter((id) => alone.includes(id))).toEqual(alone);
    expect(mixed.indexOf('movie-z-known')).toBeLessThan(mixed.indexOf('movie-m-niche'));
    expect(mixed.indexOf('movie-m-niche')).toBeLessThan(mixed.indexOf('movie-a-novotes'));
    const snap = buildSnapshot([...imported, ...builtin]);
    expect(snap.byId.get('movie-z-known')!.fame).toBeCloseTo(4.9, 1);
    expect(snap.byId.get('movie-e')!.fame).toBe(1);
  });
});
