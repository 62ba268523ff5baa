// The reason of a pick for two (docs/product-decisions.md, "A pick for two"): both names, what
// drove each member's score (the factors a solo explanation finds for that title), the title's
// facts and whose service it is on. Pure over the index and the factors `together.ts` derived.
// Every sentence is a message of shared/locales/server-reasons in the asker's language (issue 39).
import type { Locale } from '@app/shared';
import type { CatalogIndex } from './catalog-index.js';
import { article, genreAndKind, wordsFor, type Words } from './phrasing.js';
import type { Factor } from './types.js';

/** A member as the reason names them. */
interface Named {
  name: string;
}

/** The liked titles that explain member's score, if any. */
function likedNamed(factors: readonly Factor[]): string[] {
  for (const f of factors) {
    if (f.kind === 'similar_to') return f.titleIds;
    if (f.kind === 'person' || f.kind === 'co_liked') return [f.titleId];
  }
  return [];
}

const titleOf = (index: CatalogIndex, id: string) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id;

/** "Asha liked Parasite", "Ben enjoys crime", else what still holds for them. */
function memberClause(w: Words, index: CatalogIndex, name: string, factors: readonly Factor[]): string {
  const liked = likedNamed(factors);
  if (liked.length > 0) return w.t('server-reasons.together.memberLiked', { name, titles: w.list(liked.map((id) => titleOf(index, id))) });
  const genre = factors.find((f): f is Extract<Factor, { kind: 'genre' }> => f.kind === 'genre');
  if (genre) return w.t('server-reasons.together.memberGenres', { name, genres: w.list(genre.genres.slice(0, 2).map(w.genre)) });
  if (factors.some((f) => f.kind === 'quality')) return w.t('server-reasons.together.memberQuality', { name });
  return w.t('server-reasons.together.memberNew', { name });
}

/** One clause per member, or one for both when the same liked titles explain both scores. */
function memberClauses(w: Words, index: CatalogIndex, members: readonly Named[], factors: readonly Factor[][]): string {
  const [a, b] = factors.map(likedNamed);
  if (a.length > 0 && a.length === b.length && a.every((id) => b.includes(id))) {
    return w.t('server-reasons.together.bothLiked', { titles: w.list(a.map((id) => titleOf(index, id))) });
  }
  const [first, second] = members.map((m, n) => memberClause(w, index, m.name, factors[n]));
  return w.t('server-reasons.together.clauses', { first, second });
}

function capitalise(text: string, locale: Locale = 'en'): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "A Korean thriller" in English's own grammar; the description messages elsewhere. */
function titleDescription(w: Words, index: CatalogIndex, idx: number): string {
  const title = index.titles[idx];
  const showLanguage = title.language !== '' && title.language.toLowerCase() !== 'english';
  if (w.english) {
    const words = [showLanguage ? title.language : '', genreAndKind(title.genres.slice(0, 2), title.kind)].filter(Boolean).join(' ');
    return `${capitalise(article(words))} ${words}`;
  }
  const kind = title.kind === 'series' ? 'series' : 'movie';
  const genres = [...new Set(title.genres.slice(0, 2).map(w.genre))];
  let text = genres.length > 0 ? w.t('server-reasons.description.kindGenres', { kind, genres: w.list(genres) }) : w.t('server-reasons.description.kind', { kind });
  if (showLanguage) text = w.t('server-reasons.description.inLanguage', { description: text, language: w.language(title.language), kind });
  return capitalise(text, w.locale);
}

/**
 * "For Asha and Ben: Asha liked Parasite, Ben liked Oldboy. A Korean thriller, on Netflix
 * (Asha's). Rated 8.1 on IMDb." Only facts of the title and the factors that drove each score.
 */
export function togetherReason(
  index: CatalogIndex,
  idx: number,
  members: readonly [Named, Named],
  factors: readonly Factor[][],
  platform: string | null,
  owners: readonly number[],
  fallback: boolean,
  locale?: Locale,
): string {
  const w = wordsFor(locale);
  const title = index.titles[idx];
  const [a, b] = members.map((m) => m.name);
  const lead = w.t('server-reasons.together.lead', { first: a, second: b, clauses: memberClauses(w, index, members, factors) });
  const description = titleDescription(w, index, idx);
  let about: string;
  if (!platform) about = w.t('server-reasons.together.title', { description });
  else if (owners.length === 2) about = w.t('server-reasons.together.titleOnBoth', { description, platform });
  else if (owners.length === 1) about = w.t('server-reasons.together.titleOnOwner', { description, platform, owner: members[owners[0]].name });
  else about = w.t('server-reasons.together.titleOn', { description, platform });
  const imdb = title.imdb != null ? w.decimal(title.imdb) : null;
  const rt = title.rt != null ? w.count(title.rt) : null;
  const rated =
    imdb !== null && rt !== null
      ? w.t('server-reasons.ratings.both', { imdb, rt })
      : imdb !== null
        ? w.t('server-reasons.ratings.imdb', { imdb })
        : rt !== null
          ? w.t('server-reasons.ratings.rottenTomatoes', { rt })
          : '';
  return w.sentences([lead, about, rated, fallback ? w.t('server-reasons.together.unknown') : '']);
}
