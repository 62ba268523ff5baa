import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useFilteredMovies } from '../../hooks/useOnboardingOptions';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useT } from '../../i18n/useT';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { PosterImage } from '../common/PosterImage';
import type { Favourite as Pick } from './onboardingRules';
import { genreLabel, languageLabel } from './optionNames';
interface Props {
  genres: string[];
  languages: string[];
  selected: Pick[];
  onChange: (next: Pick[]) => void;
}

/** Favourite titles from the list filtered by the chosen genres and languages, with search. */
export function FavouritesStep({ genres, languages, selected, onChange }: Props) {
  const t = useT();
  const { i18n } = useLingui();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, 250);
  const { data, error, mutate, isLoading } = useFilteredMovies(genres, languages, query);
  const chosen = new Set(selected.map((s) => s.id));
  const full = selected.length >= L.favouritesMax;

  function toggle(p: Pick) {
    if (chosen.has(p.id)) onChange(selected.filter((s) => s.id !== p.id));
    else if (!full) onChange([...selected, p]);
  }

  return (
    <fieldset className="choice-group">
      <legend>
        <span className="step-question">
          <Trans id="onboarding.favourites.question" values={{ min: L.favouritesMin, max: L.favouritesMax }} components={{ 0: <strong /> }} />
        </span>
      </legend>
      <p className="field-hint" aria-live="polite">
        {t(selected.length < L.favouritesMin ? 'onboarding.favourites.selectedNeedMore' : full ? 'onboarding.favourites.selectedFull' : 'onboarding.favourites.selected', {
          count: selected.length,
          max: L.favouritesMax,
          min: L.favouritesMin,
        })}
      </p>
      {selected.length > 0 && (
        <ul className="picked" aria-label={t('onboarding.favourites.yours')}>
          {selected.map((s) => (
            <li key={s.id}>
              <button type="button" className="chip chip-on" onClick={() => toggle(s)} aria-label={t('onboarding.favourites.remove', { title: s.title })}>
                {s.title} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="favourite-search">{t('onboarding.favourites.search')}</label>
        <input id="favourite-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('onboarding.favourites.placeholder')} />
      </div>
      {error ? (
        <ErrorState error={error} fallback={t('onboarding.favourites.loadFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label={t('onboarding.favourites.loading')} />
      ) : data.movies.length === 0 ? (
        <p className="muted">{data.message ?? t('onboarding.favourites.none')}</p>
      ) : (
        <ul className={`movie-grid${isLoading ? ' is-stale' : ''}`}>
          {data.movies.map((m) => {
            const on = chosen.has(m.id);
            const id = `movie-${m.id}`;
            return (
              <li key={m.id}>
                <label htmlFor={id} className={`movie-option${on ? ' movie-on' : ''}`}>
                  <input id={id} type="checkbox" aria-label={t('onboarding.favourites.option', { title: m.title, year: m.year })} checked={on} disabled={!on && full} onChange={() => toggle({ id: m.id, title: m.title })} />
                  <PosterImage src={m.poster_url} fallbackSrc={m.poster_fallback_url} alt="" width={80} height={120} loading="lazy" />
                  <span className="movie-meta">
                    <span className="movie-title">{m.title}</span>
                    <span className="muted">
                      {m.year} · {genreLabel(m.genre, i18n)} · {languageLabel(m.language, i18n)}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
