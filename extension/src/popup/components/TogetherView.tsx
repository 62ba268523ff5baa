// "For both of us" in the popup: the household's newest pick for two, as tonight's card, with the
// viewer's own Like / Dislike and what the partner thought, or the button that asks for one.
import type { HouseholdState } from '@app/shared';
import { useT } from '../../lib/useT';
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
  const t = useT();
  const partner = household.members.find((m) => !m.you)?.name ?? t('extension-popup.together.yourPartner');
  // "You asked for this pick. Ben has not rated it yet." (shared/src/together.ts's words)
  const status = (p: NonNullable<Props['pick']>) => {
    const asked = p.asked_by_you ? t('extension-popup.together.youAsked') : t('extension-popup.together.partnerAsked', { name: p.asked_by });
    const rated =
      p.partner_rating === null
        ? t('extension-popup.together.notRatedYet', { partner })
        : p.partner_rating
          ? t('extension-popup.together.partnerLiked', { partner })
          : t('extension-popup.together.partnerDisliked', { partner });
    return `${asked} ${rated}`;
  };
  return (
    <section className="together" aria-label={t('extension-popup.together.label', { partner })}>
      {pick && <PickCard pick={pick} serverUrl={serverUrl} />}
      {pick && (
        <div className="actions">
          <div className="row" role="group" aria-label={t('extension-popup.together.rateLabel')}>
            {[true, false].map((liked) => (
              <button
                key={String(liked)}
                type="button"
                data-action={liked ? 'together-like' : 'together-dislike'}
                aria-pressed={pick.user_rating === liked}
                disabled={busy !== null || pick.user_rating === liked}
                onClick={() => onRate(pick.id, liked)}
              >
                {pick.user_rating === liked ? (liked ? t('extension-popup.actions.liked') : t('extension-popup.actions.disliked')) : liked ? t('extension-popup.actions.like') : t('extension-popup.actions.dislike')}
              </button>
            ))}
          </div>
          <p className="hint" data-state="together-status">
            {status(pick)}
          </p>
        </div>
      )}
      {!pick && <p className="hint">{t('extension-popup.together.hint', { partner })}</p>}
      <div className="row">
        <button type="button" className={pick ? undefined : 'primary'} data-action="together-pick" disabled={busy !== null} onClick={onAsk}>
          {busy === 'pick' ? t('extension-popup.together.finding') : t('extension-popup.together.pick')}
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
