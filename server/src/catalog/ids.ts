// Stable ids: the same title gets the same id on every instance and after every pack upgrade,
// so history, favourites and rating links keep pointing at it.
import { createHash } from 'node:crypto';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '') // ’ escaped: see FOLDED_LETTERS in search-text.ts
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "movie-arrival-2016"; a title with no Latin letters gets a short hash instead of an empty slug. */
export function titleId(kind: string, title: string, year: number): string {
  const slug = slugify(title) || `t${createHash('sha1').update(title).digest('hex').slice(0, 10)}`;
  return `${kind}-${slug.slice(0, 80).replace(/-+$/, '')}-${year}`;
}

/** The key two titles collide on (the checker's duplicate rule). */
export function duplicateKey(kind: string, title: string, year: number): string {
  return `${kind}|${title.toLowerCase()}|${year}`;
}
