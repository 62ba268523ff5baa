import { useLingui } from '@lingui/react';
import { FREE_REPLACEMENTS_WEEKLY_DEFAULT, FREE_WEEKLY_LIMIT_DEFAULT, PRICING } from '@app/shared';
import { usePublicConfig } from './usePublicConfig';

/** A whole-dollar price in the page's language ("$59", "59 US$", "US$59"). */
export function formatUsd(locale: string, usd: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(usd);
}

/** The plan numbers as this server runs them (the free quota and free replacements are server settings), prices in the page's language. */
export function usePlanFacts() {
  const { data } = usePublicConfig();
  const { i18n } = useLingui();
  return {
    freeWeeklyLimit: data?.free_weekly_limit ?? FREE_WEEKLY_LIMIT_DEFAULT,
    freeReplacementsWeekly: data?.free_replacements_weekly ?? FREE_REPLACEMENTS_WEEKLY_DEFAULT,
    price: formatUsd(i18n.locale, PRICING.lifetimePriceUsd),
    originalPrice: formatUsd(i18n.locale, PRICING.lifetimeOriginalPriceUsd),
    freePrice: formatUsd(i18n.locale, 0),
    paymentsEnabled: data?.payments_enabled ?? false,
  };
}
