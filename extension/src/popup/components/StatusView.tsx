/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { ReactNode } from 'react';

type Props =
  | { kind: 'loading' }
  | { kind: 'offline' | 'error' | 'empty' | 'onboarding'; message: string; action?: ReactNode };

const TITLES = { offline: 'Offline', error: 'Something went wrong', empty: 'Nothing to pick right now', onboarding: 'Almost there' } as const;

export function StatusView(props: Props) {
  if (props.kind === 'loading') {
    return (
      <section className="status" data-state="loading" aria-busy="true">
        <div className="skeleton poster-skeleton" />
        <div className="skeleton line" />
        <div className="skeleton line short" />
        <p className="muted">Finding tonight&rsquo;s pick&hellip;</p>
      </section>
    );
  }
  return (
    <section className="status" data-state={props.kind} role={props.kind === 'error' ? 'alert' : 'status'}>
      <h2>{TITLES[props.kind]}</h2>
      <p>{props.message}</p>
      {props.action}
    </section>
  );
}
