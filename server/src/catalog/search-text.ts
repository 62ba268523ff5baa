// How a title search compares text: "WALL·E", "WALL-E" and "walle" meet, as do "Amélie" and
// "amelie", "Spider-Man" and "spiderman", "Schindler's" and "schindlers". Every title search a
// user reaches (the onboarding favourites search, favourites saved by name) folds both sides with
// this one function, so they can never disagree about what matches.

/**
 * Accents of Latin, Greek and Cyrillic letters (the combining diacritical mark blocks). Marks of
 * other scripts (Devanagari vowel signs, the kana voicing marks) change the letter, so they stay.
 */
// eslint-disable-next-line no-misleading-character-class -- ranges of combining marks, matched alone on purpose
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Letters that NFKD does not take apart but a person types without their stroke or ligature. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th' };
// Escaped, as LETTERS' keys: a regular expression is the one place the server bundle keeps a
// character beyond ASCII as it is, and one such character makes V8 hold the whole bundle's
// source at two bytes a character (scripts/build-server.mjs).
const FOLDED_LETTERS = /[\u00df\u00e6\u0153\u00f8\u0111\u00f0\u0142\u0131\u00fe]/g;
const ASCII = /^[\x00-\x7f]*$/;

function foldOnce(s: string): string {
  return s
    .normalize('NFKD')
    .toUpperCase() // upper then lower: full case folding ("ß", "ᲀ" and their capitals meet)
    .toLowerCase()
    .normalize('NFKD')
    .replace(ACCENTS, '')
    .replace(FOLDED_LETTERS, (c) => LETTERS[c])
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '');
}

/**
 * The compact search form of a text: lower case, without accents, and with every space,
 * punctuation mark and symbol removed (so a hyphen, a middle dot, an apostrophe or nothing at all
 * between two words compare equal). Idempotent: searchText(searchText(s)) === searchText(s).
 */
export function searchText(s: string): string {
  // Most titles are plain ASCII: the same folding without Unicode normalisation, ten times faster
  // (the snapshot folds every title's names when the catalog loads).
  if (ASCII.test(s)) return s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '');
  // Removing a symbol can leave two marks side by side that Unicode orders differently, and a few
  // compatibility letters decompose again once lower-cased: the second pass settles both.
  return foldOnce(foldOnce(s));
}
