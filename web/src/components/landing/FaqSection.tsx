/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { MINIMUM_AGE, REFUND } from '@app/shared';
import { usePlanFacts } from '../../hooks/usePlanFacts';

export function FaqSection() {
  const plan = usePlanFacts();
  const faqs = [
    {
      q: 'How does the free plan work?',
      a: `You get ${plan.freeWeeklyLimit} new recommendations every calendar week, counted from Monday in your own timezone. Replacing a pick you have already watched or dislike is free, up to ${plan.freeReplacementsWeekly} times a week. It never expires.`,
    },
    {
      q: 'What does the lifetime plan include?',
      a: `Unlimited recommendations and calendar integration for a one-time ${plan.price} (early bird, regular ${plan.originalPrice}). No subscription.`,
    },
    { q: 'Can I get a refund?', a: `Yes: ${REFUND.days}-day money-back guarantee, refunded in ${REFUND.businessDaysMin} to ${REFUND.businessDaysMax} business days.` },
    {
      q: 'Do you know what is on my streaming services?',
      a: 'We know where titles are durably available in your country, such as a platform’s own originals; catalogs differ by country, so we ask yours. When a pick is not on your services there, the card says so and where it streams instead.',
    },
    { q: 'Movies only?', a: 'Movies and series, in over twenty languages.' },
    { q: 'Who can use it?', a: `Anyone aged ${MINIMUM_AGE} or over.` },
  ];
  return (
    <section className="section container-narrow" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">Questions</h2>
      <div className="faq">
        {faqs.map((f) => (
          <details key={f.q} className="faq-item">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
