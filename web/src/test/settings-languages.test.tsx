// Settings, the watchlist, imports and connected apps in other languages (issue 39): the words come
// from shared/locales (settings, watchlist, imports, connections, household), weekdays and dates
// from Intl in the language shown, counts as ICU plurals; the English catalogs keep the texts the
// specification quotes word for word.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ALERT_TEXTS, PASSWORD_RULES, SERVER_TEXTS, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';
import { FakeLibrary, watchlistItem } from './fakeLibrary';
import { activateLocale, i18n } from '../i18n/i18n';
import type { MessageValues } from '../i18n/useT';
import settingsEn from '../../../shared/locales/settings/en.json';
import importsEn from '../../../shared/locales/imports/en.json';
import { CALENDAR_CONNECTED_TEXT, CALENDAR_DENIED_TEXT, CALENDAR_RECONNECT_TEXT } from '../components/settings/CalendarSection';
import { PASSWORD_TEXTS } from '../components/settings/ChangePasswordForm';
import { PAYMENTS_OFF_TEXT } from '../components/settings/PaymentsOffNote';
import { planDate, weekUseText } from '../components/settings/SubscriptionSection';
import { weekdayNames } from '../components/settings/weekdays';
import { countsText } from '../components/imports/importFile';
import { PAYMENT_CONFIRMING_TEXT, PAYMENT_PENDING_TEXT, PAYMENT_SUCCESS_TEXT, PAYMENT_UNKNOWN_TEXT } from '../hooks/usePaymentReturn';

function server(u: User) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/integrations', { body: { integrations: [] } })
    .on('GET /api/account/sessions', { body: { sessions: [] } });
}

const t = (key: string, values?: MessageValues) => i18n._(key, values);

describe('Settings in other languages', () => {
  it('speaks German: section headings, the weekdays of the profile, the plan', async () => {
    const u = user({ ui_language: 'de', selected_days: [1, 5] });
    renderApp('/app/settings', { server: server(u), user: u });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    for (const name of ['Abo', 'Kalenderintegration', 'Nie anzeigen', 'Haushalt', 'Anmeldung und Sicherheit', 'Geräte', 'Meine Daten exportieren', 'Mein Konto löschen']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const profile = within(await screen.findByRole('region', { name: 'Profil' }));
    const days = within(profile.getByRole('group', { name: 'Tage für deine Empfehlung' }));
    expect(days.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent?.trim())).toEqual([
      'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag',
    ]);
    expect(days.getByRole('checkbox', { name: 'Freitag' })).toBeChecked();
    expect(profile.getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Monday' })).toBeNull();
    const plan = within(screen.getByRole('region', { name: 'Abo' }));
    expect(await plan.findByText('Kostenloser Tarif')).toBeInTheDocument();
    const never = within(screen.getByRole('region', { name: 'Nie anzeigen' }));
    expect(never.getByRole('checkbox', { name: 'Krimi' })).toBeInTheDocument();
    expect(never.getByRole('combobox', { name: 'Höchste Altersfreigabe' })).toHaveDisplayValue('Keine Grenze');
  });

  it('speaks Korean: section headings and weekday names', async () => {
    const u = user({ ui_language: 'ko' });
    renderApp('/app/settings', { server: server(u), user: u });
    expect(await screen.findByRole('heading', { level: 1, name: '설정' })).toBeInTheDocument();
    for (const name of ['구독', '보지 않을 작품', '가족', '로그인 및 보안', '기기', '내 데이터 내보내기']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const profile = within(await screen.findByRole('region', { name: '프로필' }));
    for (const day of ['월요일', '화요일', '수요일', '목요일', '금요일', '토요일', '일요일']) {
      expect(profile.getByRole('checkbox', { name: day })).toBeInTheDocument();
    }
    expect(screen.getByRole('navigation', { name: '설정 항목' })).toHaveTextContent('연결된 앱');
  });
});

describe('the watchlist in other languages', () => {
  it('speaks Spanish, with the count as a plural and the remove buttons named', async () => {
    const server = new FakeServer().on('GET /api/subscription/status', { body: subscription() });
    new FakeLibrary(server, {
      watchlist: [
        watchlistItem({ title_id: 'w1', movie_title: 'Past Lives', on_your_services: true }),
        watchlistItem({ title_id: 'w2', movie_title: 'Arrival', on_your_services: false }),
      ],
    });
    const u = user({ ui_language: 'es' });
    renderApp('/app/watchlist', { server, user: u });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lista para ver' })).toBeInTheDocument();
    expect(await screen.findByText(/^2 guardados · 1 en tus servicios\./)).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Títulos guardados' }));
    const pastLives = within(list.getByRole('listitem', { name: 'Past Lives' }));
    expect(pastLives.getByText('En tus servicios')).toBeInTheDocument();
    expect(pastLives.getByRole('button', { name: 'Quitar Past Lives' })).toHaveTextContent('Quitar');
  });
});

describe('the words of Settings, in the language shown', () => {
  it('names the weekdays from Intl, Monday first', () => {
    expect(weekdayNames('en')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekdayNames('es')[0]).toBe('Lunes');
    expect(weekdayNames('ja')[6]).toBe('日曜日');
    expect(weekdayNames('ar')[4]).toBe('الجمعة');
  });

  it("says a plan's week and dates in Spanish and Japanese", async () => {
    const s = { ...subscription(), recommendations_used: 1, recommendations_limit: 3, free_replacements_left: 1 };
    await activateLocale('es');
    expect(weekUseText(s, t)).toBe('1 de 3 recomendaciones usadas · te queda 1 cambio gratis');
    expect(planDate('2026-11-30T12:00:00Z', 'UTC', 'es')).toBe('lunes, 30 de noviembre');
    await activateLocale('ja');
    expect(weekUseText({ ...s, free_replacements_left: 0 }, t)).toBe('おすすめ3件中1件を利用 · 無料の引き直しは残っていません');
    await activateLocale('en');
    expect(weekUseText(s, t)).toBe('1 of 3 picks used · 1 free replacement left');
    expect(planDate('2026-11-30T12:00:00Z', 'UTC')).toBe('Monday, 30 November');
  });

  it("counts an import with each language's plurals and list words", async () => {
    const counts = { likes: 2, dislikes: 1, watched: 5, watchlist: 0, already_in_history: 0 };
    expect(countsText(counts, t, 'en')).toBe('2 likes, 1 dislike and 5 watched');
    await activateLocale('de');
    expect(countsText(counts, t, 'de')).toBe('2 „Gefällt mir“, 1 „Gefällt mir nicht“ und 5 gesehen');
    await activateLocale('ar');
    expect(countsText({ ...counts, likes: 0, dislikes: 0, watched: 2 }, t, 'ar')).toBe('عنوانان مشاهَدان');
    expect(t('imports.flow.import', { count: 3 })).toBe('استيراد 3 عناوين');
    await activateLocale('fr');
    expect(t('imports.flow.import', { count: 1 })).toBe('Importer 1 titre');
    expect(t('imports.flow.import', { count: 12 })).toBe('Importer 12 titres');
  });
});

describe('the English catalogs keep the texts the specification quotes', () => {
  it('holds ALERT_TEXTS, SERVER_TEXTS and the quoted constants word for word', () => {
    const en = settingsEn as Record<string, string>;
    expect(en['settings.calendar.incomplete']).toBe(ALERT_TEXTS.calendarIncomplete);
    expect(en['settings.calendar.disconnectFailed']).toBe(ALERT_TEXTS.disconnectCalendar);
    expect(en['settings.common.updateFailed']).toBe(ALERT_TEXTS.updateProfile);
    expect(en['settings.payment.cancelled']).toBe(ALERT_TEXTS.paymentCancelled);
    expect(en['settings.checkout.failed']).toBe(ALERT_TEXTS.initiatePayment);
    expect(en['settings.checkout.linkFailed'].replace('{detail}', 'card declined')).toBe(ALERT_TEXTS.createPaymentLink('card declined'));
    expect(en['settings.payments.off']).toBe(SERVER_TEXTS.paymentsOff);
    expect(en['settings.payments.off']).toBe(PAYMENTS_OFF_TEXT);
    expect(en['settings.calendar.connected']).toBe(CALENDAR_CONNECTED_TEXT);
    expect(en['settings.calendar.denied']).toBe(CALENDAR_DENIED_TEXT);
    expect(en['settings.calendar.reconnectNeeded']).toBe(CALENDAR_RECONNECT_TEXT);
    expect(en['settings.password.noPassword']).toBe(PASSWORD_TEXTS.noPassword);
    expect(en['settings.password.failed']).toBe(PASSWORD_TEXTS.failed);
    expect(en['settings.password.hint']).toBe(`${PASSWORD_RULES.hint}. Every other device will be signed out.`);
    expect(en['settings.payment.success']).toBe(PAYMENT_SUCCESS_TEXT);
    expect(en['settings.payment.confirming']).toBe(PAYMENT_CONFIRMING_TEXT);
    expect(en['settings.payment.pending']).toBe(PAYMENT_PENDING_TEXT);
    expect(en['settings.payment.unknown']).toBe(PAYMENT_UNKNOWN_TEXT);
    expect((importsEn as Record<string, string>)['imports.file.tooLarge']).toBe('The file is larger than 10 MB');
  });

  it('shows them in English as before', async () => {
    await activateLocale('en');
    expect(t('settings.checkout.linkFailed', { detail: 'card declined' })).toBe(ALERT_TEXTS.createPaymentLink('card declined'));
    expect(t('settings.plan.weekNoFree', { used: 1, limit: 3 })).toBe('1 of 3 picks used · no free replacements left');
  });
});
