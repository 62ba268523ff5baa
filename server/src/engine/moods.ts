// How each mood leans on genres and keywords. Affinities are in [-1, 1]; negative ones keep
// e.g. horror out of a feel-good or family evening. Genre keys are normalised names
// (lower case, letters and digits only) so MovieLens names ("Sci-Fi", "Children's") match too.
import type { Mood } from '@app/shared';

interface MoodAffinity {
  genres: Record<string, number>;
  keywords: Record<string, number>;
}

const GRIM = { bleak: -0.6, harrowing: -0.6, disturbing: -0.6, brutal: -0.6, violent: -0.5, tragic: -0.4 };

export const MOOD_TABLE: Readonly<Record<Mood, MoodAffinity>> = {
  light: {
    genres: { comedy: 1, animation: 0.6, family: 0.5, romance: 0.4, music: 0.4, adventure: 0.3, horror: -1, war: -0.7, crime: -0.3, thriller: -0.3, documentary: -0.3 },
    keywords: { 'feel-good': 0.6, comedy: 0.5, slapstick: 0.6, witty: 0.5, quirky: 0.5, 'rom-com': 0.5, gentle: 0.4, absurd: 0.4, sitcom: 0.6, 'slice of life': 0.4, irreverent: 0.4, funny: 0.6, ...GRIM, dark: -0.4 },
  },
  'feel-good': {
    genres: { comedy: 0.8, family: 0.7, romance: 0.6, animation: 0.5, music: 0.5, adventure: 0.2, horror: -1, war: -0.6, thriller: -0.4, crime: -0.4 },
    keywords: { 'feel-good': 1, heartwarming: 0.7, uplifting: 0.7, 'found family': 0.5, friendship: 0.4, underdog: 0.5, gentle: 0.4, tender: 0.4, healing: 0.4, 'rom-com': 0.5, christmas: 0.4, ...GRIM, dark: -0.6 },
  },
  thrilling: {
    genres: { thriller: 1, action: 0.9, crime: 0.5, mystery: 0.5, adventure: 0.4, sciencefiction: 0.3, documentary: -0.5, romance: -0.3, family: -0.3, music: -0.4 },
    keywords: { tense: 0.7, suspense: 0.7, heist: 0.6, 'cat and mouse': 0.6, chase: 0.5, twisty: 0.5, intense: 0.6, espionage: 0.5, spy: 0.5, hitman: 0.5, survival: 0.5, conspiracy: 0.4, 'mind-bending': 0.4, gentle: -0.5 },
  },
  dark: {
    genres: { crime: 0.9, thriller: 0.8, filmnoir: 0.9, horror: 0.5, mystery: 0.4, war: 0.4, drama: 0.2, family: -1, animation: -0.5, comedy: -0.3, music: -0.4 },
    keywords: { dark: 1, bleak: 0.7, gritty: 0.7, noir: 0.7, violent: 0.5, disturbing: 0.5, psychological: 0.5, revenge: 0.4, 'serial killer': 0.5, gangster: 0.4, brutal: 0.5, harrowing: 0.5, 'dark comedy': 0.5, 'dark humor': 0.5, obsession: 0.4, corruption: 0.4, 'feel-good': -0.7, heartwarming: -0.5 },
  },
  thoughtful: {
    genres: { documentary: 0.9, drama: 0.8, history: 0.6, sciencefiction: 0.3, war: 0.3, action: -0.4, horror: -0.5, comedy: -0.2 },
    keywords: { 'slow-burn': 1, 'character study': 0.7, grief: 0.5, identity: 0.5, memory: 0.5, psychological: 0.4, philosophical: 0.7, 'mind-bending': 0.4, bittersweet: 0.4, melancholy: 0.4, loneliness: 0.4, 'true story': 0.4, biopic: 0.4, politics: 0.4, faith: 0.4, aging: 0.4, 'literary adaptation': 0.4, neorealism: 0.5, slapstick: -0.5 },
  },
  romantic: {
    genres: { romance: 1, comedy: 0.3, drama: 0.3, music: 0.3, horror: -1, war: -0.5, action: -0.3, crime: -0.3 },
    keywords: { romance: 0.8, 'first love': 0.8, 'forbidden love': 0.7, 'rom-com': 0.8, 'love triangle': 0.6, marriage: 0.4, love: 0.6, tender: 0.4, ...GRIM },
  },
  scary: {
    genres: { horror: 1, thriller: 0.5, mystery: 0.3, comedy: -0.4, family: -1, romance: -0.5, animation: -0.5, music: -0.5, documentary: -0.5 },
    keywords: { supernatural: 0.8, ghosts: 0.8, zombies: 0.8, haunted: 0.8, eerie: 0.7, gothic: 0.6, folklore: 0.4, creepy: 0.8, scary: 0.9, disturbing: 0.5, 'serial killer': 0.5, slasher: 0.8, possession: 0.8, monster: 0.6, 'feel-good': -0.7 },
  },
  family: {
    genres: { family: 1, childrens: 1, animation: 0.9, adventure: 0.4, comedy: 0.4, fantasy: 0.4, music: 0.3, horror: -1, crime: -0.7, thriller: -0.6, war: -0.6 },
    keywords: { family: 0.5, pixar: 0.8, disney: 0.6, 'studio ghibli': 0.8, 'feel-good': 0.5, heartwarming: 0.5, childhood: 0.4, friendship: 0.4, christmas: 0.4, 'adult animation': -1, ...GRIM, dark: -0.6, gritty: -0.6, 'serial killer': -1 },
  },
};

const GENRE_ALIASES: Record<string, string> = {
  scifi: 'sciencefiction',
  sf: 'sciencefiction',
  children: 'childrens',
  kids: 'childrens',
};

export function genreKey(name: string): string {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return GENRE_ALIASES[key] ?? key;
}

export function keywordKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The mood's affinity for one genre name (0 when the mood does not care). */
export function moodGenreAffinity(mood: Mood, genre: string): number {
  return MOOD_TABLE[mood].genres[genreKey(genre)] ?? 0;
}
