import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, NO_TONIGHT, PlanLimitError, type MoodValue, type TonightConstraints, type User } from '@app/shared';
import { useCurrentRecommendation } from '../hooks/useRecommendation';
import { RecommendationCard } from '../components/dashboard/RecommendationCard';
import { RecommendationActions, type Busy } from '../components/dashboard/RecommendationActions';
import { CardSkeleton } from '../components/dashboard/CardSkeleton';
import { CountryPrompt } from '../components/dashboard/CountryPrompt';
import { ErrorState } from '../components/common/ErrorState';
import { SaveForLaterButton } from '../components/dashboard/SaveForLaterButton';
import { Notice } from '../components/common/Notice';
import { PlanLimitBanner, type PlanLimit } from '../components/dashboard/PlanLimitBanner';
import { usePageTitle } from '../hooks/usePageTitle';
import { errorText } from '../api/errorText';
import { useProfile } from '../hooks/useProfile';
import { TonightControls } from '../components/dashboard/TonightControls';
import { afterNextPaint } from '../hooks/afterNextPaint';
import { lazyNamed } from '../lazyNamed';
import { useT } from '../i18n/useT';

// What the first card does not show loads once it is on screen (Painted), or when opened.
const HistoryList = lazyNamed(() => import('../components/dashboard/HistoryList'), 'HistoryList');
const TogetherPanel = lazyNamed(() => import('../components/household/TogetherPanel'), 'TogetherPanel');
const ScheduleDialog = lazyNamed(() => import('../components/dashboard/ScheduleDialog'), 'ScheduleDialog');
const PlanLimitModal = lazyNamed(() => import('../components/dashboard/PlanLimitModal'), 'PlanLimitModal');

export const UPGRADE_PATH = '/settings?upgrade=true&section=subscription';

/** Settings' "Never show me" has something in it: the summary line says it applies too. */
function neverShowOn(user: User): boolean {
  const e = user.exclusions;
  return e.genres.length + e.keywords.length + e.people.length > 0 || user.max_age_rating !== null;
}

/** The fields of `next` that differ from the remembered constraints (all of them when unknown). */
function changedTonight(kept: TonightConstraints | null, next: TonightConstraints): Partial<TonightConstraints> {
  const out: Partial<TonightConstraints> = {};
  for (const k of ['max_minutes', 'finish_tonight', 'kind', 'exploration'] as const) {
    if (!kept || kept[k] !== next[k]) Object.assign(out, { [k]: next[k] });
  }
  return out;
}

const asLimit = (e: unknown): PlanLimit | null => (e instanceof PlanLimitError ? { message: e.detail, expired: e.expired } : null);

/**
 * What an action on the card could not do ("Nothing left fits ..."), under the buttons that asked,
 * and scrolled into view if the card runs past the screen: at the top of the page it was out of
 * sight, and the button looked dead.
 */
function ActionAlert({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), [text]);
  return (
    <div ref={ref} className="action-alert">
      <Notice tone="error">{text}</Notice>
    </div>
  );
}

/** Calls `onPainted` once the browser has painted the frame it was first committed in. */
function Painted({ onPainted }: { onPainted: () => void }) {
  useEffect(() => afterNextPaint(onPainted), [onPainted]);
  return null;
}

export function DashboardPage() {
  const t = useT();
  usePageTitle(t('dashboard.page.title'));
  const navigate = useNavigate();
  const { data: pick, error, isLoading: pickLoading, mutate, rate, next } = useCurrentRecommendation();
  const [busy, setBusy] = useState<Busy>(null);
  const [mood, setMood] = useState<MoodValue | ''>('');
  const [alert, setAlert] = useState<string | null>(null);
  const [actionLimit, setActionLimit] = useState<PlanLimit | null>(null);
  const [modalOpen, setModalOpen] = useState(true);
  const [scheduling, setScheduling] = useState(false);
  const { data: profile, error: profileError, mutate: mutateProfile } = useProfile();
  // The card waits for the profile too (both are asked for at once, as the page mounts): what the
  // profile adds above the card and in it (the country prompt, the remembered Tonight controls)
  // would otherwise move the card once it shows. A profile that fails does not hold it back.
  const profileSettled = profile !== undefined || profileError !== undefined;
  const rec = profileSettled ? pick : undefined;
  const isLoading = pickLoading || (pick !== undefined && !profileSettled);
  // The controls start from the remembered constraints; null until the user changes one.
  const [tonight, setTonight] = useState<TonightConstraints | null>(null);
  const shownTonight = tonight ?? profile?.tonight ?? NO_TONIGHT;
  const neverOn = profile && neverShowOn(profile) ? t('dashboard.page.neverShowOn') : undefined;

  // Every action that changes the pick (new, already watched, with a mood, a replacement) brings the
  // new card's top into view; the first pick of the visit does not move the page.
  const cardRef = useRef<HTMLElement>(null);
  const shownId = useRef<string | null>(null);
  const recId = rec?.id ?? null;
  useEffect(() => {
    if (!recId) return;
    if (shownId.current && shownId.current !== recId) {
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      cardRef.current?.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
    shownId.current = recId;
  }, [recId]);

  // The household panel and the history below the card come once the card (or the error shown in
  // its place) has painted: they would otherwise hold its first paint back.
  const [belowCard, setBelowCard] = useState(false);
  const cardPainted = useCallback(() => setBelowCard(true), []);
  const limit = actionLimit ?? asLimit(error);
  const upgrade = () => navigate(UPGRADE_PATH);

  async function onRate(liked: boolean) {
    if (!rec) return;
    setBusy(liked ? 'like' : 'dislike');
    setAlert(null);
    try {
      await rate(rec, liked);
    } catch {
      setAlert(t('dashboard.page.saveRatingFailed'));
    } finally {
      setBusy(null);
    }
  }

  /** `asked`: the mood of this pick when it is not the select's (a notice's nearest mood). */
  async function onNext(previous: 'watched' | 'skip', asked: MoodValue | '' = mood) {
    setBusy(previous);
    setAlert(null);
    try {
      // Only the constraints the user changed are sent: the server remembers them, and applies the
      // remembered ones for whatever is left out.
      const changed = tonight ? changedTonight(profile?.tonight ?? null, tonight) : {};
      await next({ previous, ...(asked ? { mood: asked } : {}), ...changed });
      if (tonight) void mutateProfile((u) => u && { ...u, tonight }, { revalidate: false });
      setActionLimit(null);
    } catch (err) {
      const l = asLimit(err);
      if (l) {
        setActionLimit(l);
        setModalOpen(true);
        // A 409 says which constraint left nothing to pick, and what to loosen.
      } else setAlert(err instanceof ApiError && err.status === 409 ? errorText(err, t('dashboard.page.newPickFailed')) : t('dashboard.page.newPickFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="container dashboard">
      <h1 className="visually-hidden">{t('dashboard.page.heading')}</h1>
      {limit && <PlanLimitBanner limit={limit} onUpgrade={upgrade} />}
      {limit && modalOpen && (
        <Suspense fallback={null}>
          <PlanLimitModal limit={limit} onUpgrade={upgrade} onClose={() => setModalOpen(false)} />
        </Suspense>
      )}
      {rec?.subscription_warning && !limit && (
        <Notice tone="warning" className="banner">
          {rec.subscription_warning.message}{' '}
          <button type="button" className="link-button" onClick={upgrade}>{t('dashboard.page.upgrade')}</button>
        </Notice>
      )}
      {alert && !rec && <Notice tone="error">{alert}</Notice>}
      {/* The card answers for the new country at once: the same pick, presented again. Shown with
          the card, not before it (it would push the card's skeleton down), and the card waits for
          the prompt's code when it shows (one boundary). */}
      <Suspense fallback={<CardSkeleton />}>
        {!isLoading && <CountryPrompt onSaved={() => void mutate()} />}
        {rec ? (
          <RecommendationCard
            rec={rec}
            cardRef={cardRef}
            onTryMood={(m) => {
              setMood(m);
              void onNext('skip', m);
            }}
            tryMoodDisabled={busy !== null}
            headAction={<SaveForLaterButton titleId={rec.title_id} saved={rec.saved} small disabled={busy !== null} onError={(err) => setAlert(errorText(err, t('dashboard.page.saveFailed')))} />}
          >
            <RecommendationActions
              rec={rec}
              busy={busy}
              mood={mood}
              onMood={setMood}
              onRate={(l) => void onRate(l)}
              onNext={(p) => void onNext(p)}
              onSchedule={() => setScheduling(true)}
              tonight={<TonightControls key={profile ? 'loaded' : 'loading'} value={shownTonight} onChange={setTonight} disabled={busy !== null} extra={neverOn} />}
            />
            {alert && <ActionAlert text={alert} />}
          </RecommendationCard>
        ) : isLoading ? (
          <CardSkeleton />
        ) : error && !limit && error instanceof ApiError && error.status === 409 ? (
          // No first pick fits the remembered constraints: they can be loosened right here.
          <div className="card">
            <ErrorState error={error} fallback={t('dashboard.page.loadFailed')} />
            <TonightControls key={profile ? 'loaded' : 'loading'} value={shownTonight} onChange={setTonight} disabled={busy !== null} extra={neverOn} />
            <div className="btn-row">
              <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void onNext('skip')}>
                {busy === 'skip' ? t('dashboard.page.finding') : t('dashboard.page.tryWithThese')}
              </button>
            </div>
          </div>
        ) : error && !limit ? (
          <ErrorState error={error} fallback={t('dashboard.page.loadFailed')} onRetry={() => void mutate()} />
        ) : null}
        {/* Inside the boundary: it runs once the card itself is on the page, not its stand-in
            while the country prompt's code loads. */}
        {!isLoading && <Painted onPainted={cardPainted} />}
      </Suspense>
      {rec && scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog rec={rec} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
      {/* After the card has its height (loaded, failed or absent): they then appear below it instead
          of being pushed down by a card taller than its skeleton. */}
      {belowCard && (
        <Suspense fallback={null}>
          <TogetherPanel />
          <HistoryList />
        </Suspense>
      )}
    </div>
  );
}
