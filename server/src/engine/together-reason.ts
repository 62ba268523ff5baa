// The reason of a pick for two (docs/product-decisions.md, "A pick for two"): both names, what
// drove each member's score (the factors a solo explanation finds for that title), the title's
// facts and whose service it is on. Pure over the index and the factors `together.ts` derived.
import type { CatalogIndex } from './catalog-index.js';
import { article, genreAndKind, genreName, list } from './phrasing.js';
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

/** "Asha liked Parasite", "Ben enjoys crime", else what still holds for them. */
function memberClause(index: CatalogIndex, name: string, factors: readonly Factor[]): string {
  const nameOf = (id: string) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id;
  const liked = likedNamed(factors);
  if (liked.length > 0) return `${name} liked ${list(liked.map(nameOf))}`;
  const genre = factors.find((f): f is Extract<Factor, { kind: 'genre' }> => f.kind === 'genre');
  if (genre) return `${name} enjoys ${list(genre.genres.slice(0, 2).map(genreName))}`;
  if (factors.some((f) => f.kind === 'quality')) return `${name} gets a highly rated pick`;
  return `it is new ground for ${name}`;
}

/** One clause per member, or one for both when the same liked titles explain both scores. */
function memberClauses(index: CatalogIndex, members: readonly Named[], factors: readonly Factor[][]): string {
  const [a, b] = factors.map(likedNamed);
  if (a.length > 0 && a.length === b.length && a.every((id) => b.includes(id))) {
    return `you both liked ${list(a.map((id) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id))}`;
  }
  return members.map((m, n) => memberClause(index, m.name, factors[n])).join(', ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
): string {
  const title = index.titles[idx];
  const [a, b] = members.map((m) => m.name);
  const showLanguage = title.language !== '' && title.language.toLowerCase() !== 'english';
  const kindPhrase = genreAndKind(title.genres.slice(0, 2), title.kind);
  const words = [showLanguage ? title.language : '', kindPhrase].filter(Boolean).join(' ');
  let text = `For ${a} and ${b}: ${memberClauses(index, members, factors)}. ${capitalise(article(words))} ${words}`;
  if (platform) {
    const whose = owners.length === 2 ? ' (you both have it)' : owners.length === 1 ? ` (${members[owners[0]].name}'s)` : '';
    text += `, on ${platform}${whose}`;
  }
  text += '.';
  const parts: string[] = [];
  if (title.imdb != null) parts.push(`${title.imdb.toFixed(1)} on IMDb`);
  if (title.rt != null) parts.push(`${title.rt}% on Rotten Tomatoes`);
  if (parts.length > 0) text += ` Rated ${list(parts)}.`;
  if (fallback) text += ' Not on your services - availability unknown.';
  return text;
}
