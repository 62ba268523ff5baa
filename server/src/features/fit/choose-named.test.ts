// Which catalog title a page's name and year mean when several titles share the name.
import { describe, expect, it } from 'vitest';
import { chooseNamed } from './fit.service.js';

const t = (id: string, year: number, fame: number, kind: 'movie' | 'series' = 'movie', endYear: number | null = null) => ({ id, year, fame, kind, endYear, popularity: 0 });

describe('chooseNamed', () => {
  const films = [t('remake', 2019, 2), t('original', 1994, 5), t('sequel', 1996, 3)];

  it('without a year: the most famous', () => {
    expect(chooseNamed(films, undefined)?.id).toBe('original');
  });

  it('with a year: the exact year first, else one year either side, else nothing', () => {
    expect(chooseNamed(films, 2019)?.id).toBe('remake');
    expect(chooseNamed(films, 2020)?.id).toBe('remake');
    // 1995 is one year from both 1994 and 1996: the more famous wins.
    expect(chooseNamed(films, 1995)?.id).toBe('original');
    expect(chooseNamed(films, 1996)?.id).toBe('sequel');
    expect(chooseNamed(films, 2005)).toBeNull();
    expect(chooseNamed([], 2005)).toBeNull();
  });

  it('a series also matches any year of its run (pages often show the latest season), after a closer year', () => {
    const show = t('show', 2016, 4, 'series', 2025);
    expect(chooseNamed([show], 2024)?.id).toBe('show');
    expect(chooseNamed([show], 2026)).toBeNull();
    expect(chooseNamed([show, t('film', 2024, 1)], 2024)?.id).toBe('film');
  });
});
