import { Link } from '../common/Link';
import { REFUND } from '@app/shared';
import { usePlanFacts } from '../../hooks/usePlanFacts';
import { useT } from '../../i18n/useT';
import { PriceTag } from '../common/PriceTag';

export function PricingSection() {
  const t = useT();
  const plan = usePlanFacts();
  return (
    <section className="section container" aria-labelledby="pricing-title" id="pricing">
      <h2 id="pricing-title" className="section-title">{t('landing.pricing.title')}</h2>
      <div className="pricing-grid">
        <article className="card plan">
          <h3>{t('landing.pricing.freeName')}</h3>
          <div className="price-tag">
            <span className="price-now">{plan.freePrice}</span> <span className="price-note">{t('landing.pricing.forever')}</span>
          </div>
          <ul className="plan-list">
            <li>{t('landing.pricing.freeWeekly', { count: plan.freeWeeklyLimit })}</li>
            <li>{t('landing.pricing.freeReplacements', { count: plan.freeReplacementsWeekly })}</li>
            <li>{t('landing.pricing.freeFeatures')}</li>
            <li>{t('landing.pricing.freeCalendar')}</li>
          </ul>
          <Link to="/register" className="btn btn-secondary btn-block">{t('landing.pricing.startFree')}</Link>
        </article>
        <article className="card plan plan-featured">
          <h3>{t('landing.pricing.lifetimeName')}</h3>
          <PriceTag />
          <ul className="plan-list">
            <li>{t('landing.pricing.unlimited')}</li>
            <li>{t('landing.pricing.calendar')}</li>
            <li>{t('landing.pricing.payOnce')}</li>
            <li>{t('landing.pricing.guarantee', { days: REFUND.days })}</li>
          </ul>
          <Link to="/register" className="btn btn-primary btn-block">{t('landing.pricing.getLifetime')}</Link>
        </article>
      </div>
    </section>
  );
}
