import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import { REFUND, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';
import { useT } from '../i18n/useT';

export function RefundPolicyPage() {
  const t = useT();
  const plan = usePlanFacts();
  return (
    <LegalPage title={t('legal.refund.title')}>
      <p>
        {t('legal.refund.intro', { price: plan.price, originalPrice: plan.originalPrice, limit: plan.freeWeeklyLimit, replacements: plan.freeReplacementsWeekly })}
      </p>
      <h2>{t('legal.refund.guaranteeTitle', { days: REFUND.days })}</h2>
      <p>{t('legal.refund.guaranteeText', { days: REFUND.days })}</p>
      <h2>{t('legal.refund.askTitle')}</h2>
      <p>
        <Trans id="legal.refund.askText" values={{ hours: SUPPORT_REPLY_HOURS }} components={{ 0: <Link to="/contact" /> }} />
      </p>
      <h2>{t('legal.refund.moneyTitle')}</h2>
      <p>{t('legal.refund.moneyText', { min: REFUND.businessDaysMin, max: REFUND.businessDaysMax })}</p>
      <h2>{t('legal.refund.afterTitle')}</h2>
      <p>{t('legal.refund.afterText')}</p>
    </LegalPage>
  );
}
