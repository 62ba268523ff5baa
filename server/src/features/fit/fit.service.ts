// The pick where you browse (docs/product-decisions.md, "The badge on a title page"): how well a
// title seen on a streaming site fits the user, and Like from the badge. The extension sends the
// title's name and year only; everything else is the user's own data on the server.
import { fitLabel, type Locale, type FitQuery, type FitResponse, type RateTitleRequest, type RateTitleResponse } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { constraintVerdict, fitOf, type ConstraintBreak } from '../../engine/index.js';
import { wordsFor } from '../../engine/phrasing.js';
import { notFound } from '../../http/errors.js';
import { translate, userLocale, type Message } from '../../i18n/messages.js';
import type { History } from '../history/history.js';
import { deleteSaved, tasteRows } from '../history/history.repository.js';
import { buildTaste } from '../history/taste-state.js';
import { favouriteTitleIds } from '../onboarding/onboarding.repository.js';
import { engineTonight, mergeTonight } from '../tonight/tonight.service.js';
import type { UserRow } from '../users/users.repository.js';
import { savedAmong } from '../watchlist/watchlist.repository.js';
import { ratedMessage } from '../recommendations/recommendations.service.js';

export const NOT_IN_CATALOG = "This title isn't in our catalog yet.";
export const UNKNOWN_TITLE = 'That title is not in our catalog.';
/** The two as catalog Messages (shared/locales/server-picks): English is the constants above. */
const NOT_IN_CATALOG_MESSAGE: Message = { key: 'server-picks.fit.notInCatalog' };
const UNKNOWN_TITLE_MESSAGE: Message = { key: 'server-picks.fit.unknownTitle' };

type Named = Pick<CatalogEntry, 'kind' | 'year' | 'endYear' | 'fame' | 'popularity'>;

/**
 * Which of the titles with the page's name it is. With a year: a title of that year or one either
 * side (a film's page may give its release in another country; a series' page often the year of
 * its latest season, so a series also matches any year of its run); the exact year wins, then the
 * most famous. Without a year: the most famous. Null when none fits.
 */
export function chooseNamed<T extends Named>(found: readonly T[], year: number | undefined): T | null {
  const fame = (a: T, b: T) => b.fame - a.fame || (b.popularity || 0) - (a.popularity || 0);
  if (year === undefined) return [...found].sort(fame)[0] ?? null;
  const distance = (t: T) => {
    if (Math.abs(t.year - year) <= 1) return Math.abs(t.year - year);
    if (t.kind === 'series' && t.year <= year && year <= (t.endYear ?? year)) return 2;
    return Infinity;
  };
  const near = found.filter((t) => distance(t) !== Infinity);
  return near.sort((a, b) => distance(a) - distance(b) || fame(a, b))[0] ?? null;
}

export async function titleFit(ctx: AppContext, history: History, user: UserRow, q: z.output<typeof FitQuery>): Promise<FitResponse> {
  const entry = chooseNamed(await history.catalog.named(q.title), q.year);
  if (!entry) throw notFound(NOT_IN_CATALOG_MESSAGE);
  const [index, favourites, rows, saved] = await Promise.all([
    history.index(),
    favouriteTitleIds(ctx.db, user.id),
    tasteRows(ctx.db, user.id),
    savedAmong(ctx.db, user.id, [entry.id]),
  ]);
  const fit = fitOf(index, buildTaste(user, favourites, rows), entry.id, { locale: userLocale(user) }, history.coLikes.current());
  // The name lookup and the index come from one snapshot, so the index has the title.
  if (!fit) throw notFound(NOT_IN_CATALOG_MESSAGE);
  // The user's standing "Never show me" choices (not tonight's time or kind: browsing is not
  // tonight's pick) outrank a good score: the badge never calls an excluded title a match.
  const standing = engineTonight(user, mergeTonight(user, {}));
  const idx = index.idToIdx.get(entry.id);
  const excluded =
    fit.history === null && idx !== undefined ? constraintVerdict(index.titles[idx], { seed: 0, exclusions: standing.exclusions, maxAge: standing.maxAge }) : null;
  return {
    title_id: entry.id,
    title: entry.title,
    year: entry.year,
    score: fit.score,
    label: excluded ? fitLabel(0) : fitLabel(fit.score),
    reason: excluded ? excludedReason(excluded, userLocale(user)) : fit.reason,
    history: fit.history,
    saved: saved.has(entry.id),
  };
}

/** Why a title the user ruled out in Settings is not for them, in the words of that setting and the user's language. */
function excludedReason(verdict: ConstraintBreak, locale: Locale): string {
  switch (verdict.rule) {
    case 'excluded_genre': {
      // The genre's own name in the reader's language (genres.<id>), at the head of the sentence.
      const genre = locale === 'en' ? verdict.genre : wordsFor(locale).genre(verdict.genre);
      return translate(locale, 'server-picks.fit.excludedGenre', { genre: genre.charAt(0).toLocaleUpperCase(locale) + genre.slice(1) });
    }
    case 'excluded_keyword':
      return translate(locale, 'server-picks.fit.excludedKeyword', { keyword: verdict.keyword, exclusion: verdict.exclusion });
    case 'excluded_person':
      return translate(locale, 'server-picks.fit.excludedPerson', { person: verdict.person });
    case 'age_rating':
      return verdict.maxAge === 0
        ? translate(locale, 'server-picks.fit.ageRatingAllAges', { minAge: verdict.minAge })
        : translate(locale, 'server-picks.fit.ageRating', { minAge: verdict.minAge, maxAge: verdict.maxAge });
    default:
      return translate(locale, 'server-picks.fit.ruledOut');
  }
}

/**
 * Like (or dislike) a title from the badge. A title already in the history gets the rating on its
 * newest row, as the history's own Like does; any other becomes a watched row (you rate what you
 * have seen), newest in the history, so the engine weighs it as the latest like. A watched title
 * leaves the watchlist. Free: rating never spends a pick.
 */
export async function rateTitle(ctx: AppContext, history: History, user: UserRow, input: z.output<typeof RateTitleRequest>): Promise<RateTitleResponse> {
  const title = await history.catalog.title(input.title_id);
  if (!title) throw notFound(UNKNOWN_TITLE_MESSAGE);
  const now = ctx.clock.now();
  // Outside the write: nothing inside it may wait on the catalog while holding the user's lock.
  const index = await history.index();
  await history.write(user.id, async (h) => {
    const existing = await h.rowOfTitle(title.id);
    if (existing) {
      await h.edit(existing, { rating: input.rating, status: undefined, now });
      return;
    }
    const at = now.toISOString();
    await h.add(
      [
        {
          seq: await h.nextSeq(),
          titleId: title.id,
          movieTitle: title.title,
          status: 'watched',
          rating: input.rating,
          reason: translate(userLocale(user), input.rating ? 'server-picks.fit.badgeLiked' : 'server-picks.fit.badgeDisliked'),
          createdAt: at,
          origin: 'badge',
        },
      ],
      index,
    );
    await deleteSaved(h.tx, user.id, title.id);
  });
  return {
    message: ratedMessage(user, input.rating),
    title_id: title.id,
    rating: input.rating,
  };
}
