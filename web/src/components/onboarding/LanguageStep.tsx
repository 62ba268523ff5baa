/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useLanguages } from '../../hooks/useOnboardingOptions';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';

export function LanguageStep({ selected, onChange, legend }: { selected: string[]; onChange: (l: string[]) => void; legend?: string }) {
  const { data, error, mutate } = useLanguages();
  if (error) return <ErrorState error={error} fallback="Could not load the languages." onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label="Loading languages" />;
  return (
    <ChoiceGroup
      name="language"
      legend={<span className="step-question">{legend ?? 'Which languages do you watch in?'} <strong>Pick at least 1</strong></span>}
      hint={`${selected.length} selected`}
      choices={data.map((l) => ({ value: l, label: l }))}
      selected={selected}
      onChange={onChange}
    />
  );
}
