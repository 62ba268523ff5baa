/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { MINIMUM_AGE, REFUND, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { usePlanFacts } from '../hooks/usePlanFacts';

export function TermsOfServicePage() {
  const plan = usePlanFacts();
  return (
    <LegalPage title="Terms of service">
      <p>
        These terms govern your use of Tonight&rsquo;s Pick, a service that recommends movies and series to watch on the
        streaming services you already have. By creating an account you agree to them. The service is in beta: features may change
        and occasional interruptions may happen.
      </p>
      <h2>Eligibility and accounts</h2>
      <p>
        You must be at least {MINIMUM_AGE} years old to use Tonight&rsquo;s Pick. You are responsible for keeping your password
        safe and for activity on your account. Tell us through the <Link to="/contact">contact page</Link> if you think someone
        else has access to it. You can download your data or delete your account at any time in Settings; the{' '}
        <Link to="/privacy-policy">privacy policy</Link> says what deletion removes and what is kept.
      </p>
      <h2>Plans</h2>
      <ul>
        <li>
          <strong>Free plan:</strong> {plan.freeWeeklyLimit} new recommendations per calendar week (Monday 00:00 to Sunday 24:00 in
          your own timezone, or UTC if you have not set one). Replacing a pick you mark Already Watched, or one you dislike, does
          not count, up to {plan.freeReplacementsWeekly} times a week; after that a replacement counts as one of the week&rsquo;s
          recommendations, and the app says so before you click. The allowance renews every week and the free plan never expires.
          Calendar integration is not included.
        </li>
        <li>
          <strong>Lifetime plan:</strong> a single one-time payment of {plan.price} (early bird price; regular price{' '}
          {plan.originalPrice}) for unlimited recommendations and calendar integration for as long as the service runs. There is no
          subscription and nothing renews.
        </li>
      </ul>
      <p>
        Plan changes for lifetime users are handled by support. Earlier monthly and yearly plans are no longer sold; existing ones
        are honoured until their end date.
      </p>
      <h2>Refunds</h2>
      <p>
        The lifetime plan has a {REFUND.days}-day money-back guarantee. See the <Link to="/refund-policy">refund policy</Link>.
      </p>
      <h2>Recommendations and availability</h2>
      <p>
        Recommendations are suggestions. Streaming availability changes often and differs by country; we show a platform only when
        we have durable knowledge of it, and you need your own subscription to that platform to watch. Ratings shown are for
        orientation only.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not misuse the service: no automated scraping, no attempts to break security or rate limits, no abusive feedback.
        We may suspend accounts that do.
      </p>
      <h2>Liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, our liability is limited to the amount you paid us in the
        twelve months before a claim.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: use the <Link to="/contact">contact page</Link>. We reply within {SUPPORT_REPLY_HOURS} hours.
      </p>
    </LegalPage>
  );
}
