import type { ReactNode } from 'react';
import { useT } from '../../lib/useT';

type Props =
  | { kind: 'loading' }
  | { kind: 'offline' | 'error' | 'empty' | 'onboarding'; message: string; action?: ReactNode };

// i18n-dynamic: extension-popup.status.title.
const titleKey = (kind: 'offline' | 'error' | 'empty' | 'onboarding') => `extension-popup.status.title.${kind}`;

export function StatusView(props: Props) {
  const t = useT();
  if (props.kind === 'loading') {
    return (
      <section className="status" data-state="loading" aria-busy="true">
        <div className="skeleton poster-skeleton" />
        <div className="skeleton line" />
        <div className="skeleton line short" />
        <p className="muted">{t('extension-popup.status.loading')}</p>
      </section>
    );
  }
  return (
    <section className="status" data-state={props.kind} role={props.kind === 'error' ? 'alert' : 'status'}>
      <h2>{t(titleKey(props.kind))}</h2>
      <p>{props.message}</p>
      {props.action}
    </section>
  );
}
