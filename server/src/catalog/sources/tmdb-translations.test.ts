import { describe, expect, it } from 'vitest';
import { translationsOf } from './tmdb-translations.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';

const entry = (iso_3166_1: string, iso_639_1: string, data: Record<string, string>) => ({ iso_3166_1, iso_639_1, name: '', english_name: '', data });

describe('translationsOf', () => {
  it("takes each of our languages, the locale's region first and each field from the first entry that has it", () => {
    const m = {
      id: 1,
      title: 'The Film',
      original_title: 'Le Film',
      original_language: 'fr',
      translations: {
        translations: [
          entry('PT', 'pt', { title: 'O Filme (PT)', overview: 'Resumo PT' }),
          entry('BR', 'pt', { title: 'O Filme', overview: '' }),
          entry('FR', 'fr', { title: '', overview: 'Résumé' }),
          entry('US', 'en', { title: 'The Film', overview: 'Overview' }),
          entry('DE', 'de', { title: '  ', overview: '' }),
        ],
      },
    } as TmdbMovieDetails;
    expect(translationsOf('movie', m)).toEqual([
      // The original language takes the original title when TMDB leaves it empty.
      { locale: 'fr', title: 'Le Film', overview: 'Résumé' },
      // pt-BR's title, pt-PT's overview (Brazil's is empty).
      { locale: 'pt-BR', title: 'O Filme', overview: 'Resumo PT' },
    ]);
  });

  it("reads a series' data.name, and nothing from a response without translations", () => {
    const t = { id: 2, name: 'Show', original_name: 'Show', original_language: 'en', translations: { translations: [entry('JP', 'ja', { name: 'ショー', overview: '' })] } } as TmdbTvDetails;
    expect(translationsOf('series', t)).toEqual([{ locale: 'ja', title: 'ショー', overview: null }]);
    expect(translationsOf('series', { id: 3, name: 'X' } as TmdbTvDetails)).toEqual([]);
    expect(translationsOf('movie', { id: 4, title: 'Y', translations: { translations: 'nope' } } as unknown as TmdbMovieDetails)).toEqual([]);
  });
});
