/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { PosterCarousel } from '../components/landing/PosterCarousel';
import { StatsStrip } from '../components/landing/StatsStrip';
import { FeatureGrid } from '../components/landing/FeatureGrid';
import { HowItWorks } from '../components/landing/HowItWorks';
import { PricingSection } from '../components/landing/PricingSection';
import { FaqSection } from '../components/landing/FaqSection';
import { Testimonials } from '../components/landing/Testimonials';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/landing.css';

export function LandingPage() {
  usePageTitle('');
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Stop scrolling. Start watching.</p>
          <h1 className="hero-title">One great movie or series for tonight, picked for you.</h1>
          <p className="hero-lead">
            Tonight&rsquo;s Pick learns your taste and gives you a single recommendation on the streaming services you already
            have, with the reason it fits.
          </p>
          <div className="hero-actions">
            <Link to="/register" className="btn btn-primary btn-large">Get my first pick free</Link>
            <Link to="/login" className="btn btn-ghost btn-large">Sign in</Link>
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
        <h2>Ready for tonight?</h2>
        <Link to="/register" className="btn btn-primary btn-large">Create a free account</Link>
      </section>
    </>
  );
}
