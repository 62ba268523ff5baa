import { useT } from '../../i18n/useT';

/** The three steps' titles and texts, as message keys (shared/locales/landing). */
const STEPS = [
  { title: 'landing.how.tasteTitle', text: 'landing.how.tasteText' },
  { title: 'landing.how.pickTitle', text: 'landing.how.pickText' },
  { title: 'landing.how.rateTitle', text: 'landing.how.rateText' },
] as const;

export function HowItWorks() {
  const t = useT();
  return (
    <section className="section section-alt" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">{t('landing.how.title')}</h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">{i + 1}</span>
              <h3>{t(s.title)}</h3>
              <p className="muted">{t(s.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
