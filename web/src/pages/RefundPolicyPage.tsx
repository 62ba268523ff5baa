/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { REFUND, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';

export function RefundPolicyPage() {
  const plan = usePlanFacts();
  return (
    <LegalPage title="Refund policy">
      <p>
        The only paid product is the lifetime plan: a one-time payment of {plan.price} (early bird price, regular{' '}
        {plan.originalPrice}). The free plan costs nothing and gives {plan.freeWeeklyLimit} new recommendations every calendar
        week (plus up to {plan.freeReplacementsWeekly} free replacements of picks you have already watched or dislike), so you
        can try the service for as long as you like before paying.
      </p>
      <h2>{REFUND.days}-day money-back guarantee</h2>
      <p>
        If the lifetime plan is not for you, ask for a refund within {REFUND.days} days of your purchase and you get the full
        amount back. No questions asked.
      </p>
      <h2>How to ask</h2>
      <p>
        Use the <Link to="/contact">contact page</Link> with the email address of your account. We reply within{' '}
        {SUPPORT_REPLY_HOURS} hours.
      </p>
      <h2>When the money arrives</h2>
      <p>
        Refunds go back to the original payment method. Once approved, they take {REFUND.businessDaysMin} to{' '}
        {REFUND.businessDaysMax} business days to appear, depending on your bank or card issuer.
      </p>
      <h2>After a refund</h2>
      <p>Your account returns to the free plan. Your preferences and history stay unless you ask us to delete them.</p>
    </LegalPage>
  );
}
