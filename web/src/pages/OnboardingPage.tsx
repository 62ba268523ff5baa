import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react';
import { isLocale, SCHEDULE_DEFAULTS, type Locale } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';
import { LanguageSelect } from '../components/common/LanguageSelect';
import { GenreStep } from '../components/onboarding/GenreStep';
import { LanguageStep } from '../components/onboarding/LanguageStep';
import { FavouritesStep } from '../components/onboarding/FavouritesStep';
import { OnboardingImport } from '../components/onboarding/OnboardingImport';
import { PlatformStep } from '../components/onboarding/PlatformStep';
import { CountrySelect, browserCountry } from '../components/common/CountrySelect';
import { OnboardingProgress } from '../components/onboarding/OnboardingProgress';
import { OnboardingEmailOffer, type EmailOffer } from '../components/onboarding/OnboardingEmailOffer';
import { browserTimezone } from '../components/common/scheduleRules';
import { useProfile } from '../hooks/useProfile';
import { Notice } from '../components/common/Notice';
import { stepComplete, STEP_TITLES, type OnboardingChoices } from '../components/onboarding/onboardingRules';
import { usePageTitle } from '../hooks/usePageTitle';
import { chooseLocale } from '../i18n/i18n';
import { useT } from '../i18n/useT';

const LAST = STEP_TITLES.length;

export function OnboardingPage() {
  const t = useT();
  const { i18n } = useLingui();
  usePageTitle(t('onboarding.page.title'));
  const api = useApi();
  const { storage } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [c, setChoices] = useState<OnboardingChoices>({ genres: [], languages: [], favourites: [], platforms: [] });
  const [email, setEmail] = useState<EmailOffer>(() => ({
    on: false,
    days: SCHEDULE_DEFAULTS.selectedDays.map(String),
    time: SCHEDULE_DEFAULTS.recommendationTime,
    timezone: browserTimezone(),
  }));
  // Preset from the browser; asked on the services step, where it decides what "on your service" means.
  const [country, setCountry] = useState(browserCountry);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [languageFailed, setLanguageFailed] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api.analytics.event({ name: 'onboarding_started', path: '/app/onboarding' }).catch(() => undefined);
  }, [api]);

  const set = <K extends keyof OnboardingChoices>(k: K) => (v: OnboardingChoices[K]) => setChoices((prev) => ({ ...prev, [k]: v }));

  function go(to: number) {
    setStep(to);
    setError(null);
    heading.current?.focus();
  }

  /** The first screen's language: the page switches at once, and the profile keeps it (ui_language) for every device and the emails. */
  async function chooseLanguage(locale: Locale) {
    setLanguageFailed(false);
    await chooseLocale(locale, storage);
    try {
      await profile.update({ ui_language: locale });
    } catch {
      setLanguageFailed(true);
    }
  }

  async function finish() {
    setBusy(true);
    setError(null);
    try {
      await api.onboarding.savePreferences({
        selected_genres: c.genres,
        // Picked titles by name as always; imported ones by id, so a remake never stands in for them.
        initial_movies: c.favourites.map((f) => (f.imported ? f.id : f.title)),
        preferred_languages: c.languages,
        ott_subscriptions: c.platforms,
        ...(country ? { country } : {}),
        subscription_tier: 'free_trial',
      });
      // The timezone always (the browser's unless changed); days and time only when the email is wanted.
      const user = await api.settings.updateProfile({
        timezone: email.timezone,
        email_delivery: email.on,
        ...(email.on ? { selected_days: email.days.map(Number).sort(), recommendation_time: email.time } : {}),
      });
      // The profile cache too, not only the stored user: Settings must not open on the copy loaded before onboarding.
      await profile.remember({ ...user, is_onboarded: true });
      api.analytics
        .event({
          name: 'onboarding_completed',
          path: '/app/onboarding',
          properties: { genres: c.genres.length, languages: c.languages.length, platforms: c.platforms.length, plan_type: 'free_trial' },
        })
        .catch(() => undefined);
      navigate('/app/dashboard', { replace: true });
    } catch {
      setError(t('onboarding.page.saveFailed'));
      setBusy(false);
    }
  }

  const ok = stepComplete(step, c);
  return (
    <section className="container-narrow onboarding">
      <h1 ref={heading} tabIndex={-1}>
        {t('onboarding.page.heading')}
      </h1>
      <OnboardingProgress step={step} />
      <div className="card onboarding-card">
        {step === 1 && (
          <>
            <LanguageSelect value={isLocale(i18n.locale) ? i18n.locale : 'en'} onChange={(l) => void chooseLanguage(l)} />
            {languageFailed && <Notice tone="error">{t('onboarding.page.languageFailed')}</Notice>}
            <GenreStep selected={c.genres} onChange={set('genres')} />
          </>
        )}
        {step === 2 && <LanguageStep selected={c.languages} onChange={set('languages')} />}
        {step === 3 && (
          <>
            <OnboardingImport selected={c.favourites} onChange={set('favourites')} />
            <FavouritesStep genres={c.genres} languages={c.languages} selected={c.favourites} onChange={set('favourites')} />
          </>
        )}
        {step === 4 && (
          <>
            <div className="field">
              <label htmlFor="onboarding-country" className="step-question">
                {t('onboarding.page.countryQuestion')}
              </label>
              <CountrySelect id="onboarding-country" value={country} onChange={setCountry} describedBy="onboarding-country-hint" />
              <span id="onboarding-country-hint" className="field-hint">
                {t('onboarding.page.countryHint')}
              </span>
            </div>
            <PlatformStep selected={c.platforms} onChange={set('platforms')} country={country || null} />
            <OnboardingEmailOffer value={email} onChange={setEmail} />
          </>
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <div className="step-actions">
          {step > 1 && (
            <button type="button" className="btn btn-ghost" onClick={() => go(step - 1)} disabled={busy}>
              {t('onboarding.page.back')}
            </button>
          )}
          {step < LAST ? (
            <button type="button" className="btn btn-primary" onClick={() => go(step + 1)} disabled={!ok}>
              {t('onboarding.page.next')}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void finish()} disabled={busy}>
              {busy ? t('onboarding.page.saving') : t('onboarding.page.finish')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
