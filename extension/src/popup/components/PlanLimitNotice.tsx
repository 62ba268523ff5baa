import { openTab } from '../../lib/tabs';
import { useT } from '../../lib/useT';

/**
 * The plan limit, and (as the web's banner says) that Already Watched or a Dislike still gets
 * another pick for free while this week's free replacements last (docs/product-decisions.md).
 */
export function PlanLimitNotice({ title, message, freeLeft, serverUrl }: { title: string; message: string; freeLeft: number; serverUrl: string }) {
  const t = useT();
  return (
    <section className="limit" data-state="limit" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {freeLeft > 0 && <p data-state="free-replacements-left">{t('extension-popup.limit.stillFree', { count: freeLeft })}</p>}
      <button type="button" className="primary" data-action="upgrade" onClick={() => void openTab(`${serverUrl}/settings?upgrade=true&section=subscription`)}>
        {t('extension-popup.limit.upgrade')}
      </button>
    </section>
  );
}
