// The dashboard's pick for two, shown to members of a household (docs/screens.md, "Household"):
// "Pick for both of us", then the together card, the same card as tonight's pick, with each
// member's own Like / Dislike and the partner's rating.
import { useState } from 'react';
import { PlanLimitError, type TogetherPick } from '@app/shared';
import { errorText } from '../../api/errorText';
import { useHousehold } from '../../hooks/useHousehold';
import { Icon } from '../common/Icon';
import { Notice } from '../common/Notice';
import { RecommendationCard } from '../dashboard/RecommendationCard';
import { useT } from '../../i18n/useT';

/** "You asked for this pick. Ben has not rated it yet." (shared/src/together.ts's words, in the active language). */
function statusText(t: ReturnType<typeof useT>, pick: Pick<TogetherPick, 'asked_by' | 'asked_by_you' | 'partner_rating'>, partner: string): string {
  const asked = pick.asked_by_you ? t('dashboard.together.askedByYou') : t('dashboard.together.askedBy', { name: pick.asked_by });
  const rated =
    pick.partner_rating === null
      ? t('dashboard.together.notRated', { partner })
      : pick.partner_rating
        ? t('dashboard.together.partnerLiked', { partner })
        : t('dashboard.together.partnerDisliked', { partner });
  return `${asked} ${rated}`;
}

export function TogetherPanel() {
  const t = useT();
  const { data, pick, rate } = useHousehold();
  const [busy, setBusy] = useState<'pick' | 'rate' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  if (!data?.household) return null;
  const partner = data.household.members.find((m) => !m.you)?.name ?? t('dashboard.together.yourPartner');
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
        <h2 id="together-title">{t('dashboard.together.title', { partner })}</h2>
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void run('pick', pick, t('dashboard.together.pickFailed'))}>
          {busy === 'pick' ? t('dashboard.together.finding') : t('dashboard.together.pick')}
        </button>
      </div>
      {alert && <Notice tone="error">{alert}</Notice>}
      {p && (
        <RecommendationCard rec={p} eyebrow={t('dashboard.together.eyebrow', { partner })} headingId="together-pick-title">
          <div className="rec-actions">
            <div className="btn-row" role="group" aria-label={t('dashboard.together.rate')}>
              {[true, false].map((liked) => (
                <button
                  key={String(liked)}
                  type="button"
                  className={`btn btn-rate${p.user_rating === liked ? ' is-chosen' : ''}`}
                  aria-pressed={p.user_rating === liked}
                  disabled={busy !== null}
                  onClick={() => void run('rate', () => rate(p.id, liked), t('dashboard.together.rateFailed'))}
                >
                  <Icon name={liked ? 'thumbUp' : 'thumbDown'} /> {p.user_rating === liked ? (liked ? t('dashboard.actions.liked') : t('dashboard.actions.disliked')) : liked ? t('dashboard.actions.like') : t('dashboard.actions.dislike')}
                </button>
              ))}
            </div>
            <p className="muted together-status">{statusText(t, p, partner)}</p>
          </div>
        </RecommendationCard>
      )}
    </section>
  );
}
