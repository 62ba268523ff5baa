import { useLingui } from '@lingui/react';
import { PRICING } from '@app/shared';
import { useT } from '../../i18n/useT';

/** $59 with $79 struck through and the early-bird label, the same everywhere; the amounts in the page's language's format. */
export function PriceTag() {
  const t = useT();
  const { i18n } = useLingui();
  const usd = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const was = usd.format(PRICING.lifetimeOriginalPriceUsd);
  return (
    <div className="price-tag">
      <span className="price-now">{usd.format(PRICING.lifetimePriceUsd)}</span>{' '}
      <s className="price-was" aria-label={t('common.price.was', { price: was })}>{was}</s>{' '}
      <span className="price-note">{t('common.price.oneTime')}</span>
      <p className="price-badge">{t('common.price.badge', { saving: usd.format(PRICING.lifetimeSavingsUsd) })}</p>
    </div>
  );
}
