import { useT } from '../../i18n/useT';

/** Each feature's title and text, as message keys (shared/locales/landing). */
const FEATURES = [
  { title: 'landing.features.onePickTitle', text: 'landing.features.onePickText' },
  { title: 'landing.features.servicesTitle', text: 'landing.features.servicesText' },
  { title: 'landing.features.moodTitle', text: 'landing.features.moodText' },
  { title: 'landing.features.learnsTitle', text: 'landing.features.learnsText' },
  { title: 'landing.features.calendarTitle', text: 'landing.features.calendarText' },
  { title: 'landing.features.extensionTitle', text: 'landing.features.extensionText' },
] as const;

export function FeatureGrid() {
  const t = useT();
  return (
    <section className="section container" aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">{t('landing.features.title')}</h2>
      <ul className="feature-grid">
        {FEATURES.map((f) => (
          <li key={f.title} className="card feature">
            <h3>{t(f.title)}</h3>
            <p className="muted">{t(f.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
