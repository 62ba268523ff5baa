// A signed-in popup: the pick's card with its actions, or the state that replaces it.
import { useEffect, useState } from 'react';
import { replacementCost, type ApiClient } from '../../lib/shared';
import { usePick } from '../usePick';
import { StatusView } from './StatusView';
import { PickCard } from './PickCard';
import { PickActions } from './PickActions';
import { PlanLimitNotice } from './PlanLimitNotice';
import { ScheduleForm } from './ScheduleForm';
import { SiteBanner } from './SiteBanner';
import { PopupFooter } from './PopupFooter';
import { openTab } from '../../lib/tabs';
import { TonightLine, type TonightDraft } from './TonightLine';
import { useTogether } from '../useTogether';
import { TogetherView } from './TogetherView';
import { useT } from '../../lib/useT';

export function PickView({ api, serverUrl }: { api: ApiClient; serverUrl: string }) {
  const t = useT();
  const { state, reload, rate, next, toggleSave, setNotice } = usePick(api);
  const together = useTogether(api);
  // A member of a household switches between tonight's pick and a pick for both.
  const [both, setBoth] = useState(false);
  const household = together.state.data?.household ?? null;
  const [scheduling, setScheduling] = useState(false);
  // Time and kind for the next pick: the remembered ones until changed here.
  const [draft, setDraft] = useState<TonightDraft | null>(null);
  const pickId = state.pick?.id;
  const remembered = state.tonight;
  const shown: TonightDraft | null = draft ?? (remembered && { max_minutes: remembered.max_minutes, kind: remembered.kind });
  /** Only what differs from the remembered constraints goes with the next pick. */
  const changed = () => {
    if (!draft || !remembered) return {};
    return {
      ...(draft.max_minutes !== remembered.max_minutes ? { max_minutes: draft.max_minutes } : {}),
      ...(draft.kind !== remembered.kind ? { kind: draft.kind } : {}),
    };
  };

  useEffect(() => setScheduling(false), [pickId]);
  useEffect(() => {
    // Measured by the e2e run: time from the popup opening to the card on screen.
    if (pickId) document.body.dataset.cardRenderedMs = String(Math.round(performance.now()));
  }, [pickId]);

  const footer = <PopupFooter api={api} serverUrl={serverUrl} />;
  const cost = replacementCost(state.status);
  // Free replacements only help with a pick on screen to replace.
  const freeLeft = state.pick ? (state.status?.free_replacements_left ?? 0) : 0;
  if (state.loading) return <StatusView kind="loading" />;

  const retry = (
    <button type="button" onClick={() => void reload()}>
      {t('extension-popup.view.tryAgain')}
    </button>
  );
  const partner = household?.members.find((m) => !m.you)?.name;
  const switcher = household && (
    <div className="switch row" role="group" aria-label={t('extension-popup.view.whosePick')}>
      <button type="button" data-action="mine" aria-pressed={!both} onClick={() => setBoth(false)}>
        {t('extension-popup.view.tonightsPick')}
      </button>
      <button type="button" data-action="both" aria-pressed={both} onClick={() => setBoth(true)}>
        {t('extension-popup.view.forYouAnd', { partner: partner ?? '' })}
      </button>
    </div>
  );
  if (household && both) {
    return (
      <>
        {switcher}
        <TogetherView
          household={household}
          pick={together.state.data?.pick ?? null}
          busy={together.state.busy}
          notice={together.state.notice}
          serverUrl={serverUrl}
          onAsk={() => void together.ask()}
          onRate={(id, liked) => void together.rate(id, liked)}
        />
        {footer}
      </>
    );
  }
  return (
    <>
      {switcher}
      {state.site && <SiteBanner site={state.site} pick={state.pick} />}
      {state.limit && <PlanLimitNotice {...state.limit} freeLeft={freeLeft} serverUrl={serverUrl} />}
      {!state.pick && state.problem?.kind === 'onboarding' && (
        <StatusView
          kind="onboarding"
          message={state.problem.message}
          action={<button type="button" className="primary" onClick={() => void openTab(`${serverUrl}/app/onboarding`)}>{t('extension-popup.view.openWebApp')}</button>}
        />
      )}
      {!state.pick && state.problem && state.problem.kind !== 'onboarding' && state.problem.kind !== 'signed-out' && state.problem.kind !== 'limit' && (
        <StatusView kind={state.problem.kind} message={state.problem.message} action={retry} />
      )}
      {state.pick && (
        <>
          <PickCard pick={state.pick} serverUrl={serverUrl} />
          {remembered && shown && <TonightLine tonight={remembered} draft={shown} onChange={setDraft} busy={state.busy} />}
          <PickActions
            pick={state.pick}
            cost={cost}
            busy={state.busy}
            onRate={rate}
            onWatched={() => void next({ previous: 'watched', ...changed() })}
            onNew={(mood) => void next({ previous: 'skip', mood, ...changed() })}
            onSchedule={() => setScheduling((s) => !s)}
            onToggleSave={() => void toggleSave()}
          />
          {scheduling && <ScheduleForm api={api} pick={state.pick} lifetime={state.status?.subscription_tier === 'paid_lifetime'} serverUrl={serverUrl} onMessage={setNotice} />}
        </>
      )}
      {state.notice && (
        <p className="notice" role="status">
          {state.notice}
        </p>
      )}
      {footer}
    </>
  );
}
