// The popup's words for a failed call, in the language shown now (lib/pick-errors.ts has the English).
import { i18n } from '../lib/i18n';
import type { ProblemTexts } from '../lib/pick-errors';

export const problemTexts = (): ProblemTexts => ({
  limitTitle: i18n._('extension-popup.limit.title'),
  limitReached: i18n._('extension-popup.limit.limitReached'),
  expired: i18n._('extension-popup.limit.expired'),
  offline: i18n._('extension-popup.problem.offline'),
  onboarding: i18n._('extension-popup.problem.onboarding'),
});
