import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_COMMENT_MAX } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { Notice } from '../common/Notice';
import { Icon } from '../common/Icon';
import { useT } from '../../i18n/useT';
import { useLingui } from '@lingui/react';

/** Thumbs (required), a comment of at most 500 characters with a counter, an optional email. */
export function FeedbackForm({ defaultEmail = '', onSent }: { defaultEmail?: string; onSent?: () => void }) {
  const t = useT();
  // Not the card's formatters (dashboard/localeFormat.ts): the Contact page shows this form, and those come with the signed-in chunk.
  const { i18n } = useLingui();
  const api = useApi();
  const id = useId();
  const [rating, setRating] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (rating === null) {
      setError(t('feedback.form.selectThumb'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.feedback.submit({
        rating,
        comment: comment.trim(),
        email: email.trim() || null,
        page_url: window.location.href,
        user_agent: navigator.userAgent,
      });
      setSent(true);
      onSent?.();
    } catch {
      setError(t('feedback.form.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <Notice tone="success">{t('feedback.form.thanks')}</Notice>;

  return (
    <form className="feedback-form" onSubmit={submit} noValidate>
      <fieldset className="thumbs">
        <legend>{t('feedback.form.question')}</legend>
        <button type="button" className="thumb" aria-pressed={rating === true} onClick={() => setRating(true)}>
          <Icon name="thumbUp" /> {t('feedback.form.up')}
        </button>
        <button type="button" className="thumb" aria-pressed={rating === false} onClick={() => setRating(false)}>
          <Icon name="thumbDown" /> {t('feedback.form.down')}
        </button>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t('feedback.form.comment')}</label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX}
          rows={4}
          aria-describedby={`${id}-count`}
          onChange={(e) => setComment(e.target.value.slice(0, FEEDBACK_COMMENT_MAX))}
        />
        <p id={`${id}-count`} className="field-hint counter">
          {t('feedback.form.counter', { count: comment.length.toLocaleString(i18n.locale), max: FEEDBACK_COMMENT_MAX.toLocaleString(i18n.locale) })}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('feedback.form.email')}</label>
        <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('feedback.form.sending') : t('feedback.form.send')}
      </button>
    </form>
  );
}
