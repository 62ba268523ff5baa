import type { ReactNode } from 'react';
import { PriceTag } from '../common/PriceTag';
import { useT } from '../../i18n/useT';

/** What the lifetime plan gives, with the price; the caller supplies the action. */
export function UpgradeOffer({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="upgrade-offer">
      <PriceTag />
      <ul className="plan-list">
        <li>{t('settings.upgrade.unlimited')}</li>
        <li>{t('settings.upgrade.calendar')}</li>
        <li>{t('settings.upgrade.payOnce')}</li>
      </ul>
      {children}
    </div>
  );
}
