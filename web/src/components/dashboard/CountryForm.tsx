import { useState, type FormEvent } from 'react';
import type { useProfile } from '../../hooks/useProfile';
import { CountrySelect, browserCountry } from '../common/CountrySelect';
import { Notice } from '../common/Notice';
import { useT } from '../../i18n/useT';

/**
 * The prompt itself, mounted only when it shows: the browser's country is worked out from its
 * timezone, and the first Intl.DateTimeFormat of a page loads the locale data (70 ms of the
 * dashboard's first render under a 4x CPU slowdown, docs/performance.md), for the few it asks.
 */
export function CountryForm({ profile, onSaved }: { profile: ReturnType<typeof useProfile>; onSaved: () => void }) {
  const t = useT();
  const [country, setCountry] = useState(browserCountry);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await profile.update({ country });
      onSaved();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="notice notice-info banner country-prompt" onSubmit={submit} aria-labelledby="country-prompt-label">
      <label id="country-prompt-label" htmlFor="country-prompt">
        {t('dashboard.country.question')}
      </label>
      <div className="country-prompt-row">
        <CountrySelect id="country-prompt" value={country} onChange={setCountry} />
        <button type="submit" className="btn btn-primary" disabled={busy || !country}>
          {busy ? t('dashboard.country.saving') : t('dashboard.country.save')}
        </button>
      </div>
      {failed && <Notice tone="error">{t('dashboard.country.failed')}</Notice>}
    </form>
  );
}
