import { useT } from '../../i18n/useT';
import { STEP_TITLES } from './onboardingRules';

export function OnboardingProgress({ step }: { step: number }) {
  const t = useT();
  const total = STEP_TITLES.length;
  return (
    <div className="progress">
      <p className="progress-label">{t('onboarding.progress.label', { step, total, title: t(STEP_TITLES[step - 1]) })}</p>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={t('onboarding.progress.bar')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={t('onboarding.progress.value', { step, total })}
      >
        <span style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
