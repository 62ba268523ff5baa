/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Your data: downloads everything the server keeps about the account (JSON), the
// ratings and history as a spreadsheet (CSV), and the films in Letterboxd's import format (CSV).
// docs/product-decisions.md, "Your data".
import { useState } from 'react';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';
import { saveFile } from '../common/saveFile';

type Format = 'json' | 'csv' | 'letterboxd';

export function ExportDataSection() {
  const api = useApi();
  const [busy, setBusy] = useState<Format | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function download(format: Format) {
    setBusy(format);
    setOutcome(null);
    try {
      const f = await api.account.exportData({ format });
      saveFile(f.filename, f.contentType, f.text);
      setOutcome({ tone: 'success', text: `Downloaded ${f.filename}.` });
    } catch (err) {
      setOutcome({ tone: 'error', text: errorText(err, 'Could not prepare your data. Please try again.') });
    }
    setBusy(null);
  }

  return (
    <SettingsSection id="data" title="Export my data">
      <p className="muted">
        Download everything we keep about your account: profile, preferences, favourites, every recommendation with your ratings,
        schedule and deliveries, payments, feedback, connected browsers and calendar connection. Passwords and access tokens are never
        included.
      </p>
      <div className="btn-row">
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Preparing…' : 'Export my data (JSON)'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? 'Preparing…' : 'Ratings and history (CSV)'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void download('letterboxd')}>
          {busy === 'letterboxd' ? 'Preparing…' : 'Films for Letterboxd (CSV)'}
        </button>
      </div>
      <p className="muted">
        The JSON file can be imported back here (Settings › Import your history) or into another account. The Letterboxd file is in
        Letterboxd&apos;s import format (import it at letterboxd.com/import): a like becomes 4 stars, a dislike 1.5,
        watched without a rating stays unrated; series are left out, as Letterboxd lists films only.
      </p>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </SettingsSection>
  );
}
