/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useId, useState } from 'react';
import {
  AGE_RATING_LABELS,
  ALERT_TEXTS,
  EXCLUSION_LIMITS,
  GENRES,
  MAX_AGE_RATINGS,
  type Exclusions,
  type MaxAgeRating,
  type UpdateProfileRequest,
  type User,
} from '@app/shared';
import { useDraft } from '../../hooks/useDraft';
import { errorText } from '../../api/errorText';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { SaveFooter, type SaveMessage } from './SaveFooter';
import { SettingsSection } from './SettingsSection';

interface Draft {
  exclusions: Exclusions;
  max_age_rating: MaxAgeRating | null;
}

/** Free text entries as chips: type, Enter or Add; each chip has its own Remove button. */
function WordList({ label, hint, values, onChange, placeholder }: { label: string; hint: string; values: string[]; onChange: (v: string[]) => void; placeholder: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function add() {
    const word = text.trim();
    if (!word) return;
    if (word.length > EXCLUSION_LIMITS.length) return setProblem(`Keep each entry to ${EXCLUSION_LIMITS.length} characters.`);
    if (values.length >= EXCLUSION_LIMITS.entries) return setProblem(`You can list up to ${EXCLUSION_LIMITS.entries}. Remove one to add another.`);
    setProblem(null);
    setText('');
    // The same word in another case is already there: nothing to add.
    if (values.some((v) => v.toLowerCase() === word.toLowerCase())) return;
    onChange([...values, word]);
  }
  return (
    <div className="field never-words">
      <label htmlFor={`${id}-input`}>{label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <div className="never-add">
        <input
          id={`${id}-input`}
          type="text"
          value={text}
          placeholder={placeholder}
          maxLength={EXCLUSION_LIMITS.length + 20}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn btn-secondary" onClick={add} disabled={!text.trim()}>
          Add
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {values.length > 0 && (
        <ul className="never-chips" aria-label={label}>
          {values.map((v) => (
            <li key={v} className="chip chip-on">
              <span>{v}</span>
              <button type="button" className="chip-remove" aria-label={`Remove ${v}`} onClick={() => onChange(values.filter((x) => x !== v))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Settings > Never show me: genres, keywords and people the engine never picks, and the highest
 * age rating. Hard rules (engine/constraints.ts): every pick, in the app, the extension and the
 * scheduled emails, respects them.
 */
export function NeverShowSection({ user, save }: { user: User; save: (b: UpdateProfileRequest) => Promise<unknown> }) {
  const id = useId();
  const { draft, dirty, edit, saved } = useDraft<Draft>({ exclusions: user.exclusions, max_age_rating: user.max_age_rating });
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Exclusions>) => {
    edit({ ...draft, exclusions: { ...draft.exclusions, ...patch } });
    setMessage(null);
  };

  async function submit() {
    setBusy(true);
    setMessage(null);
    try {
      await save({ exclusions: draft.exclusions, max_age_rating: draft.max_age_rating });
      saved();
      setMessage({ tone: 'success', text: 'Saved. Your next picks leave these out.' });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, ALERT_TEXTS.updateProfile) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="never-show" title="Never show me">
      <p className="field-hint">Titles that match anything here are never picked for you, on the web, in the extension or by email.</p>
      <ChoiceGroup
        legend="Genres"
        name="never-genre"
        choices={GENRES.map((g) => ({ value: g, label: g }))}
        selected={draft.exclusions.genres}
        onChange={(genres) => set({ genres })}
      />
      <WordList
        label="Keywords"
        hint="Themes you would rather skip, such as superhero or gore."
        placeholder="superhero"
        values={draft.exclusions.keywords}
        onChange={(keywords) => set({ keywords })}
      />
      <WordList
        label="People"
        hint="Directors or actors, by full name."
        placeholder="Full name"
        values={draft.exclusions.people}
        onChange={(people) => set({ people })}
      />
      <div className="field">
        <label htmlFor={`${id}-age`}>Maximum age rating</label>
        <select
          id={`${id}-age`}
          aria-describedby={`${id}-age-hint`}
          value={draft.max_age_rating ?? ''}
          onChange={(e) => {
            edit({ ...draft, max_age_rating: (e.target.value || null) as MaxAgeRating | null });
            setMessage(null);
          }}
        >
          <option value="">No limit</option>
          {MAX_AGE_RATINGS.map((r) => (
            <option key={r} value={r}>
              {AGE_RATING_LABELS[r]}
            </option>
          ))}
        </select>
        <p id={`${id}-age-hint`} className="field-hint">
          Titles without a known rating are not filtered.
        </p>
      </div>
      <SaveFooter message={message} busy={busy} disabled={!dirty} onSave={() => void submit()} />
    </SettingsSection>
  );
}
