/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { countryPhrase, type Platform } from '@app/shared';
import { usePlatforms } from '../../hooks/useOnboardingOptions';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';

/** Offered in `country`: every service without a country, and one that operates nearly everywhere (no list). */
const offeredIn = (p: Platform, country: string | null) => !country || !p.countries || p.countries.includes(country);

const names = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * The streaming services to choose from (onboarding and Settings): the ones offered in the user's
 * country first, then the others, which the hint names as not offered there (they stay choosable:
 * someone may subscribe from abroad). docs/screens.md, "Form rules".
 */
export function PlatformStep({ selected, onChange, legend, country }: { selected: string[]; onChange: (p: string[]) => void; legend?: string; country: string | null }) {
  const { data, error, mutate } = usePlatforms();
  if (error) return <ErrorState error={error} fallback="Could not load the streaming services." onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label="Loading streaming services" />;
  const here = data.filter((p) => offeredIn(p, country));
  const elsewhere = data.filter((p) => !offeredIn(p, country));
  return (
    <ChoiceGroup
      name="platform"
      legend={<span className="step-question">{legend ?? 'Which streaming services do you have?'} <span className="optional">(optional)</span></span>}
      hint={
        <>
          We favour titles you can watch on these.
          {country && elsewhere.length > 0 && ` Not offered in ${countryPhrase(country)}: ${names.format(elsewhere.map((p) => p.name))}.`}
        </>
      }
      choices={[...here, ...elsewhere].map((p) => ({
        value: p.name,
        label: p.name,
        icon: <img src={p.logo_url} alt="" width={20} height={20} className="platform-logo" />,
      }))}
      selected={selected}
      onChange={onChange}
    />
  );
}
