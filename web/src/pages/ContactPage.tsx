import { DATA_DELETION_DAYS, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/LegalPage';
import { FeedbackForm } from '../components/FeedbackForm';
import { useSession } from '../api/ServicesContext';

export function ContactPage() {
  const { user } = useSession();
  return (
    <LegalPage title="Contact">
      <p>
        Questions, refund requests, data requests or ideas: send us a message below. Give your email address if you would like a
        reply; we answer within {SUPPORT_REPLY_HOURS} hours.
      </p>
      <ul>
        <li>Refunds: include the email address of your account and roughly when you bought the lifetime plan.</li>
        <li>Account deletion: send the request from the email address of your account; we delete your data within {DATA_DELETION_DAYS} days.</li>
      </ul>
      <div className="contact-form card">
        <FeedbackForm defaultEmail={user?.email ?? ''} />
      </div>
    </LegalPage>
  );
}
