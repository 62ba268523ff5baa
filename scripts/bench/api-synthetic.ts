// A synthetic catalog for the API benchmark: plausible shapes (genres, languages, keywords,
// people, ratings, availability) at a scale the built-in pack will never reach. Deterministic.
import { GENRES, LANGUAGE_NAMES } from '@app/shared';
import type { Insertable } from 'kysely';
import type { DatabaseHandle } from '../../server/src/db/connection.js';
import type { TitleAvailabilityTable, TitlesTable } from '../../server/src/db/schema.js';
import { writeTransaction } from '../../server/src/db/transaction.js';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['night', 'river', 'glass', 'shadow', 'crown', 'signal', 'harbor', 'ember', 'winter', 'orbit', 'garden', 'echo', 'iron', 'velvet', 'storm', 'paper', 'silent', 'golden', 'last', 'hidden'];
const KEYWORDS = Array.from({ length: 400 }, (_, i) => `theme-${i}`);
const PEOPLE = Array.from({ length: 5000 }, (_, i) => `Person ${i}`);

export async function insertSyntheticCatalog(handle: DatabaseHandle, count: number): Promise<void> {
  const r = rng(20250611);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const languages = Object.keys(LANGUAGE_NAMES);
  const platforms = (await handle.db.selectFrom('platforms').select('name').execute()).map((p) => p.name);
  const now = new Date().toISOString();
  const titles: Insertable<TitlesTable>[] = [];
  const availability: Insertable<TitleAvailabilityTable>[] = [];
  for (let i = 0; i < count; i++) {
    const id = `syn-${String(i).padStart(6, '0')}`;
    const series = r() < 0.25;
    const year = 1950 + Math.floor(r() * 76);
    const genres = [...new Set([pick(GENRES), pick(GENRES), ...(r() < 0.5 ? [pick(GENRES)] : [])])];
    titles.push({
      id,
      kind: series ? 'series' : 'movie',
      title: `The ${pick(WORDS)} ${pick(WORDS)} ${i}`,
      original_title: null,
      year,
      end_year: series ? Math.min(2025, year + Math.floor(r() * 8)) : null,
      genres: JSON.stringify(genres),
      language: r() < 0.45 ? 'en' : pick(languages),
      runtime: series ? null : 80 + Math.floor(r() * 80),
      seasons: series ? 1 + Math.floor(r() * 8) : null,
      episode_runtime: series ? 20 + Math.floor(r() * 45) : null,
      imdb_rating: r() < 0.9 ? Math.round((4 + r() * 5) * 10) / 10 : null,
      rotten_tomatoes: r() < 0.6 ? Math.floor(r() * 101) : null,
      fame: 1 + Math.floor(r() * r() * 5),
      description: `A synthetic ${genres.join(' and ').toLowerCase()} title for load testing.`,
      keywords: JSON.stringify([...new Set(Array.from({ length: 3 + Math.floor(r() * 6) }, () => pick(KEYWORDS)))]),
      director: pick(PEOPLE),
      cast_members: JSON.stringify([...new Set([pick(PEOPLE), pick(PEOPLE), pick(PEOPLE)])]),
      source: 'synthetic',
      catalog_version: 1,
      created_at: now,
      updated_at: now,
    });
    if (platforms.length && r() < 0.4) availability.push({ title_id: id, platform: pick(platforms), region: 'US', kind: 'subscription', as_of: '2025-06-01', link: null, source: 'synthetic' });
  }
  await writeTransaction(handle, async (tx) => {
    for (let i = 0; i < titles.length; i += 400) await tx.insertInto('titles').values(titles.slice(i, i + 400)).execute();
    for (let i = 0; i < availability.length; i += 400) await tx.insertInto('title_availability').values(availability.slice(i, i + 400)).execute();
    const meta = await tx.selectFrom('catalog_meta').select('value').where('key', '=', 'version').executeTakeFirst();
    const version = String(Number(meta?.value ?? 0) + 1);
    await tx
      .insertInto('catalog_meta')
      .values({ key: 'version', value: version })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
      .execute();
  });
}
