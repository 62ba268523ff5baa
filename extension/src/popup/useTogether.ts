// A pick for two in the popup (docs/product-decisions.md, "A pick for two"): the household is read
// once the popup opens, beside the pick and without holding it up; a member asks for a pick for
// both and rates it for themselves, as on the dashboard. Nothing shows for a user without one.
import { useCallback, useEffect, useState } from 'react';
import type { HouseholdState } from '@app/shared';
import type { ApiClient } from '../lib/shared';
import { i18n } from '../lib/i18n';
import { problemTexts } from './problem-texts';
import { describeProblem } from '../lib/pick-errors';

export interface TogetherState {
  /** The household and its newest together pick; null until read, or for a user without one. */
  data: HouseholdState | null;
  busy: 'pick' | 'rate' | null;
  /** The words of a refused or failed action. */
  notice: string | null;
}

export function useTogether(api: ApiClient) {
  const [state, setState] = useState<TogetherState>({ data: null, busy: null, notice: null });

  useEffect(() => {
    let live = true;
    api.household.get().then(
      (data) => live && setState((s) => ({ ...s, data: data.household ? data : null })),
      () => undefined, // the popup works without it: no "For both of us"
    );
    return () => {
      live = false;
    };
  }, [api]);

  const run = useCallback(
    async (busy: 'pick' | 'rate', action: () => Promise<HouseholdState['pick']>, fallback: string) => {
      setState((s) => ({ ...s, busy, notice: null }));
      try {
        const pick = await action();
        setState((s) => ({ ...s, busy: null, data: s.data && { ...s.data, pick } }));
      } catch (err) {
        // The plan's limit, a 409 with nothing left for both, offline: the same words as the pick's.
        const p = describeProblem(err, fallback, typeof navigator === 'undefined' || navigator.onLine, problemTexts());
        setState((s) => ({ ...s, busy: null, notice: 'message' in p ? p.message : fallback }));
      }
    },
    [],
  );

  const ask = useCallback(() => run('pick', () => api.household.pick(), i18n._('extension-popup.together.pickFailed')), [api, run]);
  const rate = useCallback(
    (id: string, liked: boolean) => run('rate', () => api.household.rate(id, { rating: liked }), i18n._('extension-popup.together.rateFailed')),
    [api, run],
  );
  return { state, ask, rate };
}
