// Tonight's constraints in the popup's language: the words of shared/src/tonight.ts (describeTonight,
// formatMinutes), each a message of extension-popup, so English reads exactly as there.
import { EXPLORATION_STOPS, explorationStop } from '@app/shared/tonight';
import type { TonightConstraints } from '@app/shared';

type T = (key: string, values?: Record<string, string | number>) => string;

/** "1 h 40", "45 min", "2 h" in the popup's language. */
export function formatMinutes(t: T, minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const m = total % 60;
  if (hours === 0) return t('extension-popup.tonight.minutes', { minutes: m });
  return m === 0 ? t('extension-popup.tonight.hours', { hours }) : t('extension-popup.tonight.hoursMinutes', { hours, minutes: String(m).padStart(2, '0') });
}

// i18n-dynamic: extension-popup.tonight.exploration.
/** "1 h 40 · Movie · Deep cut": only what is set; with nothing set, "Any length · Movie or series". */
export function describeTonight(t: T, tonight: Pick<TonightConstraints, 'max_minutes' | 'kind' | 'finish_tonight' | 'exploration'>): string {
  const parts: string[] = [tonight.max_minutes === null ? t('extension-popup.tonight.anyLength') : formatMinutes(t, tonight.max_minutes)];
  parts.push(tonight.kind === 'movie' ? t('extension-popup.tonight.movie') : tonight.kind === 'series' ? t('extension-popup.tonight.series') : t('extension-popup.tonight.movieOrSeries'));
  if (tonight.finish_tonight && tonight.max_minutes !== null && tonight.kind !== 'movie') parts.push(t('extension-popup.tonight.finishTonight'));
  if (tonight.exploration !== null) {
    const at = explorationStop(tonight.exploration);
    if (EXPLORATION_STOPS[at].value !== null) parts.push(t(`extension-popup.tonight.exploration.${at}`));
  }
  return parts.join(t('extension-popup.tonight.separator'));
}
