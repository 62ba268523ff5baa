/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// "For both of us" in the popup: the household's newest pick for two, as tonight's card, with the
// viewer's own Like / Dislike and what the partner thought, or the button that asks for one.
import type { HouseholdState } from '@app/shared';
import { partnerName, togetherStatus } from '../../lib/shared';
import { PickCard } from './PickCard';

type Data = NonNullable<HouseholdState['household']>;

interface Props {
  household: Data;
  pick: HouseholdState['pick'];
  busy: 'pick' | 'rate' | null;
  notice: string | null;
  serverUrl: string;
  onAsk: () => void;
  onRate: (id: string, liked: boolean) => void;
}

export function TogetherView({ household, pick, busy, notice, serverUrl, onAsk, onRate }: Props) {
  const partner = partnerName(household);
  return (
    <section className="together" aria-label={`Together with ${partner}`}>
      {pick && <PickCard pick={pick} serverUrl={serverUrl} />}
      {pick && (
        <div className="actions">
          <div className="row" role="group" aria-label="Rate this pick for both of you">
            {[true, false].map((liked) => (
              <button
                key={String(liked)}
                type="button"
                data-action={liked ? 'together-like' : 'together-dislike'}
                aria-pressed={pick.user_rating === liked}
                disabled={busy !== null || pick.user_rating === liked}
                onClick={() => onRate(pick.id, liked)}
              >
                {pick.user_rating === liked ? (liked ? 'Liked ✓' : 'Disliked ✓') : liked ? 'Like' : 'Dislike'}
              </button>
            ))}
          </div>
          <p className="hint" data-state="together-status">
            {togetherStatus(pick, partner)}
          </p>
        </div>
      )}
      {!pick && <p className="hint">One title you and {partner} will both like, on a service one of you has.</p>}
      <div className="row">
        <button type="button" className={pick ? undefined : 'primary'} data-action="together-pick" disabled={busy !== null} onClick={onAsk}>
          {busy === 'pick' ? 'Finding one for you both…' : 'Pick for both of us'}
        </button>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
