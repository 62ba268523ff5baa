import { useLingui } from '@lingui/react';
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useGenres } from '../../hooks/useOnboardingOptions';
import { useT } from '../../i18n/useT';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { genreLabel } from './optionNames';

export function GenreStep({ selected, onChange }: { selected: string[]; onChange: (g: string[]) => void }) {
  const t = useT();
  const { i18n } = useLingui();
  const { data, error, mutate } = useGenres();
  if (error) return <ErrorState error={error} fallback={t('onboarding.genres.loadFailed')} onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label={t('onboarding.genres.loading')} />;
  const count = selected.length;
  return (
    <ChoiceGroup
      name="genre"
      legend={
        <span className="step-question">
          {t('onboarding.genres.question')} <strong>{t('onboarding.genres.range', { min: L.genresMin, max: L.genresMax })}</strong>
        </span>
      }
      hint={count >= L.genresMax ? t('onboarding.genres.selectedMax', { count, max: L.genresMax }) : t('onboarding.genres.selected', { count })}
      choices={data.map((g) => ({ value: g, label: genreLabel(g, i18n) }))}
      selected={selected}
      onChange={onChange}
      max={L.genresMax}
    />
  );
}
