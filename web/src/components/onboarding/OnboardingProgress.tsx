/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { STEP_TITLES } from './onboardingRules';

export function OnboardingProgress({ step }: { step: number }) {
  const total = STEP_TITLES.length;
  return (
    <div className="progress">
      <p className="progress-label">
        Step {step} of {total}: {STEP_TITLES[step - 1]}
      </p>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}`}
      >
        <span style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
