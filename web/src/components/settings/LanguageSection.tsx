import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { isLocale, type Locale, type UpdateProfileRequest, type User } from '@app/shared';
import { useServices } from '../../api/ServicesContext';
import { chooseLocale } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';
import { LanguageSelect } from '../common/LanguageSelect';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';

/** The language of the app, the emails and the scheduled picks (the profile's ui_language): saved and shown at once. */
export function LanguageSection({ user, save }: { user: User; save: (body: UpdateProfileRequest) => Promise<unknown> }) {
  const t = useT();
  const { i18n } = useLingui();
  const { storage } = useServices();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; key: string } | null>(null);
  const current: Locale = user.ui_language ?? (isLocale(i18n.locale) ? i18n.locale : 'en');

  async function change(locale: Locale) {
    setBusy(true);
    setMessage(null);
    try {
      await save({ ui_language: locale });
      await chooseLocale(locale, storage);
      setMessage({ tone: 'success', key: 'language.section.saved' });
    } catch {
      setMessage({ tone: 'error', key: 'language.section.failed' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="language" title={t('language.section.title')}>
      <p className="muted">{t('language.section.hint')}</p>
      <LanguageSelect value={current} onChange={(l) => void change(l)} disabled={busy} />
      {message && <Notice tone={message.tone}>{t(message.key)}</Notice>}
    </SettingsSection>
  );
}
