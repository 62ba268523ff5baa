import { useLingui } from '@lingui/react';
import type { Platform } from '@app/shared';
import { usePlatforms } from '../../hooks/useOnboardingOptions';
import { useT } from '../../i18n/useT';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { countryInSentence } from '../common/CountrySelect';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';

/** Offered in `country`: every service without a country, and one that operates nearly everywhere (no list). */
const offeredIn = (p: Platform, country: string | null) => !country || !p.countries || p.countries.includes(country);

/**
 * The streaming services to choose from (onboarding and Settings): the ones offered in the user's
 * country first, then the others, which the hint names as not offered there (they stay choosable:
 * someone may subscribe from abroad). docs/screens.md, "Form rules".
 */
export function PlatformStep({ selected, onChange, legend, country }: { selected: string[]; onChange: (p: string[]) => void; legend?: string; country: string | null }) {
  const t = useT();
  const { i18n } = useLingui();
  const { data, error, mutate } = usePlatforms();
  if (error) return <ErrorState error={error} fallback={t('onboarding.platforms.loadFailed')} onRetry={() => void mutate()} />;
  if (!data) return <PageLoading label={t('onboarding.platforms.loading')} />;
  const here = data.filter((p) => offeredIn(p, country));
  const elsewhere = data.filter((p) => !offeredIn(p, country));
  return (
    <ChoiceGroup
      name="platform"
      legend={
        <span className="step-question">
          {legend ?? t('onboarding.platforms.question')} <span className="optional">{t('onboarding.platforms.optional')}</span>
        </span>
      }
      hint={
        <>
          {t('onboarding.platforms.hint')}
          {country &&
            elsewhere.length > 0 &&
            ` ${t('onboarding.platforms.notOffered', {
              country: countryInSentence(country, i18n.locale),
              names: new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(elsewhere.map((p) => p.name)),
            })}`}
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
