import { useLingui } from '@lingui/react';
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useLanguages } from '../../hooks/useOnboardingOptions';
import { useT } from '../../i18n/useT';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { languageLabel } from './optionNames';

/** The languages a person watches in (onboarding and Settings); `legend`, already translated, replaces the question. */
export function LanguageStep({ selected, onChange, legend }: { selected: string[]; onChange: (l: string[]) => void; legend?: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const { data, error, mutate } = useLanguages();
  if (error) return <ErrorState error={error} fallback={t('onboarding.languages.loadFailed')} onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label={t('onboarding.languages.loading')} />;
  return (
    <ChoiceGroup
      name="language"
      legend={
        <span className="step-question">
          {legend ?? t('onboarding.languages.question')} <strong>{t('onboarding.languages.atLeast', { min: L.languagesMin })}</strong>
        </span>
      }
      hint={t('onboarding.languages.selected', { count: selected.length })}
      choices={data.map((l) => ({ value: l, label: languageLabel(l, i18n) }))}
      selected={selected}
      onChange={onChange}
    />
  );
}
