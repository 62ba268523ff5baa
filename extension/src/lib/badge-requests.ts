// The badge's requests, answered by the background worker (which holds the token): a content
// script hands over the title name and year it read, and gets the fit, or nothing. Pure over the
// client, so each branch is unit-tested; the background only wires it to messages.
import type { FitResponse, WhyNotResponse } from '@app/shared';
import { ApiError, WHY_NOT_TEXTS, type ApiClient } from './shared';
import type { BadgeWords } from './badge-words';

/** What a content script may send: a name of 1-300 characters and a year of 1870-2100, nothing else. */
export interface FitAsk {
  title: string;
  year?: number;
}

/** The badge shows a fit, or nothing at all (signed out, not in the catalog, server unreachable). */
/** The fit, and the badge's words in the viewer's language (the background knows the person's choice). */
export type FitAnswer = { ok: true; fit: FitResponse; words?: BadgeWords } | { ok: false };
export type ActionAnswer = { ok: boolean; message: string };
/** "Why not recommended?": the engine's reasons, or the words to show when they could not be had. */
export type WhyNotAnswer = { ok: true; answer: WhyNotResponse } | { ok: false; message: string };

export const BADGE_TEXTS = {
  liked: 'Liked. We’ll find more like this.',
  disliked: 'Disliked. We’ll steer away from titles like this.',
  failed: 'That didn’t work. Open the toolbar button to check you are signed in.',
} as const;

/** The payload as a FitAsk, or null when it is anything else (a content script is not trusted). */
export function parseFitAsk(payload: unknown): FitAsk | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const keys = Object.keys(p);
  if (keys.some((k) => k !== 'title' && k !== 'year')) return null;
  if (typeof p.title !== 'string') return null;
  const title = p.title.trim();
  if (title.length < 1 || title.length > 300) return null;
  if (p.year === undefined) return { title };
  if (typeof p.year !== 'number' || !Number.isInteger(p.year) || p.year < 1870 || p.year > 2100) return null;
  return { title, year: p.year };
}

export function parseTitleId(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const id = (payload as Record<string, unknown>).title_id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : null;
}

export async function askFit(api: Pick<ApiClient, 'fit'> | null, ask: FitAsk): Promise<FitAnswer> {
  if (!api) return { ok: false };
  try {
    return { ok: true, fit: await api.fit.title(ask.year === undefined ? { title: ask.title } : { title: ask.title, year: ask.year }) };
  } catch (err) {
    // 404 (not in the catalog), 401 (signed out), a network failure: the badge shows nothing.
    if (!(err instanceof ApiError) || err.status !== 404) console.debug("Tonight's Pick: no fit for this page", err);
    return { ok: false };
  }
}

/** The background's own words to the badge; English here, the badge's language in the background (lib/badge-i18n.ts). */
export type AnswerTexts = { liked: string; disliked: string; failed: string; whyNotFailed: string };
const ENGLISH_ANSWERS: AnswerTexts = { liked: BADGE_TEXTS.liked, disliked: BADGE_TEXTS.disliked, failed: BADGE_TEXTS.failed, whyNotFailed: WHY_NOT_TEXTS.failed };

/** Like (true) or Dislike (false) from the badge; a second press of the other one changes the rating. */

export async function rateTitle(api: Pick<ApiClient, 'fit'> | null, titleId: string, rating: boolean, texts: AnswerTexts = ENGLISH_ANSWERS): Promise<ActionAnswer> {
  if (!api) return { ok: false, message: texts.failed };
  try {
    await api.fit.rateTitle({ title_id: titleId, rating });
    return { ok: true, message: rating ? texts.liked : texts.disliked };
  } catch {
    return { ok: false, message: texts.failed };
  }
}

export async function saveTitle(api: Pick<ApiClient, 'watchlist'> | null, titleId: string, texts: AnswerTexts = ENGLISH_ANSWERS): Promise<ActionAnswer> {
  if (!api) return { ok: false, message: texts.failed };
  try {
    return { ok: true, message: (await api.watchlist.add({ title_id: titleId })).message };
  } catch (err) {
    // 409: already watched, or the list is full; the server's words say which.
    if (err instanceof ApiError && err.status === 409) return { ok: false, message: err.detail };
    return { ok: false, message: texts.failed };
  }
}

/**
 * "Why not recommended?" for the title the fit found: its id is all that is sent (the fit already
 * told the server the title's name and year). Signed out or unreachable: the shared words for a
 * failed check; a 4xx with words of its own (a title the catalog lost since): those words.
 */
export async function askWhyNot(api: Pick<ApiClient, 'recommendations'> | null, titleId: string, texts: AnswerTexts = ENGLISH_ANSWERS): Promise<WhyNotAnswer> {
  if (!api) return { ok: false, message: texts.failed };
  try {
    return { ok: true, answer: await api.recommendations.whyNot(titleId) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { ok: false, message: texts.failed };
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.detail) return { ok: false, message: err.detail };
    return { ok: false, message: texts.whyNotFailed };
  }
}
