import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ALERT_TEXTS, ApiError, STORAGE_KEYS, type SubscriptionStatus } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { useT } from '../i18n/useT';

// The English texts as the tests quote them; the words shown come from shared/locales/settings.
export const PAYMENT_SUCCESS_TEXT = 'Payment successful! You now have lifetime access.';
export const PAYMENT_CONFIRMING_TEXT = 'Confirming your payment…';
export const PAYMENT_PENDING_TEXT = 'Thanks! We are still confirming your payment with the payment provider. Refresh this page in a minute.';
export const PAYMENT_UNKNOWN_TEXT = 'We found no payment to confirm. If you paid, your plan is upgraded as soon as the payment provider tells us.';

export type PaymentMessage = { tone: 'success' | 'error' | 'info'; text: string } | null;
/** What to say: a key of shared/locales/settings (said in the language shown), or the server's own words. */
type Said = { tone: 'success' | 'error' | 'info'; key?: string; text?: string } | null;

/** A refusal from /confirm in the server's words: unpaid or unknown orders are errors, the rest (still clearing, provider down) is not. */
function confirmFailure(err: unknown): Said {
  const text = errorText(err, '');
  const unpaid = err instanceof ApiError && (err.status === 404 || text === ALERT_TEXTS.paymentCancelled);
  const tone = unpaid ? 'error' : 'info';
  if (text === ALERT_TEXTS.paymentCancelled) return { tone, key: 'settings.payment.cancelled' };
  return text ? { tone, text } : { tone, key: 'settings.payment.pending' };
}

/**
 * ?payment=success|cancelled|failed (and the order_id Stripe puts in the success URL). The return
 * URL upgrades nobody by itself (docs/product-decisions.md): on success the server is asked to confirm the order
 * with the payment provider, and only its answer changes what this page shows.
 */
export function usePaymentReturn(payment: string | null, urlOrderId: string | null, onHandled: () => void): PaymentMessage {
  const api = useApi();
  const { storage, session } = useServices();
  const { mutate } = useSWRConfig();
  const t = useT();
  const [message, setMessage] = useState<Said>(null);
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
      setMessage({ tone: 'error', key: 'settings.payment.cancelled' });
      return;
    }
    const orderId = urlOrderId || storage.getItem(STORAGE_KEYS.pendingSubscriptionId);
    setMessage({ tone: 'info', key: 'settings.payment.confirming' });
    const settle = (status: SubscriptionStatus): Said => {
      if (status.subscription_tier !== 'paid_lifetime') return { tone: 'info', key: orderId ? 'settings.payment.pending' : 'settings.payment.unknown' };
      clearPending();
      const user = session.snapshot().user;
      if (user) session.setUser({ ...user, subscription_tier: 'paid_lifetime' });
      return { tone: 'success', key: 'settings.payment.success' };
    };
    // Without an order there is nothing to confirm: the plan is whatever the server already says.
    (orderId ? api.payments.confirmOrder({ order_id: orderId }) : api.subscription.status())
      .then(settle, confirmFailure)
      .then((m) => {
        setMessage(m);
        return mutate((k) => Array.isArray(k) && ['subscription', 'profile', 'calendar'].includes(String(k[0])));
      })
      .catch(() => undefined);
  }, [payment, urlOrderId, api, storage, session, mutate, onHandled]);

  return message && { tone: message.tone, text: message.key ? t(message.key) : (message.text ?? '') };
}
