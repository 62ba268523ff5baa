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
import { IMPORT_ERRORS, countsText } from './importFile';
import { useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';

/** Each status's name (shared/locales/imports). */
const STATUS: Record<ImportSummary['status'], string> = { preview: 'imports.past.notImported', confirmed: 'imports.past.imported', undone: 'imports.past.undone' };

const day = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

function PastImports() {
  const api = useApi();
  const t = useT();
  const { i18n } = useLingui();
  const counts = (c: ImportSummary['counts']) => countsText(c, t, i18n.locale);
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
      setOutcome({ tone: 'success', text: t('imports.past.undoneText', { filename: i.filename }) });
      void refresh('history', 'watchlist', 'imports');
    } catch (err) {
      setOutcome({ tone: 'error', text: errorText(err, t(IMPORT_ERRORS.undoFailed)) });
      setUndoing(null);
    }
    setBusy(false);
  }

  // A preview the user never confirmed wrote nothing: only imports that did (or did and were undone) are listed.
  const past = data?.imports.filter((i) => i.status !== 'preview') ?? [];
  return (
    <div className="past-imports">
      <h3 id="past-imports-title">{t('imports.past.title')}</h3>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {error ? (
        <p className="muted">
          {t('imports.past.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void mutate()}>
            {t('imports.past.retry')}
          </button>
        </p>
      ) : !data ? (
        <p className="muted">{t('imports.past.loading')}</p>
      ) : past.length === 0 ? (
        <p className="muted">{t('imports.past.none')}</p>
      ) : (
        <ul className="past-imports-list" aria-labelledby="past-imports-title">
          {past.map((i) => (
            <li key={i.import_id}>
              <div className="past-import-text">
                <strong>
                  {IMPORT_SOURCE_NAMES[i.source]} · {i.filename}
                </strong>
                <span className="muted">
                  {day(i.confirmed_at ?? i.created_at, i18n.locale)} · {i.status === 'undone' ? t('imports.past.nothingNow') : counts(i.counts)}
                </span>
              </div>
              <span className={`tag tag-import-${i.status}`}>{t(STATUS[i.status])}</span>
              {i.status === 'confirmed' && (
                <button type="button" className="btn btn-danger btn-small" aria-label={t('imports.past.undoLabel', { filename: i.filename })} onClick={() => setUndoing(i)}>
                  {t('imports.past.undo')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {undoing && (
        <ConfirmDialog
          title={t('imports.past.confirmTitle')}
          cancelLabel={t('imports.past.keep')}
          confirmLabel={t('imports.past.confirmYes')}
          busyLabel={t('imports.past.undoing')}
          busy={busy}
          onCancel={() => setUndoing(null)}
          onConfirm={() => void undo(undoing)}
        >
          <p>{t('imports.past.confirmBody', { filename: undoing.filename, counts: counts(undoing.counts) })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export function ImportSection() {
  const t = useT();
  return (
    <SettingsSection id="import" title={t('imports.section.title')}>
      <p className="muted">{t('imports.section.intro')}</p>
      <ImportFlow />
      <PastImports />
    </SettingsSection>
  );
}
