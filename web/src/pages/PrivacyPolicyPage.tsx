import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import { MINIMUM_AGE, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';
import { useT } from '../i18n/useT';

const STRONG = { 0: <strong /> };
/** What we collect, each item's message key (shared/locales/legal): "<0>Label:</0> what". */
const COLLECTED = [
  'legal.privacy.collectAccount',
  'legal.privacy.collectTaste',
  'legal.privacy.collectActivity',
  'legal.privacy.collectSchedule',
  'legal.privacy.collectFeedback',
  'legal.privacy.collectUsage',
] as const;

export function PrivacyPolicyPage() {
  const t = useT();
  return (
    <LegalPage title={t('legal.privacy.title')}>
      <p>{t('legal.privacy.intro')}</p>
      <h2>{t('legal.privacy.collectTitle')}</h2>
      <ul>
        {COLLECTED.map((id) => (
          <li key={id}>
            <Trans id={id} components={STRONG} />
          </li>
        ))}
      </ul>
      <h2>{t('legal.privacy.useTitle')}</h2>
      <p>{t('legal.privacy.useText')}</p>
      <h2>{t('legal.privacy.shareTitle')}</h2>
      <p>{t('legal.privacy.shareText')}</p>
      <h2>{t('legal.privacy.storageTitle')}</h2>
      <p>{t('legal.privacy.storageText')}</p>
      <p>
        <Trans id="legal.privacy.cookiesText" components={{ 0: <code />, 1: <code />, 2: <code />, 3: <code /> }} />
      </p>
      <h2>{t('legal.privacy.rightsTitle')}</h2>
      <p>{t('legal.privacy.rightsText')}</p>
      <ul>
        <li>
          <Trans id="legal.privacy.rightsExport" components={STRONG} />
        </li>
        <li>
          <Trans id="legal.privacy.rightsDelete" components={STRONG} />
        </li>
      </ul>
      <p>
        <Trans id="legal.privacy.rightsContact" values={{ hours: SUPPORT_REPLY_HOURS }} components={{ 0: <Link to="/contact" /> }} />
      </p>
      <h2>{t('legal.privacy.childrenTitle')}</h2>
      <p>{t('legal.privacy.childrenText', { age: MINIMUM_AGE })}</p>
      <h2>{t('legal.privacy.securityTitle')}</h2>
      <p>{t('legal.privacy.securityText')}</p>
      <h2>{t('legal.privacy.changesTitle')}</h2>
      <p>{t('legal.privacy.changesText')}</p>
    </LegalPage>
  );
}
