// Onboarding rules: which genres, languages and titles are offered, and saving, reading and
// resetting a user's preferences.
import { DEFAULT_LOCALE, GENRES, LANGUAGE_NAMES, ONBOARDING_LIMITS, type Locale, type MoviesResponse, type OnboardingMovie, type PreferencesResponse, type SavePreferencesResponse } from '@app/shared';
import type { z } from 'zod';
import type { FilteredMoviesQuery, PreferencesRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogEntry, CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction } from '../../db/transaction.js';
import { fieldError } from '../../http/errors.js';
import { recordEvent } from '../analytics/analytics.repository.js';
import { userLists } from '../users/user-fields.js';
import { toUser, updateUser, type UserRow } from '../users/users.repository.js';
import { importedTitleCount } from '../history/history-reads.repository.js';
import { clearFavourites, favouriteTitles, replaceFavourites } from './onboarding.repository.js';
import { filteredOptions, popularOptions, sayNote } from './movie-options.js';

/** A language is offered in onboarding once the catalog has this many titles in it. */
export const MIN_TITLES_PER_LANGUAGE = 10;

const canonical = (names: readonly string[]) => new Map(names.map((n) => [n.toLowerCase(), n]));
const GENRE_NAMES = canonical(GENRES);
const LANGUAGES = canonical(Object.values(LANGUAGE_NAMES));

function invalid(path: string, message: string): never {
  throw fieldError(path, message);
}

/** Maps names to their canonical spelling (case-insensitive), de-duplicated; unknown is a 400. */
function known(values: string[], names: Map<string, string>, path: string, what: string): string[] {
  const out: string[] = [];
  values.forEach((v, i) => {
    const name = names.get(v.trim().toLowerCase());
    if (!name) invalid(`${path}.${i}`, `Unknown ${what}: ${v}`);
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

/** `names`: the titles' names in the reader's language, where known (CatalogStore.localTitles). */
export function toOption(catalog: CatalogStore, t: CatalogEntry, names?: ReadonlyMap<string, string>): OnboardingMovie {
  return { id: t.id, title: names?.get(t.id) ?? t.title, year: t.year, genre: t.genres[0] ?? '', language: t.language, kind: t.kind, ...catalog.posterUrls(t) };
}

export class OnboardingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalog: CatalogStore,
  ) {}

  async genres(): Promise<string[]> {
    const used = new Set((await this.catalog.titles()).flatMap((t) => t.genres));
    return GENRES.filter((g) => used.has(g));
  }

  async languages(): Promise<string[]> {
    const counts = new Map<string, number>();
    for (const t of await this.catalog.titles()) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
    return [...counts]
      .filter(([name, n]) => n >= MIN_TITLES_PER_LANGUAGE && LANGUAGES.has(name.toLowerCase()))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name]) => name);
  }

  async popularMovies(locale: Locale = DEFAULT_LOCALE): Promise<MoviesResponse> {
    const titles = popularOptions(await this.catalog.titles());
    const names = await this.catalog.localTitles(titles.map((t) => t.id), locale);
    return { movies: titles.map((t) => toOption(this.catalog, t, names)) };
  }

  async filteredMovies(q: z.output<typeof FilteredMoviesQuery>, locale: Locale = DEFAULT_LOCALE): Promise<MoviesResponse> {
    const genres = known(q.genres, GENRE_NAMES, 'genres', 'genre');
    const languages = known(q.languages, LANGUAGES, 'languages', 'language');
    const text = q.q?.trim() || undefined;
    // A search also finds titles by their name in the reader's language.
    const alsoNamed = text ? await this.catalog.idsNamedInLocale(text, locale) : undefined;
    const result = filteredOptions(await this.catalog.titles(), { genres, languages, q: text, alsoNamed });
    const names = await this.catalog.localTitles(result.titles.map((t) => t.id), locale);
    return { movies: result.titles.map((t) => toOption(this.catalog, t, names)), ...(result.note ? { message: sayNote(result.note, locale) } : {}) };
  }

  /** Favourites by id or by title (case-insensitive); an unknown one is a 400 naming it. */
  private async resolveFavourites(values: string[]): Promise<string[]> {
    const byName = await this.catalog.findByTitles(values);
    const ids: string[] = [];
    for (const [i, v] of values.entries()) {
      const byId = await this.catalog.title(v);
      const t = byId && !byId.retired ? byId : byName.get(v);
      if (!t) invalid(`initial_movies.${i}`, `Unknown title: ${v}`);
      if (!ids.includes(t.id)) ids.push(t.id);
    }
    return ids;
  }

  async save(user: UserRow, input: z.output<typeof PreferencesRequest>): Promise<SavePreferencesResponse> {
    const genres = known(input.selected_genres, GENRE_NAMES, 'selected_genres', 'genre');
    if (genres.length < 2) invalid('selected_genres', 'Pick at least 2 genres');
    const languages = known(input.preferred_languages, LANGUAGES, 'preferred_languages', 'language');
    const platformNames = await this.catalog.platformNames();
    const platforms = known(input.ott_subscriptions, new Map([...platformNames].map((p) => [p.toLowerCase(), p])), 'ott_subscriptions', 'platform');
    const favourites = await this.resolveFavourites(input.initial_movies);
    if (favourites.length < ONBOARDING_LIMITS.favouritesMin && (await importedTitleCount(this.ctx.db, user.id)) < ONBOARDING_LIMITS.importedInsteadOfFavourites) {
      invalid('initial_movies', `Pick at least ${ONBOARDING_LIMITS.favouritesMin} favourite titles`);
    }

    const now = this.ctx.clock.now();
    const updated = await writeTransaction(this.ctx.database, async (tx) => {
      const row = await updateUser(
        tx,
        user.id,
        {
          selected_genres: JSON.stringify(genres),
          preferred_languages: JSON.stringify(languages),
          ott_subscriptions: JSON.stringify(platforms),
          // An older client sends no country: the stored one (or null) stays.
          ...(input.country ? { country: input.country } : {}),
          is_onboarded: 1,
        },
        now,
      );
      await replaceFavourites(tx, user.id, favourites, now);
      await recordEvent(tx, {
        userId: user.id,
        name: 'onboarding_completed',
        path: null,
        properties: {
          genres_count: genres.length,
          languages_count: languages.length,
          platforms_count: platforms.length,
          favourites_count: favourites.length,
          plan_type: row.subscription_tier,
        },
        now,
      });
      return row;
    });
    return { message: 'Preferences saved', user: toUser(updated) };
  }

  async get(user: UserRow): Promise<PreferencesResponse> {
    const favourites = await favouriteTitles(this.ctx.db, user.id);
    return {
      selected_genres: userLists.genres(user),
      initial_movies: favourites.map((f) => f.title),
      preferred_languages: userLists.languages(user),
      ott_subscriptions: userLists.platforms(user),
      country: user.country ?? null,
      subscription_tier: user.subscription_tier,
      is_onboarded: Boolean(user.is_onboarded),
    };
  }

  /** Back to onboarding: genres and favourites go; languages, platforms and history stay. */
  async reset(user: UserRow): Promise<SavePreferencesResponse> {
    const now = this.ctx.clock.now();
    const updated = await writeTransaction(this.ctx.database, async (tx) => {
      // The user row first, then the favourites: the order save() takes them in, so a reset and a
      // save of one user at once on PostgreSQL wait for each other instead of deadlocking.
      const row = await updateUser(tx, user.id, { selected_genres: '[]', is_onboarded: 0 }, now);
      await clearFavourites(tx, user.id);
      return row;
    });
    return { message: 'Preferences reset', user: toUser(updated) };
  }
}
