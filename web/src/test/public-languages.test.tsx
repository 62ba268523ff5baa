// The public pages in the visitor's language (issue 39): the landing page, the legal pages and the
// site's header and footer read from shared/locales (areas landing, legal, site); a signed-out
// visitor changes the language in the footer; English stays word for word what the spec quotes.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ATTRIBUTION, STORAGE_KEYS } from '@app/shared';
import landingEn from '../../../shared/locales/landing/en.json';
import siteEn from '../../../shared/locales/site/en.json';
import legalEn from '../../../shared/locales/legal/en.json';
import { activateLocale } from '../i18n/i18n';
import { legalDate } from '../components/layout/LegalPage';
import { pathInLocale } from '../components/layout/SiteFooter';
import { UNSUBSCRIBE_INVALID_TEXT } from '../pages/UnsubscribePage';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, user } from './fixtures';

function server(over = {}) {
  return new FakeServer().on('GET /api/public/config', { body: config(over) }).on('GET /api/catalog/posters', { body: { posters: [] } });
}

describe('the landing page in other languages', () => {
  it('in Spanish: headline, sections, plurals, prices and grouped numbers', async () => {
    await activateLocale('es');
    renderApp('/', { server: server({ free_weekly_limit: 1, stats: { platforms: 16, titles: 12345, users: 1234 } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Una gran película o serie para esta noche, elegida para ti.' })).toBeInTheDocument();
    const pricing = within(screen.getByRole('region', { name: 'Precios sencillos' }));
    // One recommendation: Spanish's singular, not "1 recomendaciones".
    expect(await pricing.findByText('1 recomendación por semana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Consigue tu primera recomendación gratis' })).toHaveAttribute('href', '/register');
    const stats = within(screen.getByRole('list', { name: 'Este servicio en cifras' }));
    // Grouped the Spanish way (a four-digit number is not grouped in Spanish: 1234).
    expect(await stats.findByText('12.345')).toBeInTheDocument();
    expect(stats.getByText('1234')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Así suena una buena noche en casa' })).toBeInTheDocument();
    expect(screen.getByText(/pago único de 59 US\$/)).toBeInTheDocument();
  });

  it('in Arabic: the page is right to left and its headings are Arabic', async () => {
    await activateLocale('ar');
    renderApp('/', { server: server({ free_replacements_weekly: 2 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'فيلم أو مسلسل رائع لهذه الليلة، اخترناه لك.' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 2, name: 'كيف يعمل' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'أسعار بسيطة' })).toBeInTheDocument();
    // Arabic's dual: two replacements are not "2 replacements".
    expect((await screen.findAllByText(/استبدالين مجانيين/)).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('navigation', { name: 'الشؤون القانونية والتواصل' })).getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('a legal page in other languages', () => {
  it('the terms in Spanish: title, date and the plan facts', async () => {
    await activateLocale('es');
    renderApp('/terms-of-service', { server: server() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeInTheDocument();
    expect(screen.getByText('Última actualización: 1 de enero de 2026')).toBeInTheDocument();
    expect(screen.getByText(/al menos 13 años/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Responsabilidad' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'política de reembolsos' })).toHaveAttribute('href', '/refund-policy');
  });

  it('the privacy policy in Arabic, with the cookie names kept as they are', async () => {
    await activateLocale('ar');
    renderApp('/privacy-policy', { server: server() });
    expect(await screen.findByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ما نجمعه' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'حقوقك' })).toBeInTheDocument();
    expect(screen.getAllByText('tp_device')).toHaveLength(2);
  });
});

describe('the language picker of a signed-out visitor', () => {
  it('is in the footer, switches the page and is kept in this browser', async () => {
    renderApp('/', { server: server() });
    const footer = within(await screen.findByRole('contentinfo'));
    await userEvent.selectOptions(footer.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ein großartiger Film oder eine Serie für heute Abend, für dich ausgewählt.' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(footer.getByRole('link', { name: 'Datenschutzerklärung' })).toBeInTheDocument();
  });

  it('is not there when signed in: Settings keeps the language on the profile', async () => {
    renderApp('/about', { server: server(), user: user() });
    await screen.findByRole('heading', { level: 1, name: 'About and credits' });
    expect(within(screen.getByRole('contentinfo')).queryByRole('combobox')).toBeNull();
  });
});

describe('English stays word for word', () => {
  it('the quoted constants are the English messages', () => {
    expect(siteEn['site.attribution.tmdbNotice']).toBe(ATTRIBUTION.tmdbNotice);
    expect(legalEn['legal.about.whereText'].startsWith(`${ATTRIBUTION.streamingData}. `)).toBe(true);
    expect(legalEn['legal.unsubscribe.invalid']).toBe(UNSUBSCRIBE_INVALID_TEXT);
    expect(landingEn['landing.hero.title']).toBe('One great movie or series for tonight, picked for you.');
  });

  it('the legal date is British in English and the language’s own elsewhere', () => {
    expect(legalDate('en')).toBe('1 January 2026');
    expect(legalDate('de')).toBe('1. Januar 2026');
    expect(legalDate('ja')).toBe('2026年1月1日');
  });
});

describe('the footer picker on a page at its language’s own path', () => {
  it('goes to the same page in the chosen language', async () => {
    const { location } = renderApp('/ja', { server: server() });
    expect(await screen.findByRole('heading', { level: 1, name: '今夜観るのにぴったりの映画やドラマを1本、あなたのために選びます。' })).toBeInTheDocument();
    await userEvent.selectOptions(within(screen.getByRole('contentinfo')).getByRole('combobox'), 'ko');
    await waitFor(() => expect(location()).toBe('/ko'));
    expect(await screen.findByRole('heading', { level: 1, name: '오늘 밤을 위한 멋진 영화나 시리즈 한 편, 당신을 위해 골랐어요.' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('ko');
  });

  it('and to the English page at its plain path', () => {
    expect(pathInLocale('/ja/login', 'en')).toBe('/login');
    expect(pathInLocale('/ja', 'de')).toBe('/de');
    expect(pathInLocale('/ja/login', 'pt-BR')).toBe('/pt-br/login');
  });
});
