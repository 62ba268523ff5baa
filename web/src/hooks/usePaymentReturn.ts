import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ALERT_TEXTS, STORAGE_KEYS } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';

export const PAYMENT_SUCCESS_TEXT = 'Payment successful! You now have lifetime access.';
export const PAYMENT_PENDING_TEXT = 'Thanks! We are still confirming your payment with the payment provider. Refresh this page in a minute.';

export type PaymentMessage = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * ?payment=success|cancelled|failed. The return URL upgrades nobody by itself (decisions.md): on
 * success the server is asked to confirm the order with the payment provider.
 */
export function usePaymentReturn(payment: string | null, onHandled: () => void): PaymentMessage {
  const api = useApi();
  const { storage, session } = useServices();
  const { mutate } = useSWRConfig();
  const [message, setMessage] = useState<PaymentMessage>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    onHandled();
    const clearPending = () => {
      storage.removeItem(STORAGE_KEYS.pendingBillingPeriod);
      storage.removeItem(STORAGE_KEYS.pendingSubscriptionId);
      storage.removeItem(STORAGE_KEYS.pendingUpgradeRedirect);
    };
    if (payment !== 'success') {
      clearPending();
      setMessage({ tone: 'error', text: ALERT_TEXTS.paymentCancelled });
      return;
    }
    const orderId = storage.getItem(STORAGE_KEYS.pendingSubscriptionId);
    setMessage({ tone: 'info', text: 'Confirming your payment…' });
    (async () => {
      const status = orderId ? await api.subscription.confirmOrder({ order_id: orderId }) : await api.subscription.status();
      const upgraded = status.subscription_tier === 'paid_lifetime';
      if (upgraded) {
        clearPending();
        const user = session.snapshot().user;
        if (user) session.setUser({ ...user, subscription_tier: 'paid_lifetime' });
      }
      setMessage(upgraded ? { tone: 'success', text: PAYMENT_SUCCESS_TEXT } : { tone: 'info', text: PAYMENT_PENDING_TEXT });
      void mutate((k) => Array.isArray(k) && (k[0] === 'subscription' || k[0] === 'profile'));
    })().catch(() => setMessage({ tone: 'info', text: PAYMENT_PENDING_TEXT }));
  }, [payment, api, storage, session, mutate, onHandled]);

  return message;
}
