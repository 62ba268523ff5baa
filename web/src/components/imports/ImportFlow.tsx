// Bring your taste: choose an export file (Letterboxd, IMDb, Netflix, Trakt), see what it holds,
// settle the ambiguous titles, then import it, or cancel. Used by Settings > Import your history and
// by onboarding's favourites step. Nothing is saved until "Import N titles".
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../common/Link';
import { ApiError, IMPORT_SOURCE_NAMES, type ImportPreview, type ImportProfileRefusal, type ImportSource, type ImportSummary } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { useRefresh } from '../../hooks/useLibrary';
import { Notice } from '../common/Notice';
import { ImportPreviewPanel, importableCount, type Choices } from './ImportPreviewPanel';
import { IMPORT_ERRORS, IMPORT_MAX_BYTES, IMPORT_SOURCES, ImportFileError, SOURCE_HELP, countsText, importRequest } from './importFile';
import { Trans, useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';
import '../../styles/library.css';

export interface ConfirmedImport {
  summary: ImportSummary;
  preview: ImportPreview;
  choices: Choices;
}

type Phase = { kind: 'choose' } | { kind: 'preview'; preview: ImportPreview } | { kind: 'done'; result: ConfirmedImport };

interface Props {
  /** Called once the import is written. */
  onConfirmed?: (result: ConfirmedImport) => void;
  /** Links to the history and the watchlist after a success (not during onboarding). */
  links?: boolean;
}

export function ImportFlow({ onConfirmed, links = true }: Props) {
  const api = useApi();
  const t = useT();
  const { i18n } = useLingui();
  const refresh = useRefresh();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<ImportSource | ''>('');
  // A Netflix ViewingActivity.csv of several profiles: the server lists them, the user picks one.
  const [profiles, setProfiles] = useState<string[]>([]);
  const [profile, setProfile] = useState('');
  const [choices, setChoices] = useState<Choices>({});
  const [busy, setBusy] = useState<'reading' | 'confirming' | 'cancelling' | null>(null);
  // The words shown: a key of IMPORT_ERRORS said in the language shown, or the server's own.
  const [problem, setProblem] = useState<{ key: string } | { text: string } | null>(null);
  const error = problem && ('key' in problem ? t(problem.key) : problem.text);
  const setError = (key: string | null) => setProblem(key ? { key } : null);
  const tooLarge = problem !== null && 'key' in problem && problem.key === IMPORT_ERRORS.tooLarge;

  /** The server's words when it sent some, else the key `fallback`. */
  const said = (err: unknown, fallback: string) => {
    const text = errorText(err, '');
    return text ? { text } : { key: fallback };
  };

  function focusHeading() {
    requestAnimationFrame(() => heading.current?.focus());
  }

  function choose(f: File | null) {
    setError(null);
    setFile(f);
    setProfiles([]);
    setProfile('');
    if (f && f.size > IMPORT_MAX_BYTES) setError(IMPORT_ERRORS.tooLarge);
  }

  async function preview(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError(IMPORT_ERRORS.noFile);
    setBusy('reading');
    setError(null);
    try {
      const p = await api.imports.create(await importRequest(file, source, profile));
      setChoices({});
      setPhase({ kind: 'preview', preview: p });
      focusHeading();
    } catch (err) {
      const listed = err instanceof ApiError ? (err.body as ImportProfileRefusal | null)?.profiles : undefined;
      if (Array.isArray(listed)) setProfiles(listed);
      setProblem(err instanceof ImportFileError ? { key: err.message } : said(err, IMPORT_ERRORS.previewFailed));
    }
    setBusy(null);
  }

  function reset() {
    setPhase({ kind: 'choose' });
    setFile(null);
    setProfiles([]);
    setProfile('');
    setChoices({});
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function confirm(p: ImportPreview) {
    setBusy('confirming');
    setError(null);
    try {
      const summary = await api.imports.confirm(p.import_id, {
        choices: p.ambiguous.map((a) => ({ position: a.position, title_id: choices[a.position] ?? null })),
      });
      const result = { summary, preview: p, choices };
      setPhase({ kind: 'done', result });
      void refresh('history', 'watchlist', 'imports');
      onConfirmed?.(result);
      focusHeading();
    } catch (err) {
      setProblem(said(err, IMPORT_ERRORS.confirmFailed));
    }
    setBusy(null);
  }

  async function cancel(p: ImportPreview) {
    setBusy('cancelling');
    setError(null);
    try {
      await api.imports.undo(p.import_id);
      void refresh('imports');
      reset();
    } catch (err) {
      setProblem(said(err, IMPORT_ERRORS.cancelFailed));
    }
    setBusy(null);
  }

  if (phase.kind === 'done') {
    const { summary } = phase.result;
    const c = summary.counts;
    return (
      <div className="import-flow">
        <h3 ref={heading} tabIndex={-1} className="import-heading">{t('imports.flow.finished')}</h3>
        <Notice tone="success">
          {t('imports.flow.imported', { source: IMPORT_SOURCE_NAMES[summary.source], counts: countsText(c, t, i18n.locale) })}
          {c.already_in_history > 0 && <> {t('imports.flow.alreadyIn', { count: c.already_in_history })}</>}
        </Notice>
        <div className="btn-row">
          {links && (
            <>
              <Link className="btn btn-secondary btn-small" to="/app/dashboard#history-title">{t('imports.flow.seeHistory')}</Link>
              {c.watchlist > 0 && <Link className="btn btn-secondary btn-small" to="/app/watchlist">{t('imports.flow.openWatchlist')}</Link>}
            </>
          )}
          <button type="button" className="btn btn-ghost btn-small" onClick={reset}>
            {t('imports.flow.another')}
          </button>
        </div>
      </div>
    );
  }

  if (phase.kind === 'preview') {
    const p = phase.preview;
    const n = importableCount(p, choices);
    return (
      <div className="import-flow">
        <h3 ref={heading} tabIndex={-1} className="import-heading">
          {t('imports.flow.check', { source: IMPORT_SOURCE_NAMES[p.source] })}
        </h3>
        <ImportPreviewPanel preview={p} choices={choices} onChoose={(position, titleId) => setChoices((c) => ({ ...c, [position]: titleId }))} />
        {error && <Notice tone="error">{error}</Notice>}
        <div className="btn-row import-actions">
          <button type="button" className="btn btn-primary" disabled={busy !== null || n === 0} onClick={() => void confirm(p)}>
            {busy === 'confirming' ? t('imports.flow.importing') : t('imports.flow.import', { count: n })}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => void cancel(p)}>
            {busy === 'cancelling' ? t('imports.flow.cancelling') : t('imports.flow.cancel')}
          </button>
        </div>
        {n === 0 && <p className="field-hint">{t('imports.flow.nothingNew')}</p>}
      </div>
    );
  }

  return (
    <form className="form import-flow" onSubmit={(e) => void preview(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('imports.flow.file')}</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept=".csv,.zip,.json"
          className="file-input"
          aria-describedby={`${id}-file-hint`}
          aria-invalid={tooLarge || undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <span id={`${id}-file-hint`} className="field-hint">
          {t('imports.flow.fileHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-source`}>
          <Trans id="imports.flow.source" components={{ 0: <span className="optional" /> }} />
        </label>
        <select id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value as ImportSource | '')}>
          <option value="">{t('imports.flow.detect')}</option>
          {IMPORT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {IMPORT_SOURCE_NAMES[s]}
            </option>
          ))}
        </select>
      </div>
      {profiles.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-profile`}>{t('imports.flow.profile')}</label>
          <select id={`${id}-profile`} value={profile} onChange={(e) => setProfile(e.target.value)}>
            <option value="">{t('imports.flow.chooseProfile')}</option>
            {profiles.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      )}
      <details className="import-help">
        <summary>{t('imports.flow.where')}</summary>
        <dl>
          {SOURCE_HELP.map((h) => (
            <div key={h.source}>
              <dt>{IMPORT_SOURCE_NAMES[h.source]}</dt>
              <dd>{t(h.key)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {error && <Notice tone="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary" disabled={busy !== null || tooLarge}>
        {busy === 'reading' ? t('imports.flow.reading') : t('imports.flow.preview')}
      </button>
    </form>
  );
}
