import { useState } from 'react';
import type { MoodValue, Recommendation } from '@app/shared';
import { MOODS, type ReplacementCost } from '../../lib/shared';
import { useT } from '../../lib/useT';

// i18n-dynamic: extension-popup.mood.

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
  const t = useT();
  const tag =
    cost?.kind === 'free' ? t('extension-popup.actions.costFree') : cost?.kind === 'counts' && cost.picksLeft > 0 ? t('extension-popup.actions.costUsesPick') : null;
  return tag ? <> <span className="cost">{tag}</span></> : null;
}

export function PickActions({ pick, cost, busy, onRate, onWatched, onNew, onSchedule, onToggleSave }: Props) {
  const [mood, setMood] = useState<MoodValue | ''>('');
  const rated = pick.is_rated;
  // After a Dislike the way forward comes first: replacing a disliked pick is free on the free
  // plan while the week's free replacements last (docs/product-decisions.md).
  const disliked = pick.user_rating === false && pick.status === 'active';
  const t = useT();
  // Said under the actions once this week's free replacements are gone.
  const note =
    cost?.kind !== 'counts' ? null : cost.picksLeft > 0 ? t('extension-popup.actions.noFreeReplacements') : t('extension-popup.actions.noFreeReplacementsOrPicks');
  return (
    <div className="actions">
      {disliked && (
        <div className="row">
          <button type="button" className="primary" data-action="another" onClick={() => onNew(mood || undefined)} disabled={busy}>
            {t('extension-popup.actions.showAnother')}
            <CostTag cost={cost} />
          </button>
        </div>
      )}
      <div className="row">
        <button type="button" data-action="like" onClick={() => onRate(true)} disabled={busy || rated} aria-pressed={pick.user_rating === true}>
          {pick.user_rating === true ? t('extension-popup.actions.liked') : t('extension-popup.actions.like')}
        </button>
        <button type="button" data-action="dislike" onClick={() => onRate(false)} disabled={busy || rated} aria-pressed={pick.user_rating === false}>
          {pick.user_rating === false ? t('extension-popup.actions.disliked') : t('extension-popup.actions.dislike')}
        </button>
        <button type="button" data-action="watched" onClick={onWatched} disabled={busy}>
          {t('extension-popup.actions.alreadyWatched')}
          <CostTag cost={cost} />
        </button>
      </div>
      <div className="row">
        <label className="mood">
          <span className="visually-hidden">{t('extension-popup.actions.mood')}</span>
          <select data-action="mood" value={mood} onChange={(e) => setMood(e.target.value as MoodValue | '')} disabled={busy}>
            <option value="">{t('extension-popup.actions.anyMood')}</option>
            {MOODS.map((m) => (
              <option key={m.value} value={m.value}>
                {t(`extension-popup.mood.${m.value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-action="new" onClick={() => onNew(mood || undefined)} disabled={busy}>
          {t('extension-popup.actions.newPick')}
        </button>
        <button type="button" data-action="schedule" onClick={onSchedule} disabled={busy}>
          {t('extension-popup.actions.schedule')}
        </button>
        <button
          type="button"
          data-action="save"
          onClick={onToggleSave}
          disabled={busy}
          aria-pressed={pick.saved}
          title={pick.saved ? t('extension-popup.save.remove') : undefined}
        >
          {pick.saved ? t('extension-popup.save.saved') : t('extension-popup.save.save')}
        </button>
      </div>
      {note && <p className="hint" data-state="no-free-replacements">{note}</p>}
    </div>
  );
}
