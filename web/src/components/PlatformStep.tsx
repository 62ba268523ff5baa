import { usePlatforms } from '../hooks/useOnboardingOptions';
import { ChoiceGroup } from './ChoiceGroup';
import { ErrorState } from './ErrorState';
import { PageLoading } from './PageLoading';

export function PlatformStep({ selected, onChange, legend }: { selected: string[]; onChange: (p: string[]) => void; legend?: string }) {
  const { data, error, mutate } = usePlatforms();
  if (error) return <ErrorState error={error} fallback="Could not load the streaming services." onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label="Loading streaming services" />;
  return (
    <ChoiceGroup
      name="platform"
      legend={<span className="step-question">{legend ?? 'Which streaming services do you have?'} <span className="optional">(optional)</span></span>}
      hint="We favour titles you can watch on these."
      choices={data.map((p) => ({
        value: p.name,
        label: p.name,
        icon: <img src={p.logo_url} alt="" width={20} height={20} className="platform-logo" />,
      }))}
      selected={selected}
      onChange={onChange}
    />
  );
}
