/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// The dashboard's pick for two, shown to members of a household (docs/screens.md, "Household"):
// "Pick for both of us", then the together card, the same card as tonight's pick, with each
// member's own Like / Dislike and the partner's rating.
import { useState } from 'react';
import { PlanLimitError, TOGETHER_TEXTS, partnerName, togetherStatus } from '@app/shared';
import { errorText } from '../../api/errorText';
import { useHousehold } from '../../hooks/useHousehold';
import { Icon } from '../common/Icon';
import { Notice } from '../common/Notice';
import { RecommendationCard } from '../dashboard/RecommendationCard';

export function TogetherPanel() {
  const { data, pick, rate } = useHousehold();
  const [busy, setBusy] = useState<'pick' | 'rate' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  if (!data?.household) return null;
  const partner = partnerName(data.household);
  const p = data.pick;

  async function run(kind: 'pick' | 'rate', action: () => Promise<unknown>, fallback: string) {
    setBusy(kind);
    setAlert(null);
    try {
      await action();
    } catch (err) {
      setAlert(err instanceof PlanLimitError ? err.detail : errorText(err, fallback));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="together" aria-labelledby="together-title">
      <div className="together-head">
        <h2 id="together-title">Together with {partner}</h2>
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void run('pick', pick, TOGETHER_TEXTS.pickFailed)}>
          {busy === 'pick' ? 'Finding one for you both…' : 'Pick for both of us'}
        </button>
      </div>
      {alert && <Notice tone="error">{alert}</Notice>}
      {p && (
        <RecommendationCard rec={p} eyebrow={`For you and ${partner}`} headingId="together-pick-title">
          <div className="rec-actions">
            <div className="btn-row" role="group" aria-label="Rate this pick for both of you">
              {[true, false].map((liked) => (
                <button
                  key={String(liked)}
                  type="button"
                  className={`btn btn-rate${p.user_rating === liked ? ' is-chosen' : ''}`}
                  aria-pressed={p.user_rating === liked}
                  disabled={busy !== null}
                  onClick={() => void run('rate', () => rate(p.id, liked), TOGETHER_TEXTS.rateFailed)}
                >
                  <Icon name={liked ? 'thumbUp' : 'thumbDown'} /> {p.user_rating === liked ? (liked ? 'Liked' : 'Disliked') : liked ? 'Like' : 'Dislike'}
                </button>
              ))}
            </div>
            <p className="muted together-status">{togetherStatus(p, partner)}</p>
          </div>
        </RecommendationCard>
      )}
    </section>
  );
}
