/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { ReactNode } from 'react';
import { PriceTag } from '../common/PriceTag';

/** What the lifetime plan gives, with the price; the caller supplies the action. */
export function UpgradeOffer({ children }: { children: ReactNode }) {
  return (
    <div className="upgrade-offer">
      <PriceTag />
      <ul className="plan-list">
        <li>Unlimited recommendations</li>
        <li>Calendar integration</li>
        <li>Pay once, keep it for life</li>
      </ul>
      {children}
    </div>
  );
}
