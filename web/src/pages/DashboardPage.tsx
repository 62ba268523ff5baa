import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ALERT_TEXTS, PlanLimitError, type MoodValue } from '@app/shared';
import { useCurrentRecommendation } from '../hooks/useRecommendation';
import { RecommendationCard } from '../components/RecommendationCard';
import { RecommendationActions, type Busy } from '../components/RecommendationActions';
import { CardSkeleton } from '../components/CardSkeleton';
import { CountryPrompt } from '../components/CountryPrompt';
import { ErrorState } from '../components/ErrorState';
import { HistoryList } from '../components/HistoryList';
import { SaveForLaterButton } from '../components/SaveForLaterButton';
import { Notice } from '../components/Notice';
import { PlanLimitBanner, type PlanLimit } from '../components/PlanLimitBanner';
import { PlanLimitModal } from '../components/PlanLimitModal';
import { ScheduleDialog } from '../components/ScheduleDialog';
import { TogetherPanel } from '../components/TogetherPanel';
import { usePageTitle } from '../hooks/usePageTitle';
import { errorText } from '../api/errorText';

const SAVE_FAILED = 'Could not update your watchlist. Please try again.';

export const UPGRADE_PATH = '/settings?upgrade=true&section=subscription';

const asLimit = (e: unknown): PlanLimit | null => (e instanceof PlanLimitError ? { message: e.detail, expired: e.expired } : null);

export function DashboardPage() {
  usePageTitle('Tonight');
  const navigate = useNavigate();
  const { data: rec, error, isLoading, mutate, rate, next } = useCurrentRecommendation();
  const [busy, setBusy] = useState<Busy>(null);
  const [mood, setMood] = useState<MoodValue | ''>('');
  const [alert, setAlert] = useState<string | null>(null);
  const [actionLimit, setActionLimit] = useState<PlanLimit | null>(null);
  const [modalOpen, setModalOpen] = useState(true);
  const [scheduling, setScheduling] = useState(false);

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

  const limit = actionLimit ?? asLimit(error);
  const upgrade = () => navigate(UPGRADE_PATH);

  async function onRate(liked: boolean) {
    if (!rec) return;
    setBusy(liked ? 'like' : 'dislike');
    setAlert(null);
    try {
      await rate(rec, liked);
    } catch {
      setAlert(ALERT_TEXTS.saveRating);
    } finally {
      setBusy(null);
    }
  }

  async function onNext(previous: 'watched' | 'skip') {
    setBusy(previous);
    setAlert(null);
    try {
      await next({ previous, ...(mood ? { mood } : {}) });
      setActionLimit(null);
    } catch (err) {
      const l = asLimit(err);
      if (l) {
        setActionLimit(l);
        setModalOpen(true);
      } else setAlert(ALERT_TEXTS.newRecommendation);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="container dashboard">
      <h1 className="visually-hidden">Tonight&rsquo;s pick</h1>
      {limit && <PlanLimitBanner limit={limit} onUpgrade={upgrade} />}
      {limit && modalOpen && <PlanLimitModal limit={limit} onUpgrade={upgrade} onClose={() => setModalOpen(false)} />}
      {rec?.subscription_warning && !limit && (
        <Notice tone="warning" className="banner">
          {rec.subscription_warning.message}{' '}
          <button type="button" className="link-button" onClick={upgrade}>Upgrade</button>
        </Notice>
      )}
      {alert && <Notice tone="error">{alert}</Notice>}
      {/* The card answers for the new country at once: the same pick, presented again. */}
      <CountryPrompt onSaved={() => void mutate()} />
      {rec ? (
        <RecommendationCard
          rec={rec}
          cardRef={cardRef}
          headAction={<SaveForLaterButton titleId={rec.title_id} saved={rec.saved} small disabled={busy !== null} onError={(err) => setAlert(errorText(err, SAVE_FAILED))} />}
        >
          <RecommendationActions
            rec={rec}
            busy={busy}
            mood={mood}
            onMood={setMood}
            onRate={(l) => void onRate(l)}
            onNext={(p) => void onNext(p)}
            onSchedule={() => setScheduling(true)}
          />
        </RecommendationCard>
      ) : isLoading ? (
        <CardSkeleton />
      ) : error && !limit ? (
        <ErrorState error={error} fallback="Could not load tonight's pick." onRetry={() => void mutate()} />
      ) : null}
      {rec && scheduling && <ScheduleDialog rec={rec} onClose={() => setScheduling(false)} />}
      <TogetherPanel />
      {/* Shown once the card has its height (loaded, failed or absent): the list then appears in its
          place instead of being pushed down by a card taller than its skeleton. It loads meanwhile. */}
      <div hidden={isLoading && !rec}>
        <HistoryList />
      </div>
    </div>
  );
}
