// Settings > Your data: downloads everything the server keeps about the account (JSON), the
// ratings and history as a spreadsheet (CSV), and the films in Letterboxd's import format (CSV).
// docs/product-decisions.md, "Your data".
import { useState } from 'react';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';
import { saveFile } from '../common/saveFile';
import { useT } from '../../i18n/useT';

type Format = 'json' | 'csv' | 'letterboxd';

export function ExportDataSection() {
  const api = useApi();
  const t = useT();
  const [busy, setBusy] = useState<Format | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function download(format: Format) {
    setBusy(format);
    setOutcome(null);
    try {
      const f = await api.account.exportData({ format });
      saveFile(f.filename, f.contentType, f.text);
      setOutcome({ tone: 'success', text: t('settings.export.downloaded', { filename: f.filename }) });
    } catch (err) {
      setOutcome({ tone: 'error', text: errorText(err, t('settings.export.failed')) });
    }
    setBusy(null);
  }

  return (
    <SettingsSection id="data" title={t('settings.export.title')}>
      <p className="muted">{t('settings.export.intro')}</p>
      <div className="btn-row">
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? t('settings.export.preparing') : t('settings.export.json')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? t('settings.export.preparing') : t('settings.export.csv')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('letterboxd')}>
          {busy === 'letterboxd' ? t('settings.export.preparing') : t('settings.export.letterboxd')}
        </button>
      </div>
      <p className="muted">{t('settings.export.formats')}</p>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </SettingsSection>
  );
}
