import { Trans, useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { TimezoneSelect } from '../common/TimezoneSelect';
import '../../styles/forms.css';

export interface EmailOffer {
  on: boolean;
  days: string[];
  time: string;
  timezone: string;
}

const MONDAY = Date.UTC(2024, 0, 1, 12);
/** The weekdays in `locale`, Monday first (selected_days: 1 = Monday), from Intl: "Monday", "Lunes", "월요일". */
function weekdays(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => {
    const name = format.format(new Date(MONDAY + i * 86_400_000));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

/**
 * The end of onboarding: the user's timezone (the browser's, editable) and the scheduled email,
 * off until the user asks for it (docs/product-decisions.md, "Defaults and scheduling").
 */
export function OnboardingEmailOffer({ value, onChange }: { value: EmailOffer; onChange: (v: EmailOffer) => void }) {
  const t = useT();
  const { i18n } = useLingui();
  const set = <K extends keyof EmailOffer>(k: K) => (v: EmailOffer[K]) => onChange({ ...value, [k]: v });
  return (
    <section className="email-offer" aria-labelledby="email-offer-title">
      <h2 id="email-offer-title">
        <Trans id="onboarding.email.title" components={{ 0: <span className="optional" /> }} />
      </h2>
      <label className="switch">
        <input type="checkbox" checked={value.on} onChange={(e) => set('on')(e.target.checked)} />
        <span>
          {t('onboarding.email.toggle')}
          <span className="field-hint">{t('onboarding.email.toggleHint')}</span>
        </span>
      </label>
      {value.on && (
        <ChoiceGroup
          name="onboarding-day"
          legend={t('onboarding.email.days')}
          hint={t('onboarding.email.daysHint')}
          choices={weekdays(i18n.locale).map((d, i) => ({ value: String(i + 1), label: d }))}
          selected={value.days}
          onChange={set('days')}
          keepAtLeast={1}
        />
      )}
      <div className="field-row">
        {value.on && (
          <div className="field">
            <label htmlFor="onboarding-time">{t('onboarding.email.time')}</label>
            <input id="onboarding-time" type="time" required value={value.time} onChange={(e) => set('time')(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor="onboarding-timezone">{t('onboarding.email.timezone')}</label>
          <TimezoneSelect id="onboarding-timezone" value={value.timezone} onChange={set('timezone')} />
        </div>
      </div>
    </section>
  );
}
