import type { ReactNode } from 'react';
import { replacementCost, type MoodValue, type Recommendation, type ReplacementCost } from '@app/shared';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';
import { MoodSelect } from './MoodSelect';
import { Icon } from '../common/Icon';
import { PlanAllowance } from './PlanLimitBanner';
import { useT } from '../../i18n/useT';

export type Busy = 'like' | 'dislike' | 'watched' | 'skip' | null;

interface Props {
  rec: Recommendation;
  busy: Busy;
  mood: MoodValue | '';
  onMood: (m: MoodValue | '') => void;
  onRate: (liked: boolean) => void;
  onNext: (previous: 'watched' | 'skip') => void;
  onSchedule: () => void;
  /** Tonight's constraints for the next pick (TonightControls), under the next-pick buttons. */
  tonight?: ReactNode;
}

/** The cost shown inside a replacement button, so the user knows it before the click. */
function CostTag({ cost }: { cost: ReplacementCost | null }) {
  const t = useT();
  const tag = cost?.kind === 'free' ? t('dashboard.actions.costFree') : cost?.kind === 'counts' && cost.picksLeft > 0 ? t('dashboard.actions.costPick') : null;
  return tag ? <> <span className="btn-tag">{tag}</span></> : null;
}

/** Said under the actions once this week's free replacements are gone (shared/src/allowance.ts's words). */
function noFreeNote(t: ReturnType<typeof useT>, cost: ReplacementCost | null): string | null {
  if (cost?.kind !== 'counts') return null;
  return cost.picksLeft > 0 ? t('dashboard.actions.noFreeLeft') : t('dashboard.actions.nothingLeft');
}

/**
 * Like / Dislike (both disabled once rated, the chosen one marked), Already Watched, New, Schedule.
 * After a Dislike the primary action is "Show me another": replacing a disliked pick is free while
 * the week's free replacements last, as is Already Watched.
 */
export function RecommendationActions({ rec, busy, mood, onMood, onRate, onNext, onSchedule, tonight }: Props) {
  const t = useT();
  const { data: status } = useSubscriptionStatus();
  const cost = replacementCost(status);
  const rated = rec.is_rated;
  const working = busy !== null;
  const disliked = rec.user_rating === false && rec.status === 'active';
  const note = noFreeNote(t, cost);
  return (
    <div className="rec-actions">
      <div className="btn-row" role="group" aria-label={t('dashboard.actions.rate')}>
        <button
          type="button"
          className={`btn btn-rate${rec.user_rating === true ? ' is-chosen' : ''}`}
          aria-pressed={rec.user_rating === true}
          disabled={rated || working}
          onClick={() => onRate(true)}
        >
          <Icon name="thumbUp" /> {rec.user_rating === true ? t('dashboard.actions.liked') : t('dashboard.actions.like')}
        </button>
        <button
          type="button"
          className={`btn btn-rate${rec.user_rating === false ? ' is-chosen' : ''}`}
          aria-pressed={rec.user_rating === false}
          disabled={rated || working}
          onClick={() => onRate(false)}
        >
          <Icon name="thumbDown" /> {rec.user_rating === false ? t('dashboard.actions.disliked') : t('dashboard.actions.dislike')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onSchedule} disabled={working}>
          <Icon name="calendar" /> {t('dashboard.actions.schedule')}
        </button>
      </div>
      <div className="next-row">
        <MoodSelect value={mood} onChange={onMood} />
        <div className="btn-row">
          <button type="button" className="btn btn-secondary" disabled={working} onClick={() => onNext('watched')}>
            {busy === 'watched' ? t('dashboard.actions.loading') : t('dashboard.actions.watched')}
            {busy !== 'watched' && <CostTag cost={cost} />}
          </button>
          {disliked ? (
            // The server replaces a disliked pick for free (within the week's free replacements).
            <button type="button" className="btn btn-primary" disabled={working} onClick={() => onNext('skip')}>
              {busy === 'skip' ? t('dashboard.actions.finding') : t('dashboard.actions.another')}
              {busy !== 'skip' && <CostTag cost={cost} />}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={working} onClick={() => onNext('skip')}>
              {busy === 'skip' ? t('dashboard.actions.finding') : t('dashboard.actions.newPick')}
            </button>
          )}
        </div>
      </div>
      {tonight}
      {note && <p className="field-hint">{note}</p>}
      <PlanAllowance />
    </div>
  );
}
