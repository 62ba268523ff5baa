/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { FeedbackForm } from '../components/feedback/FeedbackForm';
import { useSession } from '../api/ServicesContext';

export function ContactPage() {
  const { user } = useSession();
  return (
    <LegalPage title="Contact">
      <p>
        Questions, refund requests or ideas: send us a message below. Give your email address if you would like a
        reply; we answer within {SUPPORT_REPLY_HOURS} hours.
      </p>
      <ul>
        <li>Refunds: include the email address of your account and roughly when you bought the lifetime plan.</li>
        <li>
          Your data: download it or delete your account yourself in <Link to="/app/settings#data">Settings</Link> (Export my data,
          Delete my account); see the <Link to="/privacy-policy">privacy policy</Link>. Write to us only if you can no longer sign in,
          from the email address of your account.
        </li>
      </ul>
      <div className="contact-form card">
        <FeedbackForm defaultEmail={user?.email ?? ''} />
      </div>
    </LegalPage>
  );
}
