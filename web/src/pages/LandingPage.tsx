import { Link } from '../components/Link';
import { PosterCarousel } from '../components/PosterCarousel';
import { StatsStrip } from '../components/StatsStrip';
import { FeatureGrid } from '../components/FeatureGrid';
import { HowItWorks } from '../components/HowItWorks';
import { PricingSection } from '../components/PricingSection';
import { FaqSection } from '../components/FaqSection';
import { Testimonials } from '../components/Testimonials';
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
