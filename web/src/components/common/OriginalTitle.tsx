import { useT } from '../../i18n/useT';

/** Unicode's first-strong isolate and its end: a title in another script keeps its own direction inside the sentence (an Arabic page, a Latin title). */
const ISOLATE = (s: string) => `\u2068${s}\u2069`;

/**
 * The title's original name, beside one shown in the viewer's language ("Original title: 기생충"):
 * the API's `original_title` (null when the shown name is the original, and always in English), so
 * nothing is rendered without one.
 */
export function OriginalTitle({ title, className = 'muted original-title' }: { title: string | null | undefined; className?: string }) {
  const t = useT();
  if (!title) return null;
  return <p className={className}>{t('catalog.originalTitle.label', { title: ISOLATE(title) })}</p>;
}
