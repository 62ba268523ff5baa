// The extension in nine languages (issue 39): the manifest's _locales, English kept word for word
// (the spec's texts and every English text the extension showed before its catalogs), and the
// badge's words as the background sends them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@app/shared/i18n';
import { describeTonight as sharedDescribeTonight, formatMinutes as sharedFormatMinutes } from '@app/shared/tonight';
import { noFreeReplacementsNote, stillFreeText } from '@app/shared/allowance';
import { togetherStatus } from '@app/shared/together';
import { pickNoticeText } from '@app/shared/pick-notice';
import { ALERT_TEXTS, ATTRIBUTION, CALENDAR_LIFETIME_TEXT, MOODS, PLAN_LIMIT_TEXTS, TOGETHER_TEXTS, WHY_NOT_TEXTS } from './shared';
import { buildManifest, localeFolder, manifestLocales } from '../manifest';
import { OFFLINE_TEXT, ONBOARDING_TEXT } from './pick-errors';
import { SAVE_TEXTS } from './save-for-later';
import { WATCHED_MODE_LABELS, WATCHED_TEXTS } from './watched';
import { BADGE_TEXTS } from './badge-requests';
import { parseServerOrigin } from './server-url';
import { badgeAnswerTexts, badgeWords } from './badge-i18n';
import { sayer } from './badge-words';
import { describeTonight, formatMinutes } from '../popup/tonight-text';

const catalog = (area: string, locale = 'en'): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../shared/locales/${area}/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const popup = catalog('extension-popup');
const options = catalog('extension-options');
const badge = catalog('extension-badge');

/** English as the popup's t() says it: the catalog's message with its plain arguments filled. */
const en = (messages: Record<string, string>) => (key: string, values: Record<string, string | number> = {}) =>
  messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe('the manifest in nine languages', () => {
  it('names its words by __MSG__ with English as the default', () => {
    const manifest = buildManifest('chrome', 'http://localhost:8080') as unknown as Record<string, unknown>;
    expect(manifest.default_locale).toBe('en');
    expect(manifest.name).toBe('__MSG_appName__');
    expect(manifest.description).toBe('__MSG_appDescription__');
    expect((manifest.action as { default_title: string }).default_title).toBe('__MSG_appName__');
  });

  it('has _locales for each of the nine languages, under the folder names Chrome and Firefox read', () => {
    const locales = manifestLocales(LOCALES);
    expect(Object.keys(locales).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi', 'ja', 'ko', 'pt_BR']);
    expect(LOCALES.map(localeFolder)).toContain('pt_BR');
    for (const [folder, messages] of Object.entries(locales)) {
      // The brand is never translated.
      expect(messages.appName.message, folder).toBe("Tonight's Pick");
      expect(messages.appDescription.message.length, folder).toBeGreaterThan(20);
    }
    expect(locales.en.appDescription.message).toBe('Your one movie or series for tonight, right in the toolbar, on any streaming site.');
    expect(locales.ja.appDescription.message).toMatch(/[\u3040-\u30ff]/);
    expect(locales.ar.appDescription.message).toMatch(/[\u0600-\u06ff]/);
    // Chrome's messages.json limits: a message name of [A-Za-z0-9_], a description of at most 132 characters.
    for (const messages of Object.values(locales)) {
      for (const name of Object.keys(messages)) expect(name).toMatch(/^\w+$/);
      expect(messages.appDescription.message.length).toBeLessThanOrEqual(132);
    }
  });
});

describe('English stays as it was', () => {
  it('holds the specification\'s texts word for word', () => {
    expect(popup['extension-popup.limit.title']).toBe(PLAN_LIMIT_TEXTS.title);
    expect(popup['extension-popup.limit.limitReached']).toBe(PLAN_LIMIT_TEXTS.limitReached);
    expect(popup['extension-popup.limit.expired']).toBe(PLAN_LIMIT_TEXTS.expired);
    expect(popup['extension-popup.alert.selectDate']).toBe(ALERT_TEXTS.selectDate);
    expect(popup['extension-popup.alert.downloadCalendar']).toBe(ALERT_TEXTS.downloadCalendar);
    expect(popup['extension-popup.alert.addToCalendar']).toBe(ALERT_TEXTS.addToCalendar);
    expect(popup['extension-popup.alert.newRecommendation']).toBe(ALERT_TEXTS.newRecommendation);
    expect(popup['extension-popup.alert.saveRating']).toBe(ALERT_TEXTS.saveRating);
    expect(popup['extension-popup.together.pickFailed']).toBe(TOGETHER_TEXTS.pickFailed);
    expect(popup['extension-popup.together.rateFailed']).toBe(TOGETHER_TEXTS.rateFailed);
  });

  it('holds the extension\'s and the shared texts the popup, the options page and the badge showed', () => {
    expect(popup['extension-popup.problem.offline']).toBe(OFFLINE_TEXT);
    expect(popup['extension-popup.problem.onboarding']).toBe(ONBOARDING_TEXT);
    expect(popup['extension-popup.save.save']).toBe(SAVE_TEXTS.save);
    expect(popup['extension-popup.save.saved']).toBe(SAVE_TEXTS.saved);
    expect(popup['extension-popup.save.remove']).toBe(SAVE_TEXTS.remove);
    expect(popup['extension-popup.save.failed']).toBe(SAVE_TEXTS.failed);
    expect(popup['extension-popup.schedule.lifetimeFeature']).toBe(CALENDAR_LIFETIME_TEXT);
    expect(popup['extension-popup.card.streamingData']).toBe(ATTRIBUTION.streamingData);
    for (const m of MOODS) expect(popup[`extension-popup.mood.${m.value}`]).toBe(m.label);
    for (const [mode, label] of Object.entries(WATCHED_MODE_LABELS)) expect(options[`extension-options.watched.mode.${mode}`]).toBe(label);
    expect(badge['extension-badge.watched.action']).toBe(WATCHED_TEXTS.action);
    expect(badge['extension-badge.watched.done']).toBe(WATCHED_TEXTS.done);
    expect(badge['extension-badge.watched.ask']).toBe(WATCHED_TEXTS.ask);
    expect(badge['extension-badge.watched.confirm']).toBe(WATCHED_TEXTS.confirm);
    expect(badge['extension-badge.whyNot.action']).toBe(WHY_NOT_TEXTS.action);
    expect(badge['extension-badge.whyNot.loading']).toBe(WHY_NOT_TEXTS.loading);
    expect(badge['extension-badge.whyNot.failed']).toBe(WHY_NOT_TEXTS.failed);
    expect(badgeAnswerTexts('en')).toEqual({ liked: BADGE_TEXTS.liked, disliked: BADGE_TEXTS.disliked, failed: BADGE_TEXTS.failed, whyNotFailed: WHY_NOT_TEXTS.failed });
    for (const input of ['', 'not a url', 'ftp://x.example', 'https://u:p@x.example', 'https://x.example/path']) {
      const check = parseServerOrigin(input);
      if (check.ok) throw new Error(`${input} passed`);
      expect(options[`extension-options.server.invalid.${check.reason}`]).toBe(check.error);
    }
  });

  it('says tonight\'s constraints, the allowance, a pick for two and the notices as the shared functions do', () => {
    const t = en(popup);
    for (const m of [0, 30, 45, 60, 90, 100, 125, 180]) expect(formatMinutes(t, m)).toBe(sharedFormatMinutes(m));
    for (const tonight of [
      { max_minutes: null, kind: null, finish_tonight: false, exploration: null },
      { max_minutes: 100, kind: 'movie', finish_tonight: false, exploration: 1 },
      { max_minutes: 45, kind: 'series', finish_tonight: true, exploration: 0 },
      { max_minutes: 90, kind: null, finish_tonight: true, exploration: 0.25 },
      { max_minutes: null, kind: 'series', finish_tonight: false, exploration: 0.8 },
    ] as const) {
      expect(describeTonight(t, tonight)).toBe(sharedDescribeTonight(tonight));
    }
    // The plural message's English, as Lingui says it, is the shared text.
    const plural = (n: number) => popup['extension-popup.limit.stillFree'].replace(/\{count, plural, one \{# ([^}]+)\} other \{# ([^}]+)\}\}/, (_, one: string, other: string) => `${n} ${n === 1 ? one : other}`);
    expect(plural(1)).toBe(stillFreeText(1));
    expect(plural(3)).toBe(stillFreeText(3));
    expect(popup['extension-popup.actions.noFreeReplacements']).toBe(noFreeReplacementsNote({ kind: 'counts', picksLeft: 2 }));
    expect(popup['extension-popup.actions.noFreeReplacementsOrPicks']).toBe(noFreeReplacementsNote({ kind: 'counts', picksLeft: 0 }));
    const pick = { asked_by: 'Ben', asked_by_you: false, partner_rating: null };
    expect(`${t('extension-popup.together.partnerAsked', { name: 'Ben' })} ${t('extension-popup.together.notRatedYet', { partner: 'Ben' })}`).toBe(togetherStatus(pick, 'Ben'));
    expect(`${t('extension-popup.together.youAsked')} ${t('extension-popup.together.partnerDisliked', { partner: 'Ana' })}`).toBe(togetherStatus({ ...pick, asked_by_you: true, partner_rating: false }, 'Ana'));
    expect(t('extension-popup.notice.lowFit')).toBe(pickNoticeText({ code: 'low_fit', mood: null, nearest_mood: null }));
    expect(`${t('extension-popup.notice.moodUnmet', { mood: 'Feel-good', moodId: 'feel-good' })} ${t('extension-popup.notice.nearest', { mood: 'Dark' })}`).toBe(
      pickNoticeText({ code: 'mood_unmet', mood: 'feel-good', nearest_mood: 'dark' }),
    );
    expect(t('extension-popup.notice.thatMoodUnmet')).toBe(pickNoticeText({ code: 'mood_unmet', mood: null, nearest_mood: null }));
  });
});

describe('the badge\'s words', () => {
  it('come from the background in the viewer\'s language, their arguments filled', () => {
    const say = sayer(badgeWords('ja'));
    expect(say('extension-badge.save')).toBe('あとで見る');
    expect(say('extension-badge.whyNot.heading', { title: 'Arrival' })).toBe('Arrivalがおすすめにならない理由');
    expect(sayer(badgeWords('de'))('extension-badge.label.strong')).toBe('Passt sehr gut zu dir');
    expect(badgeAnswerTexts('fr').liked).toBe('Vous aimez. Nous trouverons d’autres titres du même genre.');
    // Without words from the background: English, the content script's own.
    expect(sayer(undefined)('extension-badge.whyNot.heading', { title: 'Arrival' })).toBe('Why Arrival is not your pick');
  });

  it('have no plurals in any language: the content script fills arguments without a library', () => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(badgeWords(locale).messages)) {
        const parts = typeof message === 'string' ? [message] : message;
        for (const part of parts) expect(typeof part === 'string' || (Array.isArray(part) && part.length === 1), `${locale} ${key}`).toBe(true);
      }
    }
  });
});
