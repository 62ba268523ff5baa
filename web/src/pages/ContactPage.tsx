import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import { SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { FeedbackForm } from '../components/feedback/FeedbackForm';
import { useSession } from '../api/ServicesContext';
import { useT } from '../i18n/useT';

export function ContactPage() {
  const t = useT();
  const { user } = useSession();
  return (
    <LegalPage title={t('legal.contact.title')}>
      <p>{t('legal.contact.intro', { hours: SUPPORT_REPLY_HOURS })}</p>
      <ul>
        <li>{t('legal.contact.refunds')}</li>
        <li>
          <Trans id="legal.contact.data" components={{ 0: <Link to="/app/settings#data" />, 1: <Link to="/privacy-policy" /> }} />
        </li>
      </ul>
      <div className="contact-form card">
        <FeedbackForm defaultEmail={user?.email ?? ''} />
      </div>
    </LegalPage>
  );
}
