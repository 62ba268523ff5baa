import type { User } from '@app/shared';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SettingsSection } from './SettingsSection';
import { useT } from '../../i18n/useT';

/** Settings > Sign-in and security: the email address and the password. */
export function SecuritySection({ user, onEmailChanged }: { user: User; onEmailChanged: (user: User) => Promise<unknown> }) {
  const t = useT();
  return (
    <SettingsSection id="security" title={t('settings.security.title')}>
      <ChangeEmailForm user={user} onChanged={onEmailChanged} />
      <ChangePasswordForm user={user} />
    </SettingsSection>
  );
}
