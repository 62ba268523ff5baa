/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { ChoiceGroup } from '../common/ChoiceGroup';
import { TimezoneSelect } from '../common/TimezoneSelect';
import { DAYS } from '../settings/ProfileSection';
import '../../styles/forms.css';

export interface EmailOffer {
  on: boolean;
  days: string[];
  time: string;
  timezone: string;
}

/**
 * The end of onboarding: the user's timezone (the browser's, editable) and the scheduled email,
 * off until the user asks for it (docs/product-decisions.md, "Defaults and scheduling").
 */
export function OnboardingEmailOffer({ value, onChange }: { value: EmailOffer; onChange: (v: EmailOffer) => void }) {
  const set = <K extends keyof EmailOffer>(k: K) => (v: EmailOffer[K]) => onChange({ ...value, [k]: v });
  return (
    <section className="email-offer" aria-labelledby="email-offer-title">
      <h2 id="email-offer-title">Email me a pick <span className="optional">(optional)</span></h2>
      <label className="switch">
        <input type="checkbox" checked={value.on} onChange={(e) => set('on')(e.target.checked)} />
        <span>
          Email me a pick on the days I choose
          <span className="field-hint">Off until you turn it on. You can change it any time in Settings.</span>
        </span>
      </label>
      {value.on && (
        <ChoiceGroup
          name="onboarding-day"
          legend="Days"
          hint="At least one day stays selected."
          choices={DAYS.map((d, i) => ({ value: String(i + 1), label: d }))}
          selected={value.days}
          onChange={set('days')}
          keepAtLeast={1}
        />
      )}
      <div className="field-row">
        {value.on && (
          <div className="field">
            <label htmlFor="onboarding-time">Time</label>
            <input id="onboarding-time" type="time" required value={value.time} onChange={(e) => set('time')(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor="onboarding-timezone">Your timezone</label>
          <TimezoneSelect id="onboarding-timezone" value={value.timezone} onChange={set('timezone')} />
        </div>
      </div>
    </section>
  );
}
