/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/usePageTitle';
import '../../styles/legal.css';

export const LEGAL_UPDATED = '1 January 2026';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="legal container-narrow">
      <h1>{title}</h1>
      <p className="muted">Last updated {LEGAL_UPDATED}</p>
      {children}
    </article>
  );
}
