import { useState } from 'react';
import { ApiError, STORAGE_KEYS } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';
import { useT } from '../i18n/useT';

/** Creates the lifetime order and sends the browser to the payment page. */
export function useCheckout() {
  const api = useApi();
  const { storage } = useServices();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const order = await api.payments.createOrder({ billing_period: 'lifetime' });
      storage.setItem(STORAGE_KEYS.pendingBillingPeriod, 'lifetime');
      storage.setItem(STORAGE_KEYS.pendingSubscriptionId, order.order_id);
      storage.setItem(STORAGE_KEYS.pendingUpgradeRedirect, '/app/settings?section=subscription');
      window.location.assign(order.payment_link);
    } catch (err) {
      setError(err instanceof ApiError && err.body?.detail ? t('settings.checkout.linkFailed', { detail: err.body.detail }) : t('settings.checkout.failed'));
      setBusy(false);
    }
  }
  return { start, error, busy };
}
