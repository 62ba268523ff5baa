/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Import your history: the import flow, then every past import with Undo.
import { useState } from 'react';
import { IMPORT_SOURCE_NAMES, type ImportSummary } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { useImports, useRefresh } from '../../hooks/useLibrary';
import { ImportFlow } from './ImportFlow';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from '../settings/SettingsSection';
import { IMPORT_TEXTS, countsText } from './importFile';

const STATUS: Record<ImportSummary['status'], string> = { preview: 'Not imported', confirmed: 'Imported', undone: 'Undone' };

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function PastImports() {
  const api = useApi();
  const refresh = useRefresh();
  const { data, error, mutate } = useImports();
  const [undoing, setUndoing] = useState<ImportSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function undo(i: ImportSummary) {
    setBusy(true);
    setOutcome(null);
    try {
      await api.imports.undo(i.import_id);
      setUndoing(null);
      setOutcome({ tone: 'success', text: `Undone: what ${i.filename} added is gone from your history and watchlist.` });
      void refresh('history', 'watchlist', 'imports');
    } catch (err) {
      setOutcome({ tone: 'error', text: errorText(err, IMPORT_TEXTS.undoFailed) });
      setUndoing(null);
    }
    setBusy(false);
  }

  // A preview the user never confirmed wrote nothing: only imports that did (or did and were undone) are listed.
  const past = data?.imports.filter((i) => i.status !== 'preview') ?? [];
  return (
    <div className="past-imports">
      <h3 id="past-imports-title">Past imports</h3>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {error ? (
        <p className="muted">
          Could not load your past imports.{' '}
          <button type="button" className="link-button" onClick={() => void mutate()}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <p className="muted">Loading&hellip;</p>
      ) : past.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="past-imports-list" aria-labelledby="past-imports-title">
          {past.map((i) => (
            <li key={i.import_id}>
              <div className="past-import-text">
                <strong>
                  {IMPORT_SOURCE_NAMES[i.source]} · {i.filename}
                </strong>
                <span className="muted">
                  {day(i.confirmed_at ?? i.created_at)} · {i.status === 'undone' ? 'added nothing now' : countsText(i.counts)}
                </span>
              </div>
              <span className={`tag tag-import-${i.status}`}>{STATUS[i.status]}</span>
              {i.status === 'confirmed' && (
                <button type="button" className="btn btn-danger btn-small" aria-label={`Undo the import of ${i.filename}`} onClick={() => setUndoing(i)}>
                  Undo
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {undoing && (
        <ConfirmDialog
          title="Undo this import?"
          cancelLabel="Keep it"
          confirmLabel="Yes, undo"
          busyLabel="Undoing…"
          busy={busy}
          onCancel={() => setUndoing(null)}
          onConfirm={() => void undo(undoing)}
        >
          <p>
            Everything {undoing.filename} added is removed: {countsText(undoing.counts)}. Titles that were already in your history stay as they are.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export function ImportSection() {
  return (
    <SettingsSection id="import" title="Import your history">
      <p className="muted">
        Bring what you have watched and rated on Letterboxd, IMDb, Netflix or Trakt. We read the file, show you what we found, and import nothing
        until you confirm. Titles you have seen are not picked for you again, your ratings teach your picks, and your watchlist is
        favoured when it streams on your services.
      </p>
      <ImportFlow />
      <PastImports />
    </SettingsSection>
  );
}
