/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { User } from '@app/shared';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SettingsSection } from './SettingsSection';

/** Settings > Sign-in and security: the email address and the password. */
export function SecuritySection({ user, onEmailChanged }: { user: User; onEmailChanged: (user: User) => Promise<unknown> }) {
  return (
    <SettingsSection id="security" title="Sign-in and security">
      <ChangeEmailForm user={user} onChanged={onEmailChanged} />
      <ChangePasswordForm user={user} />
    </SettingsSection>
  );
}
