// What an import would write: the counts, the titles we matched (and what each becomes), the
// ambiguous ones to settle, and the ones not in our catalog. Long lists show 100 rows at a time.
import { IMPORT_SOURCE_NAMES, type ImportAmbiguous, type ImportCounts, type ImportMatched, type ImportPreview } from '@app/shared';
import { Notice } from '../common/Notice';
import { ShowMore } from '../common/ShowMore';
import { Trans, useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';

/** Ambiguous entries' choices by position: a title id, or null for "None of these". */
export type Choices = Record<number, string | null>;

type Facts = Pick<ImportMatched, 'liked' | 'watched' | 'watchlist'>;

type Recorded = 'like' | 'dislike' | 'watched' | 'watchlist';
/** Each kind of record's name (shared/locales/imports). */
const RECORDED_NAMES: Record<Recorded, string> = {
  like: 'imports.preview.like',
  dislike: 'imports.preview.dislike',
  watched: 'imports.preview.watched',
  watchlist: 'imports.preview.watchlist',
};

/** What one entry becomes: Like / Dislike, Watched, or Watchlist (only when not watched or rated). */
export function recorded(e: Facts): Recorded[] {
  const out: Recorded[] = [];
  if (e.liked === true) out.push('like');
  if (e.liked === false) out.push('dislike');
  if (e.watched) out.push('watched');
  if (out.length === 0 && e.watchlist) out.push('watchlist');
  return out;
}

const writes = (e: Facts) => recorded(e).length > 0;

function chosen(p: ImportPreview, choices: Choices): ImportAmbiguous[] {
  return p.ambiguous.filter((a) => choices[a.position] && writes(a));
}

/** How many titles "Import N titles" writes: new matched entries and the chosen ambiguous ones. */
export function importableCount(p: ImportPreview, choices: Choices): number {
  return p.matched.filter((m) => !m.already_in_history && writes(m)).length + chosen(p, choices).length;
}

/** The preview's counts with the chosen ambiguous entries added. */
export function countsWithChoices(p: ImportPreview, choices: Choices): ImportCounts {
  const c = { ...p.counts };
  for (const a of chosen(p, choices)) {
    if (a.liked === true) c.likes++;
    if (a.liked === false) c.dislikes++;
    if (a.watched) c.watched++;
    if (a.liked === null && !a.watched && a.watchlist) c.watchlist++;
  }
  return c;
}

const asWritten = (e: { name: string; year: number | null }) => (e.year ? `${e.name} (${e.year})` : e.name);
const kindName = (k: 'movie' | 'series') => (k === 'series' ? 'imports.preview.series' : 'imports.preview.movie');

function MatchedRow({ m }: { m: ImportMatched }) {
  const t = useT();
  const differs = m.name.trim().toLowerCase() !== m.title.toLowerCase() || (m.year !== null && m.year !== m.title_year);
  return (
    <div className="import-row">
      <div className="import-row-text">
        <span className="import-title">
          {m.title} <span className="muted">({m.title_year})</span>
        </span>
        {differs && <span className="muted import-source-name">{t('imports.preview.inFile', { name: asWritten(m) })}</span>}
      </div>
      <span className="import-tags">
        {m.already_in_history ? (
          <span className="tag tag-muted">{t('imports.preview.already')}</span>
        ) : (
          recorded(m).map((r) => (
            <span key={r} className={`tag tag-${r}`}>
              {t(RECORDED_NAMES[r])}
            </span>
          ))
        )}
        {m.source_rating && <span className="muted import-rating">{m.source_rating}</span>}
      </span>
    </div>
  );
}

function AmbiguousRow({ a, importId, value, onChoose }: { a: ImportAmbiguous; importId: string; value: string | null; onChoose: (id: string | null) => void }) {
  const t = useT();
  const { i18n } = useLingui();
  const name = `amb-${importId}-${a.position}`;
  const what = recorded(a).map((r) => t(RECORDED_NAMES[r]));
  return (
    <fieldset className="import-choice">
      <legend>
        <span className="import-title">{asWritten(a)}</span>
        {what.length > 0 && <span className="muted"> · {new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(what)}</span>}
      </legend>
      <div className="import-options">
        {a.candidates.map((c) => (
          <label key={c.title_id} className="radio">
            <input type="radio" name={name} value={c.title_id} checked={value === c.title_id} onChange={() => onChoose(c.title_id)} />
            <span>
              {c.title} ({c.year}) <span className="muted">· {t(kindName(c.kind))}</span>
            </span>
          </label>
        ))}
        <label className="radio">
          <input type="radio" name={name} value="" checked={!value} onChange={() => onChoose(null)} />
          <span>{t('imports.preview.none')}</span>
        </label>
      </div>
    </fieldset>
  );
}

export function ImportPreviewPanel({ preview: p, choices, onChoose }: { preview: ImportPreview; choices: Choices; onChoose: (position: number, titleId: string | null) => void }) {
  const t = useT();
  const { i18n } = useLingui();
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const c = countsWithChoices(p, choices);
  const source = IMPORT_SOURCE_NAMES[p.source];
  const facts: Array<[string, number]> = [
    ['imports.preview.likes', c.likes],
    ['imports.preview.dislikes', c.dislikes],
    ['imports.preview.watched', c.watched],
    ['imports.preview.watchlist', c.watchlist],
    ['imports.preview.already', c.already_in_history],
  ];
  return (
    <div className="import-preview">
      <p className="muted">
        <Trans
          id="imports.preview.summary"
          values={{ rows: p.rows_read, filename: p.filename, source, matched: p.matched_count, ambiguous: p.ambiguous_count, unmatched: p.unmatched_count }}
          components={{ 0: <strong /> }}
        />
      </p>
      {p.same_file_imported_at && (
        <Notice tone="info">
          {t('imports.preview.sameFile', { date: new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(p.same_file_imported_at)) })}
        </Notice>
      )}
      <dl className="import-counts" aria-label={t('imports.preview.adds')}>
        {facts.map(([label, n]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{number(n)}</dd>
          </div>
        ))}
      </dl>

      {p.matched.length > 0 && (
        <section className="import-list" aria-labelledby={`${p.import_id}-matched`}>
          <h4 id={`${p.import_id}-matched`}>{t('imports.preview.found', { count: p.matched_count })}</h4>
          <ShowMore items={p.matched} label={t('imports.preview.foundList')} className="import-rows" itemKey={(m) => m.position} render={(m) => <MatchedRow m={m} />} />
        </section>
      )}

      {p.ambiguous.length > 0 && (
        <section className="import-list" aria-labelledby={`${p.import_id}-ambiguous`}>
          <h4 id={`${p.import_id}-ambiguous`}>{t('imports.preview.which', { count: p.ambiguous_count })}</h4>
          <p className="field-hint">{t('imports.preview.whichHint')}</p>
          <ShowMore
            items={p.ambiguous}
            label={t('imports.preview.whichList')}
            className="import-rows"
            itemKey={(a) => a.position}
            render={(a) => <AmbiguousRow a={a} importId={p.import_id} value={choices[a.position] ?? null} onChoose={(t) => onChoose(a.position, t)} />}
          />
        </section>
      )}

      {p.unmatched_count > 0 && (
        <details className="import-list import-unmatched">
          <summary>{t('imports.preview.unmatched', { count: p.unmatched_count })}</summary>
          <p className="field-hint">{t('imports.preview.unmatchedHint')}</p>
          <ShowMore items={p.unmatched} label={t('imports.preview.unmatchedList')} className="import-plain" itemKey={(_u, i) => i} render={(u) => asWritten(u)} />
          {p.unmatched_count > p.unmatched.length && (
            <p className="muted">{t('imports.preview.more', { count: p.unmatched_count - p.unmatched.length })}</p>
          )}
        </details>
      )}
    </div>
  );
}
