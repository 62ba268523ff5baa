import { useState, type ReactNode } from 'react';
import { useDraft } from '../../hooks/useDraft';
import { useT } from '../../i18n/useT';
import { Notice } from '../common/Notice';
import { SaveFooter, type SaveMessage } from './SaveFooter';
import { SettingsSection } from './SettingsSection';

interface Props {
  id: string;
  title: string;
  /** The server's current value: the form starts from it and follows it until edited. */
  value: string[];
  /** Fewer than this many chosen: Save is disabled and `minText` explains why. */
  min?: number;
  minText?: string;
  save: (values: string[]) => Promise<unknown>;
  children: (selected: string[], onChange: (v: string[]) => void) => ReactNode;
}

/** A settings section that edits one list (streaming services, languages) and saves it. */
export function ListSettingSection({ id, title, value, min = 0, minText, save, children }: Props) {
  const t = useT();
  const { draft: selected, edit, saved } = useDraft(value);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const tooFew = selected.length < min;

  async function submit() {
    if (tooFew) return;
    setBusy(true);
    setMessage(null);
    try {
      await save(selected);
      saved();
      setMessage({ tone: 'success', text: t('settings.common.saved') });
    } catch {
      setMessage({ tone: 'error', text: t('settings.common.updateFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id={id} title={title}>
      {children(selected, (v) => {
        edit(v);
        setMessage(null);
      })}
      {tooFew && minText && <Notice tone="warning">{minText}</Notice>}
      <SaveFooter message={message} busy={busy} disabled={tooFew} onSave={() => void submit()} />
    </SettingsSection>
  );
}
