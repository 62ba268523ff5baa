// Age ratings as the youngest age they allow, so "nothing above 13" can be one comparison in the
// engine (EngineTitle.minAge, engine/constraints.ts). The catalog keeps the certification as TMDB
// gives it for one country (titles.age_rating: "PG-13", "TV-MA", "15", "UA 13+", "FSK 16"), without
// the country, so a string maps only when it means the same age wherever TMDB uses it. Anything
// else maps to null, and an unknown rating passes a limit: we never guess a child's evening.

/**
 * Ratings that carry no number, or whose number is not the age (NC-17 admits no one 17 or under).
 * PG-style ratings set no age of their own; the BBFC's description of PG ("should not unsettle a
 * child aged around eight or older") gives them 8, so a limit for young children leaves them out.
 */
const NAMED: Readonly<Record<string, number>> = {
  // United States, films (MPA).
  G: 0,
  PG: 8,
  'PG-13': 13,
  R: 17,
  'NC-17': 18,
  // United States, television (TV Parental Guidelines).
  'TV-Y': 0,
  'TV-Y7': 7,
  'TV-Y7-FV': 7,
  'TV-G': 0,
  'TV-PG': 8,
  'TV-14': 14,
  'TV-MA': 17,
  // United Kingdom (BBFC); 12, 15 and 18 are plain numbers below.
  U: 0,
  '12A': 12,
  R18: 18,
  // India (CBFC): UA before 2024 meant parental guidance under 12; since 2024 it names the age.
  UA: 12,
  'U/A': 12,
  A: 18,
  // Australia and New Zealand: the number is the age.
  'MA15+': 15,
  'R18+': 18,
  'X18+': 18,
  R13: 13,
  R15: 15,
  R16: 16,
  // All ages, as several countries write it (France, Brazil, the Netherlands, Argentina, Spain), and "all".
  ALL: 0,
  TP: 0,
  L: 0,
  AL: 0,
  ATP: 0,
  APTA: 0,
};

/** "UA 13+", "U/A 7+", "UA16+": India's ratings since 2024. */
const INDIA_AGE = /^U\/?A\s*(\d{1,2})\+$/;
/** A bare age, as Germany (FSK), France, the Netherlands, the UK (12, 15, 18) and most others write it: "16", "16+", "FSK 16", "-16". */
const PLAIN_AGE = /^(?:FSK\s*|-)?(\d{1,2})\+?$/;

/** The youngest age `rating` allows, or null when it is missing or not one we can map honestly. */
export function minimumAge(rating: string | null | undefined): number | null {
  if (typeof rating !== 'string') return null;
  const key = rating.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!key) return null;
  const named = NAMED[key];
  if (named !== undefined) return named;
  const match = INDIA_AGE.exec(key) ?? PLAIN_AGE.exec(key);
  if (!match) return null;
  const age = Number(match[1]);
  return age <= 21 ? age : null;
}
