import { GENRES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { categoryGenres, countryLanguage, imdbGenres, languageCode, platformFromFileName, platformName, regionLanguage } from './vocab.js';

describe('dataset vocabularies -> ours', () => {
  it('maps IMDb genres (Sci-Fi, Musical, Film-Noir) and drops Biography, Sport and the like; three at most', () => {
    expect(imdbGenres(['Sci-Fi', 'Musical', 'Biography'])).toEqual(['Science Fiction', 'Music']);
    expect(imdbGenres(['Biography', 'Sport', 'Reality-TV', 'Talk-Show', 'Game-Show', 'Adult'])).toEqual([]);
    // Names that are properties of every JavaScript object are not ours (the flags property test found "valueOf").
    expect(imdbGenres(['valueOf', 'constructor', '__proto__', 'Drama'])).toEqual(['Drama']);
    expect(platformName('toString')).toBe('toString');
    expect(imdbGenres(['Film-Noir', 'Crime', 'Drama', 'Thriller'])).toEqual(['Crime', 'Drama', 'Thriller']);
  });

  it('reads streaming services\' category labels by their words, in the order they say them', () => {
    const cases: Array<[string, string[]]> = [
      ['Dramas, International Movies, Romantic Movies', ['Drama', 'Romance']],
      ['TV Sci-Fi & Fantasy', ['Science Fiction', 'Fantasy']],
      ['Action-Adventure, Animation', ['Action', 'Adventure', 'Animation']],
      ["Kids' TV, Children & Family Movies", ['Family']],
      ['Docuseries, Science & Nature TV', ['Documentary']],
      ['Romantic Comedy', ['Romance', 'Comedy']],
      ['Military and War, Suspense', ['War', 'Thriller']],
      ['Music & Musicals, Anime Features', ['Music', 'Animation']],
      ['International TV Shows, Independent Movies, TV Shows, Special Interest', []],
      ['Awards Show, Software', []],
    ];
    for (const [labels, genres] of cases) expect(categoryGenres(labels.split(',')), labels).toEqual(genres);
    const all = categoryGenres(['Horror Movies', 'Westerns', 'Historical', 'TV Mysteries', 'Crime TV Shows']);
    for (const g of all) expect(GENRES).toContain(g);
  });

  it('names languages by ISO code, and countries only where one language dominates', () => {
    expect(languageCode('English')).toBe('en');
    expect(languageCode(' Mandarin ')).toBe('zh');
    expect(languageCode('Klingon')).toBeNull();
    expect(countryLanguage('South Korea, United States')).toBe('ko');
    expect(countryLanguage('India')).toBeNull();
    expect(countryLanguage('')).toBeNull();
    expect(regionLanguage('jp')).toBe('ja');
    expect(regionLanguage('CA')).toBeNull();
  });

  it('knows the usual spellings of our platforms and keeps unknown ones as given', () => {
    expect(platformName('Amazon Prime')).toBe('Prime Video');
    expect(platformName('Prime')).toBe('Prime Video');
    expect(platformName('Disney')).toBe('Disney+');
    expect(platformName('Disney Plus')).toBe('Disney+');
    expect(platformName('disney+')).toBe('Disney+');
    expect(platformName('HBO Max')).toBe('HBO Max');
    expect(platformName('  Kanopy ')).toBe('Kanopy');
    expect(platformFromFileName('/data/netflix_titles.csv')).toBe('Netflix');
    expect(platformFromFileName('amazon_prime_titles.csv.gz')).toBe('Prime Video');
    expect(platformFromFileName('disney_plus_titles.csv')).toBe('Disney+');
    expect(platformFromFileName('catalogue-2021.csv')).toBeNull();
  });
});
