import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import { REFUND } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';
import { useT } from '../i18n/useT';

/** Served at /shipping-policy and /shipping. */
export function ShippingPolicyPage() {
  const t = useT();
  const plan = usePlanFacts();
  return (
    <LegalPage title={t('legal.shipping.title')}>
      <p>{t('legal.shipping.intro')}</p>
      <h2>{t('legal.shipping.deliveryTitle')}</h2>
      <p>{t('legal.shipping.deliveryText', { price: plan.price })}</p>
      <h2>{t('legal.shipping.missingTitle')}</h2>
      <p>
        <Trans id="legal.shipping.missingText" components={{ 0: <Link to="/contact" /> }} />
      </p>
      <h2>{t('legal.shipping.refundsTitle')}</h2>
      <p>
        <Trans id="legal.shipping.refundsText" values={{ days: REFUND.days, min: REFUND.businessDaysMin, max: REFUND.businessDaysMax }} components={{ 0: <Link to="/refund-policy" /> }} />
      </p>
    </LegalPage>
  );
}
