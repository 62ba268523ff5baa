/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { PRICING } from '@app/shared';

/** $59 with $79 struck through and the early-bird label, the same everywhere. */
export function PriceTag() {
  return (
    <div className="price-tag">
      <span className="price-now">${PRICING.lifetimePriceUsd}</span>{' '}
      <s className="price-was" aria-label={`was $${PRICING.lifetimeOriginalPriceUsd}`}>${PRICING.lifetimeOriginalPriceUsd}</s>{' '}
      <span className="price-note">one-time</span>
      <p className="price-badge">{PRICING.lifetimeLabel}</p>
    </div>
  );
}
