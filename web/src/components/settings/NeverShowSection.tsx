import { useId, useState } from 'react';
import {
  AGE_RATING_LABELS,
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
import { useT } from '../../i18n/useT';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';

/** A genre in the page's language when the genres area names it (genres.sciencefiction), else as the catalog writes it. */
function genreLabel(name: string, i18n: I18n): string {
  const key = `genres.${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`; // i18n-dynamic: genres.
  return i18n.messages[key] ? i18n._(key) : name;
}

interface Draft {
  exclusions: Exclusions;
  max_age_rating: MaxAgeRating | null;
}

/** Free text entries as chips: type, Enter or Add; each chip has its own Remove button. */
function WordList({ label, hint, values, onChange, placeholder }: { label: string; hint: string; values: string[]; onChange: (v: string[]) => void; placeholder: string }) {
  const id = useId();
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function add() {
    const word = text.trim();
    if (!word) return;
    if (word.length > EXCLUSION_LIMITS.length) return setProblem(t('settings.never.tooLong', { max: EXCLUSION_LIMITS.length }));
    if (values.length >= EXCLUSION_LIMITS.entries) return setProblem(t('settings.never.tooMany', { max: EXCLUSION_LIMITS.entries }));
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
          {t('settings.never.add')}
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
              <button type="button" className="chip-remove" aria-label={t('settings.never.remove', { word: v })} onClick={() => onChange(values.filter((x) => x !== v))}>
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
  const t = useT();
  const { i18n } = useLingui();
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
      setMessage({ tone: 'success', text: t('settings.never.saved') });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, t('settings.common.updateFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="never-show" title={t('settings.never.title')}>
      <p className="field-hint">{t('settings.never.intro')}</p>
      <ChoiceGroup
        legend={t('settings.never.genres')}
        name="never-genre"
        choices={GENRES.map((g) => ({ value: g, label: genreLabel(g, i18n) }))}
        selected={draft.exclusions.genres}
        onChange={(genres) => set({ genres })}
      />
      <WordList
        label={t('settings.never.keywords')}
        hint={t('settings.never.keywordsHint')}
        placeholder={t('settings.never.keywordsPlaceholder')}
        values={draft.exclusions.keywords}
        onChange={(keywords) => set({ keywords })}
      />
      <WordList
        label={t('settings.never.people')}
        hint={t('settings.never.peopleHint')}
        placeholder={t('settings.never.peoplePlaceholder')}
        values={draft.exclusions.people}
        onChange={(people) => set({ people })}
      />
      <div className="field">
        <label htmlFor={`${id}-age`}>{t('settings.never.age')}</label>
        <select
          id={`${id}-age`}
          aria-describedby={`${id}-age-hint`}
          value={draft.max_age_rating ?? ''}
          onChange={(e) => {
            edit({ ...draft, max_age_rating: (e.target.value || null) as MaxAgeRating | null });
            setMessage(null);
          }}
        >
          <option value="">{t('settings.never.noLimit')}</option>
          {MAX_AGE_RATINGS.map((r) => (
            <option key={r} value={r}>
              {r === 'all' ? t('settings.never.allAges') : AGE_RATING_LABELS[r]}
            </option>
          ))}
        </select>
        <p id={`${id}-age-hint`} className="field-hint">
          {t('settings.never.ageHint')}
        </p>
      </div>
      <SaveFooter message={message} busy={busy} disabled={!dirty} onSave={() => void submit()} />
    </SettingsSection>
  );
}
