import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import { MINIMUM_AGE, REFUND, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';
import { useT } from '../i18n/useT';

const STRONG = { 0: <strong /> };

export function TermsOfServicePage() {
  const t = useT();
  const plan = usePlanFacts();
  return (
    <LegalPage title={t('legal.terms.title')}>
      <p>{t('legal.terms.intro')}</p>
      <h2>{t('legal.terms.eligibilityTitle')}</h2>
      <p>
        <Trans id="legal.terms.eligibilityText" values={{ age: MINIMUM_AGE }} components={{ 0: <Link to="/contact" />, 1: <Link to="/privacy-policy" /> }} />
      </p>
      <h2>{t('legal.terms.plansTitle')}</h2>
      <ul>
        <li>
          <Trans id="legal.terms.planFree" values={{ limit: plan.freeWeeklyLimit, replacements: plan.freeReplacementsWeekly }} components={STRONG} />
        </li>
        <li>
          <Trans id="legal.terms.planLifetime" values={{ price: plan.price, originalPrice: plan.originalPrice }} components={STRONG} />
        </li>
      </ul>
      <p>{t('legal.terms.plansChanges')}</p>
      <h2>{t('legal.terms.refundsTitle')}</h2>
      <p>
        <Trans id="legal.terms.refundsText" values={{ days: REFUND.days }} components={{ 0: <Link to="/refund-policy" /> }} />
      </p>
      <h2>{t('legal.terms.availabilityTitle')}</h2>
      <p>{t('legal.terms.availabilityText')}</p>
      <h2>{t('legal.terms.useTitle')}</h2>
      <p>{t('legal.terms.useText')}</p>
      <h2>{t('legal.terms.liabilityTitle')}</h2>
      <p>{t('legal.terms.liabilityText')}</p>
      <h2>{t('legal.terms.contactTitle')}</h2>
      <p>
        <Trans id="legal.terms.contactText" values={{ hours: SUPPORT_REPLY_HOURS }} components={{ 0: <Link to="/contact" /> }} />
      </p>
    </LegalPage>
  );
}
