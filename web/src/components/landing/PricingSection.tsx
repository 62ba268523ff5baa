/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../common/Link';
import { REFUND } from '@app/shared';
import { usePlanFacts } from '../../hooks/usePlanFacts';
import { PriceTag } from '../common/PriceTag';

export function PricingSection() {
  const plan = usePlanFacts();
  return (
    <section className="section container" aria-labelledby="pricing-title" id="pricing">
      <h2 id="pricing-title" className="section-title">Simple pricing</h2>
      <div className="pricing-grid">
        <article className="card plan">
          <h3>Free</h3>
          <div className="price-tag">
            <span className="price-now">$0</span> <span className="price-note">forever</span>
          </div>
          <ul className="plan-list">
            <li>{plan.freeWeeklyLimit} recommendations per week</li>
            <li>Up to {plan.freeReplacementsWeekly} free replacements a week for picks you have seen or dislike</li>
            <li>Like, dislike, mood and history</li>
            <li>Download picks as calendar files</li>
          </ul>
          <Link to="/register" className="btn btn-secondary btn-block">Start free</Link>
        </article>
        <article className="card plan plan-featured">
          <h3>Lifetime</h3>
          <PriceTag />
          <ul className="plan-list">
            <li>Unlimited recommendations</li>
            <li>Calendar integration</li>
            <li>Pay once, no subscription</li>
            <li>{REFUND.days}-day money-back guarantee</li>
          </ul>
          <Link to="/register" className="btn btn-primary btn-block">Get lifetime access</Link>
        </article>
      </div>
    </section>
  );
}
