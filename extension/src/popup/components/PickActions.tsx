/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import type { MoodValue, Recommendation } from '@app/shared';
import { MOODS, noFreeReplacementsNote, replacementCostTag, type ReplacementCost } from '../../lib/shared';
import { saveButtonLabel, SAVE_TEXTS } from '../../lib/save-for-later';

interface Props {
  pick: Recommendation;
  /** What a replacement costs now (null while unknown): said inside the button, as on the web. */
  cost: ReplacementCost | null;
  busy: boolean;
  onRate: (liked: boolean) => void;
  onWatched: () => void;
  onNew: (mood?: MoodValue) => void;
  onSchedule: () => void;
  /** Save the title for later, or remove it from the watchlist when saved. */
  onToggleSave: () => void;
}

/** " · free" or " · uses a pick" after a replacement's label, so the cost is known before the click. */
function CostTag({ cost }: { cost: ReplacementCost | null }) {
  const tag = replacementCostTag(cost);
  return tag ? <> <span className="cost">{tag}</span></> : null;
}

export function PickActions({ pick, cost, busy, onRate, onWatched, onNew, onSchedule, onToggleSave }: Props) {
  const [mood, setMood] = useState<MoodValue | ''>('');
  const rated = pick.is_rated;
  // After a Dislike the way forward comes first: replacing a disliked pick is free on the free
  // plan while the week's free replacements last (docs/product-decisions.md).
  const disliked = pick.user_rating === false && pick.status === 'active';
  const note = noFreeReplacementsNote(cost);
  return (
    <div className="actions">
      {disliked && (
        <div className="row">
          <button type="button" className="primary" data-action="another" onClick={() => onNew(mood || undefined)} disabled={busy}>
            Show me another
            <CostTag cost={cost} />
          </button>
        </div>
      )}
      <div className="row">
        <button type="button" data-action="like" onClick={() => onRate(true)} disabled={busy || rated} aria-pressed={pick.user_rating === true}>
          {pick.user_rating === true ? 'Liked ✓' : 'Like'}
        </button>
        <button type="button" data-action="dislike" onClick={() => onRate(false)} disabled={busy || rated} aria-pressed={pick.user_rating === false}>
          {pick.user_rating === false ? 'Disliked ✓' : 'Dislike'}
        </button>
        <button type="button" data-action="watched" onClick={onWatched} disabled={busy}>
          Already Watched
          <CostTag cost={cost} />
        </button>
      </div>
      <div className="row">
        <label className="mood">
          <span className="visually-hidden">Mood</span>
          <select data-action="mood" value={mood} onChange={(e) => setMood(e.target.value as MoodValue | '')} disabled={busy}>
            <option value="">Any mood</option>
            {MOODS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-action="new" onClick={() => onNew(mood || undefined)} disabled={busy}>
          New pick
        </button>
        <button type="button" data-action="schedule" onClick={onSchedule} disabled={busy}>
          Schedule
        </button>
        <button
          type="button"
          data-action="save"
          onClick={onToggleSave}
          disabled={busy}
          aria-pressed={pick.saved}
          title={pick.saved ? SAVE_TEXTS.remove : undefined}
        >
          {saveButtonLabel(pick.saved)}
        </button>
      </div>
      {note && <p className="hint" data-state="no-free-replacements">{note}</p>}
    </div>
  );
}
