/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { ReactNode } from 'react';
import { noFreeReplacementsNote, replacementCost, replacementCostTag, type MoodValue, type Recommendation, type ReplacementCost } from '@app/shared';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';
import { MoodSelect } from './MoodSelect';
import { Icon } from '../common/Icon';
import { PlanAllowance } from './PlanLimitBanner';

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
  const tag = replacementCostTag(cost);
  return tag ? <> <span className="btn-tag">{tag}</span></> : null;
}

/**
 * Like / Dislike (both disabled once rated, the chosen one marked), Already Watched, New, Schedule.
 * After a Dislike the primary action is "Show me another": replacing a disliked pick is free while
 * the week's free replacements last, as is Already Watched.
 */
export function RecommendationActions({ rec, busy, mood, onMood, onRate, onNext, onSchedule, tonight }: Props) {
  const { data: status } = useSubscriptionStatus();
  const cost = replacementCost(status);
  const rated = rec.is_rated;
  const working = busy !== null;
  const disliked = rec.user_rating === false && rec.status === 'active';
  const note = noFreeReplacementsNote(cost);
  return (
    <div className="rec-actions">
      <div className="btn-row" role="group" aria-label="Rate this pick">
        <button
          type="button"
          className={`btn btn-rate${rec.user_rating === true ? ' is-chosen' : ''}`}
          aria-pressed={rec.user_rating === true}
          disabled={rated || working}
          onClick={() => onRate(true)}
        >
          <Icon name="thumbUp" /> {rec.user_rating === true ? 'Liked' : 'Like'}
        </button>
        <button
          type="button"
          className={`btn btn-rate${rec.user_rating === false ? ' is-chosen' : ''}`}
          aria-pressed={rec.user_rating === false}
          disabled={rated || working}
          onClick={() => onRate(false)}
        >
          <Icon name="thumbDown" /> {rec.user_rating === false ? 'Disliked' : 'Dislike'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onSchedule} disabled={working}>
          <Icon name="calendar" /> Schedule
        </button>
      </div>
      <div className="next-row">
        <MoodSelect value={mood} onChange={onMood} />
        <div className="btn-row">
          <button type="button" className="btn btn-secondary" disabled={working} onClick={() => onNext('watched')}>
            {busy === 'watched' ? 'Loading…' : 'Already Watched'}
            {busy !== 'watched' && <CostTag cost={cost} />}
          </button>
          {disliked ? (
            // The server replaces a disliked pick for free (within the week's free replacements).
            <button type="button" className="btn btn-primary" disabled={working} onClick={() => onNext('skip')}>
              {busy === 'skip' ? 'Finding one…' : 'Show me another'}
              {busy !== 'skip' && <CostTag cost={cost} />}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={working} onClick={() => onNext('skip')}>
              {busy === 'skip' ? 'Finding one…' : 'New recommendation'}
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
