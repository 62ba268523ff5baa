import { MINIMUM_AGE, REFUND } from '@app/shared';
import { usePlanFacts } from '../../hooks/usePlanFacts';
import { useT } from '../../i18n/useT';

/** The questions and their answers, as message keys (shared/locales/landing). */
const FAQS = [
  { q: 'landing.faq.freeQuestion', a: 'landing.faq.freeAnswer' },
  { q: 'landing.faq.lifetimeQuestion', a: 'landing.faq.lifetimeAnswer' },
  { q: 'landing.faq.refundQuestion', a: 'landing.faq.refundAnswer' },
  { q: 'landing.faq.servicesQuestion', a: 'landing.faq.servicesAnswer' },
  { q: 'landing.faq.kindsQuestion', a: 'landing.faq.kindsAnswer' },
  { q: 'landing.faq.ageQuestion', a: 'landing.faq.ageAnswer' },
] as const;

export function FaqSection() {
  const t = useT();
  const plan = usePlanFacts();
  const values = {
    limit: plan.freeWeeklyLimit,
    replacements: plan.freeReplacementsWeekly,
    price: plan.price,
    originalPrice: plan.originalPrice,
    days: REFUND.days,
    min: REFUND.businessDaysMin,
    max: REFUND.businessDaysMax,
    age: MINIMUM_AGE,
  };
  return (
    <section className="section container-narrow" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">{t('landing.faq.title')}</h2>
      <div className="faq">
        {FAQS.map((f) => (
          <details key={f.q} className="faq-item">
            <summary>{t(f.q)}</summary>
            <p>{t(f.a, values)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
