/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useFilteredMovies } from '../../hooks/useOnboardingOptions';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { PosterImage } from '../common/PosterImage';
import type { Favourite as Pick } from './onboardingRules';
interface Props {
  genres: string[];
  languages: string[];
  selected: Pick[];
  onChange: (next: Pick[]) => void;
}

/** Favourite titles from the list filtered by the chosen genres and languages, with search. */
export function FavouritesStep({ genres, languages, selected, onChange }: Props) {
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
          Pick some favourites <strong>({L.favouritesMin} to {L.favouritesMax})</strong>
        </span>
      </legend>
      <p className="field-hint" aria-live="polite">
        {selected.length} of {L.favouritesMax} selected
        {selected.length < L.favouritesMin ? `: pick at least ${L.favouritesMin}` : ''}
        {full ? ': that is the maximum' : ''}
      </p>
      {selected.length > 0 && (
        <ul className="picked" aria-label="Your favourites">
          {selected.map((s) => (
            <li key={s.id}>
              <button type="button" className="chip chip-on" onClick={() => toggle(s)} aria-label={`Remove ${s.title}`}>
                {s.title} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="favourite-search">Search titles</label>
        <input id="favourite-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. Parasite" />
      </div>
      {error ? (
        <ErrorState error={error} fallback="Could not load titles." onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label="Loading titles" />
      ) : data.movies.length === 0 ? (
        <p className="muted">{data.message ?? 'No titles match. Try another search.'}</p>
      ) : (
        <ul className={`movie-grid${isLoading ? ' is-stale' : ''}`}>
          {data.movies.map((m) => {
            const on = chosen.has(m.id);
            const id = `movie-${m.id}`;
            return (
              <li key={m.id}>
                <label htmlFor={id} className={`movie-option${on ? ' movie-on' : ''}`}>
                  <input id={id} type="checkbox" aria-label={`${m.title} (${m.year})`} checked={on} disabled={!on && full} onChange={() => toggle({ id: m.id, title: m.title })} />
                  <PosterImage src={m.poster_url} fallbackSrc={m.poster_fallback_url} alt="" width={80} height={120} loading="lazy" />
                  <span className="movie-meta">
                    <span className="movie-title">{m.title}</span>
                    <span className="muted">
                      {m.year} · {m.genre} · {m.language}
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
