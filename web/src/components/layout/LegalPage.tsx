import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useT } from '../../i18n/useT';
import '../../styles/legal.css';

/** The day the legal texts last changed (UTC). */
export const LEGAL_UPDATED = new Date(Date.UTC(2026, 0, 1));

/**
 * "1 January 2026" in the page's language. The product's English is British ("favourite",
 * "organiser"), so its dates are too: day, month, year.
 */
export function legalDate(locale: string, date: Date = LEGAL_UPDATED): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const { i18n } = useLingui();
  usePageTitle(title);
  return (
    <article className="legal container-narrow">
      <h1>{title}</h1>
      <p className="muted">{t('legal.page.updated', { date: legalDate(i18n.locale) })}</p>
      {children}
    </article>
  );
}
