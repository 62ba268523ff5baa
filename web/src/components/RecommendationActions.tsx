import type { MoodValue, Recommendation } from '@app/shared';
import { MoodSelect } from './MoodSelect';
import { Icon } from './Icon';

export type Busy = 'like' | 'dislike' | 'watched' | 'skip' | null;

interface Props {
  rec: Recommendation;
  busy: Busy;
  mood: MoodValue | '';
  onMood: (m: MoodValue | '') => void;
  onRate: (liked: boolean) => void;
  onNext: (previous: 'watched' | 'skip') => void;
  onSchedule: () => void;
}

/** Like / Dislike (both disabled once rated, the chosen one marked), Already Watched, New, Schedule. */
export function RecommendationActions({ rec, busy, mood, onMood, onRate, onNext, onSchedule }: Props) {
  const rated = rec.is_rated;
  const working = busy !== null;
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
          </button>
          <button type="button" className="btn btn-primary" disabled={working} onClick={() => onNext('skip')}>
            {busy === 'skip' ? 'Finding one…' : 'New recommendation'}
          </button>
        </div>
      </div>
    </div>
  );
}
