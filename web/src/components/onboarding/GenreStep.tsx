/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useGenres } from '../../hooks/useOnboardingOptions';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';

export function GenreStep({ selected, onChange }: { selected: string[]; onChange: (g: string[]) => void }) {
  const { data, error, mutate } = useGenres();
  if (error) return <ErrorState error={error} fallback="Could not load the genres." onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label="Loading genres" />;
  return (
    <ChoiceGroup
      name="genre"
      legend={<span className="step-question">Which genres do you enjoy? <strong>{L.genresLabel}</strong></span>}
      hint={`${selected.length} selected${selected.length >= L.genresMax ? ` (the maximum is ${L.genresMax})` : ''}`}
      choices={data.map((g) => ({ value: g, label: g }))}
      selected={selected}
      onChange={onChange}
      max={L.genresMax}
    />
  );
}
