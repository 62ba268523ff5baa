import { FREE_REPLACEMENTS_WEEKLY_DEFAULT, FREE_WEEKLY_LIMIT_DEFAULT, PRICING } from '@app/shared';
import { usePublicConfig } from './usePublicConfig';

/** The plan numbers as this server runs them (the free quota and free replacements are server settings). */
export function usePlanFacts() {
  const { data } = usePublicConfig();
  return {
    freeWeeklyLimit: data?.free_weekly_limit ?? FREE_WEEKLY_LIMIT_DEFAULT,
    freeReplacementsWeekly: data?.free_replacements_weekly ?? FREE_REPLACEMENTS_WEEKLY_DEFAULT,
    price: `$${PRICING.lifetimePriceUsd}`,
    originalPrice: `$${PRICING.lifetimeOriginalPriceUsd}`,
    paymentsEnabled: data?.payments_enabled ?? false,
  };
}
