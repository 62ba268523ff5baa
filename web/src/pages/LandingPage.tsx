import { Link } from '../components/common/Link';
import { PosterCarousel } from '../components/landing/PosterCarousel';
import { StatsStrip } from '../components/landing/StatsStrip';
import { FeatureGrid } from '../components/landing/FeatureGrid';
import { HowItWorks } from '../components/landing/HowItWorks';
import { PricingSection } from '../components/landing/PricingSection';
import { FaqSection } from '../components/landing/FaqSection';
import { Testimonials } from '../components/landing/Testimonials';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';
import '../styles/landing.css';

export function LandingPage() {
  const t = useT();
  usePageTitle('');
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 className="hero-title">{t('landing.hero.title')}</h1>
          <p className="hero-lead">{t('landing.hero.lead')}</p>
          <div className="hero-actions">
            <Link to="/register" className="btn btn-primary btn-large">{t('landing.hero.start')}</Link>
            <Link to="/login" className="btn btn-ghost btn-large">{t('landing.hero.signIn')}</Link>
          </div>
          <StatsStrip />
        </div>
        <PosterCarousel />
      </section>
      <FeatureGrid />
      <HowItWorks />
      <PricingSection />
      <Testimonials />
      <FaqSection />
      <section className="section container cta-final">
        <h2>{t('landing.cta.title')}</h2>
        <Link to="/register" className="btn btn-primary btn-large">{t('landing.cta.register')}</Link>
      </section>
    </>
  );
}
