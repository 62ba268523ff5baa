// "Why not recommended?" on a history or watchlist row: a disclosure that asks the server (the
// engine's own checks, GET /api/recommendations/why-not) each time it opens, since a rating or a
// setting changed since may change the answer, and shows the reasons inline.
import { useId, useState } from 'react';
import type { WhyNotResponse } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { useT } from '../../i18n/useT';

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'answer'; answer: WhyNotResponse } | { kind: 'error'; text: string };

export function WhyNotRecommended({ titleId, title }: { titleId: string; title: string }) {
  const t = useT();
  const api = useApi();
  const panelId = useId();
  const [state, setState] = useState<State>({ kind: 'closed' });
  const open = state.kind !== 'closed';

  async function toggle() {
    if (open) {
      setState({ kind: 'closed' });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const answer = await api.recommendations.whyNot(titleId);
      setState((s) => (s.kind === 'loading' ? { kind: 'answer', answer } : s));
    } catch (err) {
      setState((s) => (s.kind === 'loading' ? { kind: 'error', text: errorText(err, t('dashboard.whyNot.failed')) } : s));
    }
  }

  return (
    <div className="why-not">
      {/* The name starts with the visible words, then says which title (rows list many). */}
      <button
        type="button"
        className="btn btn-ghost btn-small why-not-toggle"
        aria-label={t('dashboard.whyNot.actionFor', { title })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => void toggle()}
      >
        {t('dashboard.whyNot.action')}
      </button>
      <div id={panelId} className="why-not-panel" hidden={!open}>
        {state.kind === 'loading' && (
          <p className="muted" role="status">
            {t('dashboard.whyNot.loading')}
          </p>
        )}
        {state.kind === 'error' && (
          <p className="notice notice-error why-not-error" role="alert">
            {state.text}
          </p>
        )}
        {state.kind === 'answer' && (
          <div role="status">
            <p className="why-not-heading">{t('dashboard.whyNot.heading', { title: state.answer.title })}</p>
            <ul className="why-not-reasons">
              {state.answer.reasons.map((r) => (
                <li key={r.code} data-code={r.code}>
                  {r.text}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
