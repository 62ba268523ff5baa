/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// What an import would write: the counts, the titles we matched (and what each becomes), the
// ambiguous ones to settle, and the ones not in our catalog. Long lists show 100 rows at a time.
import { IMPORT_SOURCE_NAMES, type ImportAmbiguous, type ImportCounts, type ImportMatched, type ImportPreview } from '@app/shared';
import { Notice } from '../common/Notice';
import { ShowMore } from '../common/ShowMore';
import { plural } from './importFile';

/** Ambiguous entries' choices by position: a title id, or null for "None of these". */
export type Choices = Record<number, string | null>;

type Facts = Pick<ImportMatched, 'liked' | 'watched' | 'watchlist'>;

/** What one entry becomes: Like / Dislike, Watched, or Watchlist (only when not watched or rated). */
export function recorded(e: Facts): string[] {
  const out: string[] = [];
  if (e.liked === true) out.push('Like');
  if (e.liked === false) out.push('Dislike');
  if (e.watched) out.push('Watched');
  if (out.length === 0 && e.watchlist) out.push('Watchlist');
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
const kindName = (k: 'movie' | 'series') => (k === 'series' ? 'Series' : 'Movie');

function MatchedRow({ m }: { m: ImportMatched }) {
  const differs = m.name.trim().toLowerCase() !== m.title.toLowerCase() || (m.year !== null && m.year !== m.title_year);
  return (
    <div className="import-row">
      <div className="import-row-text">
        <span className="import-title">
          {m.title} <span className="muted">({m.title_year})</span>
        </span>
        {differs && <span className="muted import-source-name">In your file: {asWritten(m)}</span>}
      </div>
      <span className="import-tags">
        {m.already_in_history ? (
          <span className="tag tag-muted">Already in your history</span>
        ) : (
          recorded(m).map((r) => (
            <span key={r} className={`tag tag-${r.toLowerCase()}`}>
              {r}
            </span>
          ))
        )}
        {m.source_rating && <span className="muted import-rating">{m.source_rating}</span>}
      </span>
    </div>
  );
}

function AmbiguousRow({ a, importId, value, onChoose }: { a: ImportAmbiguous; importId: string; value: string | null; onChoose: (id: string | null) => void }) {
  const name = `amb-${importId}-${a.position}`;
  const what = recorded(a);
  return (
    <fieldset className="import-choice">
      <legend>
        <span className="import-title">{asWritten(a)}</span>
        {what.length > 0 && <span className="muted"> · {what.join(', ')}</span>}
      </legend>
      <div className="import-options">
        {a.candidates.map((c) => (
          <label key={c.title_id} className="radio">
            <input type="radio" name={name} value={c.title_id} checked={value === c.title_id} onChange={() => onChoose(c.title_id)} />
            <span>
              {c.title} ({c.year}) <span className="muted">· {kindName(c.kind)}</span>
            </span>
          </label>
        ))}
        <label className="radio">
          <input type="radio" name={name} value="" checked={!value} onChange={() => onChoose(null)} />
          <span>None of these</span>
        </label>
      </div>
    </fieldset>
  );
}

export function ImportPreviewPanel({ preview: p, choices, onChoose }: { preview: ImportPreview; choices: Choices; onChoose: (position: number, titleId: string | null) => void }) {
  const c = countsWithChoices(p, choices);
  const source = IMPORT_SOURCE_NAMES[p.source];
  const facts: Array<[string, number]> = [
    ['Likes', c.likes],
    ['Dislikes', c.dislikes],
    ['Watched', c.watched],
    ['Watchlist', c.watchlist],
    ['Already in your history', c.already_in_history],
  ];
  return (
    <div className="import-preview">
      <p className="muted">
        {plural(p.rows_read, 'entry', 'entries')} read from <strong>{p.filename}</strong> ({source}): {p.matched_count.toLocaleString()} found in our
        catalog, {p.ambiguous_count.toLocaleString()} to check, {p.unmatched_count.toLocaleString()} not in our catalog.
      </p>
      {p.same_file_imported_at && (
        <Notice tone="info">
          You imported this file on {new Date(p.same_file_imported_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}. Importing it again changes
          nothing that is already in your history.
        </Notice>
      )}
      <dl className="import-counts" aria-label="What this import adds">
        {facts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>

      {p.matched.length > 0 && (
        <section className="import-list" aria-labelledby={`${p.import_id}-matched`}>
          <h4 id={`${p.import_id}-matched`}>Found in our catalog ({p.matched_count.toLocaleString()})</h4>
          <ShowMore items={p.matched} label="Titles found in our catalog" className="import-rows" itemKey={(m) => m.position} render={(m) => <MatchedRow m={m} />} />
        </section>
      )}

      {p.ambiguous.length > 0 && (
        <section className="import-list" aria-labelledby={`${p.import_id}-ambiguous`}>
          <h4 id={`${p.import_id}-ambiguous`}>Which one did you mean? ({p.ambiguous_count.toLocaleString()})</h4>
          <p className="field-hint">These names match more than one title. Choose one, or leave &ldquo;None of these&rdquo; to skip it.</p>
          <ShowMore
            items={p.ambiguous}
            label="Titles to choose"
            className="import-rows"
            itemKey={(a) => a.position}
            render={(a) => <AmbiguousRow a={a} importId={p.import_id} value={choices[a.position] ?? null} onChoose={(t) => onChoose(a.position, t)} />}
          />
        </section>
      )}

      {p.unmatched_count > 0 && (
        <details className="import-list import-unmatched">
          <summary>
            {plural(p.unmatched_count, 'title')} not in our catalog
          </summary>
          <p className="field-hint">These are left out. Our catalog grows, so a later import may find some of them.</p>
          <ShowMore items={p.unmatched} label="Titles not in our catalog" className="import-plain" itemKey={(_u, i) => i} render={(u) => asWritten(u)} />
          {p.unmatched_count > p.unmatched.length && (
            <p className="muted">…and {(p.unmatched_count - p.unmatched.length).toLocaleString()} more.</p>
          )}
        </details>
      )}
    </div>
  );
}
