// Tonight's pick and what the popup can do with it. Loads the current pick and the active site
// together; on a streaming site it asks once for a pick available there. The week's counters
// (GET /api/subscription/status) follow every change of the pick, so the buttons can say what a
// replacement costs before the click (docs/product-decisions.md).
import { useCallback, useEffect, useState } from 'react';
import type { MoodValue, Recommendation, SubscriptionStatus, TonightConstraints } from '@app/shared';
import { ApiError, type ApiClient } from '../lib/shared';
import { isLocale } from '@app/shared/i18n';
import { activateLocale, i18n, viewerLocale } from '../lib/i18n';
import { problemTexts } from './problem-texts';
import { wantsPlatformPick, type PlatformSite } from '../lib/detect';
import { describeProblem, type PickProblem } from '../lib/pick-errors';
import { toggleSaved } from '../lib/save-for-later';
import { detectActiveSite } from './active-site';
import { popupStorage } from './usePopupSession';

export interface PickState {
  loading: boolean;
  busy: boolean;
  pick: Recommendation | null;
  site: PlatformSite | null;
  /** A problem that replaces the card (no pick to show), or null. */
  problem: PickProblem | null;
  /** The plan limit was hit: the upgrade message shows above the card. */
  limit: { title: string; message: string } | null;
  /** A one-line message under the card (a failed action, a platform with nothing left). */
  notice: string | null;
  /** The plan and this week's counters; null until read (or when they cannot be). */
  status: SubscriptionStatus | null;
  /** Tonight's remembered constraints; null until read (or when they cannot be). */
  tonight: TonightConstraints | null;
}

/** What the next pick may change of tonight's constraints from the popup. */
export type NextTonight = Partial<Pick<TonightConstraints, 'max_minutes' | 'kind'>>;

const initial: PickState = { loading: true, busy: false, pick: null, site: null, problem: null, limit: null, notice: null, status: null, tonight: null };

export function usePick(api: ApiClient) {
  const [state, setState] = useState<PickState>(initial);
  const patch = (p: Partial<PickState>) => setState((s) => ({ ...s, ...p }));
  const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

  /** A failed action: the card stays; the limit, sign-out or a notice shows. */
  const failed = useCallback((err: unknown, fallback: string) => {
    const p = describeProblem(err, fallback, online(), problemTexts());
    if (p.kind === 'signed-out') return; // the session hook switches to Sign in
    if (p.kind === 'limit') patch({ busy: false, limit: { title: p.title, message: p.message } });
    else patch({ busy: false, notice: p.message });
  }, []);

  /** Read after the pick changed or an action was refused: GET /current may itself issue a counted pick. */
  const refreshStatus = useCallback(() => {
    api.subscription.status().then(
      (status) => patch({ status }),
      () => undefined, // the buttons just say nothing about the cost
    );
  }, [api]);

  /**
   * The remembered constraints, for the line above the actions (the popup works without them), and
   * the person's language: kept for the next popup, and shown now when it differs.
   */
  const readTonight = useCallback(() => {
    api.settings.profile().then(
      (user) => {
        patch({ tonight: user.tonight });
        // No choice yet (an account from before languages): the browser's, as signed out.
        const chosen = isLocale(user.ui_language) ? user.ui_language : null;
        void popupStorage.set('locale', chosen);
        void activateLocale(viewerLocale(chosen !== null, chosen));
      },
      () => undefined,
    );
  }, [api]);

  const load = useCallback(async () => {
    setState(initial);
    readTonight();
    const [current, site] = await Promise.all([
      api.recommendations.current().then((pick) => ({ pick }), (error: unknown) => ({ error })),
      detectActiveSite(api).catch(() => null),
    ]);
    if ('error' in current) {
      const p = describeProblem(current.error, i18n._('extension-popup.alert.newRecommendation'), online(), problemTexts());
      if (p.kind === 'limit') {
        setState({ ...initial, loading: false, site, limit: { title: p.title, message: p.message } });
        return refreshStatus();
      }
      return setState({ ...initial, loading: false, site, problem: p.kind === 'signed-out' ? null : p });
    }
    let pick = current.pick;
    let notice: string | null = null;
    let limit: PickState['limit'] = null;
    const asked = await popupStorage.get('platformAsk');
    if (wantsPlatformPick(pick.platform, site, asked?.recommendationId === pick.id ? asked.platform : null) && site) {
      await popupStorage.set('platformAsk', { recommendationId: pick.id, platform: site.name });
      try {
        pick = await api.recommendations.next({ previous: 'skip', platform: site.name });
        await popupStorage.set('platformAsk', { recommendationId: pick.id, platform: site.name });
      } catch (err) {
        const p = describeProblem(err, i18n._('extension-popup.alert.newRecommendation'), online(), problemTexts());
        if (p.kind === 'limit') limit = { title: p.title, message: p.message };
        else if (p.kind !== 'signed-out') notice = `${i18n._('extension-popup.site.noPickThere', { site: site.name })} ${p.message}`;
      }
    }
    setState((s) => ({ ...initial, loading: false, pick, site, notice, limit, tonight: s.tonight }));
    refreshStatus();
  }, [api, refreshStatus, readTonight]);

  useEffect(() => {
    void load();
  }, [load]);

  const rate = useCallback(
    async (liked: boolean) => {
      const pick = state.pick;
      if (!pick || pick.is_rated) return;
      patch({ busy: true, notice: null });
      try {
        const r = await api.recommendations.rate({ movie_title: pick.movie_title, rating: liked, genre: pick.genre, year: pick.year, recommendation_id: pick.id });
        patch({ busy: false, pick: r.recommendation });
      } catch (err) {
        failed(err, i18n._('extension-popup.alert.saveRating'));
      }
    },
    [api, state.pick, failed],
  );

  const next = useCallback(
    async (opts: { previous: 'watched' | 'skip'; mood?: MoodValue } & NextTonight) => {
      patch({ busy: true, notice: null });
      try {
        let pick: Recommendation;
        try {
          pick = await api.recommendations.next({ ...opts, ...(state.site ? { platform: state.site.name } : {}) });
        } catch (err) {
          // Nothing left on this site's platform (409): any platform is better than no pick.
          if (!(state.site && err instanceof ApiError && err.status === 409)) throw err;
          pick = await api.recommendations.next(opts);
        }
        // The server now remembers what was sent.
        const sent: NextTonight = {};
        if (opts.max_minutes !== undefined) sent.max_minutes = opts.max_minutes;
        if (opts.kind !== undefined) sent.kind = opts.kind;
        setState((s) => ({ ...s, busy: false, pick, limit: null, problem: null, tonight: s.tonight && { ...s.tonight, ...sent } }));
      } catch (err) {
        failed(err, i18n._('extension-popup.alert.newRecommendation'));
      }
      refreshStatus();
    },
    [api, state.site, failed, refreshStatus],
  );

  /** "Save for later" on the card: saves the title to the watchlist, or removes it when saved. */
  const toggleSave = useCallback(async () => {
    const pick = state.pick;
    if (!pick) return;
    patch({ busy: true, notice: null });
    try {
      const r = await toggleSaved(api, pick);
      patch({ busy: false, pick: r.pick, notice: r.message });
    } catch (err) {
      failed(err, i18n._('extension-popup.save.failed'));
    }
  }, [api, state.pick, failed]);

  return { state, reload: load, rate, next, toggleSave, setNotice: (notice: string | null) => patch({ notice }) };
}
