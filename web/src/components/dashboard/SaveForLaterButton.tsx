import { useState } from 'react';
import { useSaveForLater } from '../../hooks/useLibrary';
import { Icon } from '../common/Icon';
import { useT } from '../../i18n/useT';

/**
 * "Save for later" / "Saved": adds the title to the watchlist or takes it off. The new state shows
 * at once; a failure puts it back and reports through onError.
 */
export function SaveForLaterButton({
  titleId,
  saved,
  small = false,
  disabled = false,
  onError,
}: {
  titleId: string;
  saved: boolean;
  small?: boolean;
  disabled?: boolean;
  onError: (err: unknown) => void;
}) {
  const t = useT();
  const toggle = useSaveForLater();
  const [busy, setBusy] = useState(false);
  async function click() {
    setBusy(true);
    try {
      await toggle(titleId, saved);
    } catch (err) {
      onError(err);
    }
    setBusy(false);
  }
  return (
    <button
      type="button"
      className={`btn btn-rate btn-save${saved ? ' is-chosen' : ''}${small ? ' btn-small' : ''}`}
      aria-pressed={saved}
      disabled={disabled || busy}
      onClick={() => void click()}
    >
      <Icon name={saved ? 'check' : 'bookmark'} size={small ? 16 : 18} /> {saved ? t('dashboard.save.saved') : t('dashboard.save.save')}
    </button>
  );
}
