/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { REFUND } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';

/** Served at /shipping-policy and /shipping. */
export function ShippingPolicyPage() {
  const plan = usePlanFacts();
  return (
    <LegalPage title="Shipping policy">
      <p>
        Tonight&rsquo;s Pick is a digital service. Nothing is shipped and there are no delivery charges.
      </p>
      <h2>Delivery</h2>
      <p>
        The lifetime plan ({plan.price}, one-time) is delivered to your account online. As soon as the payment is confirmed, your
        account is upgraded: unlimited recommendations and calendar integration are available right away in the web app and the
        browser extension, on every device where you sign in. You receive no physical goods.
      </p>
      <h2>If the upgrade does not appear</h2>
      <p>
        Payment confirmation usually takes a few seconds. If your account still shows the free plan a few minutes after paying,
        reload Settings, then <Link to="/contact">contact us</Link> with your account email and we will sort it out.
      </p>
      <h2>Refunds</h2>
      <p>
        See the <Link to="/refund-policy">refund policy</Link>: {REFUND.days}-day money-back guarantee, refunded in{' '}
        {REFUND.businessDaysMin} to {REFUND.businessDaysMax} business days.
      </p>
    </LegalPage>
  );
}
