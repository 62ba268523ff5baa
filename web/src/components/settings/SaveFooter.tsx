import { Notice } from '../common/Notice';
import { useT } from '../../i18n/useT';

export interface SaveMessage {
  tone: 'success' | 'error';
  text: string;
}

interface Props {
  /** What the last save said, shown above the button until the next edit. */
  message: SaveMessage | null;
  busy: boolean;
  /** Nothing to save yet (unchanged, or too few chosen). */
  disabled: boolean;
  onSave: () => void;
}

/** The end of a settings section that saves as a whole: the last save's message, then Save. */
export function SaveFooter({ message, busy, disabled, onSave }: Props) {
  const t = useT();
  return (
    <>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <button type="button" className="btn btn-primary" disabled={busy || disabled} onClick={onSave}>
        {busy ? t('settings.common.saving') : t('settings.common.save')}
      </button>
    </>
  );
}
