// The language a person chooses (issue 39): Settings saves it on the profile and shows the app in
// it at once, with <html lang dir> set; a profile that has one brings it to a new browser.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function server(u: User) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('PUT /api/settings/profile', (req) => ({ body: { ...u, ...(req.body as object) } }))
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

describe('the language', () => {
  it('is chosen in Settings: saved on the profile, kept in this browser, and shown at once', async () => {
    const s = server(user());
    renderApp('/app/settings', { server: s, user: user() });
    const section = within(await screen.findByRole('region', { name: 'Language' }));
    const select = section.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Português (Brasil)', 'हिन्दी', '日本語', '한국어', 'العربية']);
    await userEvent.selectOptions(select, 'ar');
    expect(await screen.findByRole('region', { name: 'اللغة' })).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ ui_language: 'ar' });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('ar');
    expect(await screen.findByText('تم حفظ اللغة.')).toBeInTheDocument();
  });

  it('comes with the profile to a browser that has none stored', async () => {
    const u = user({ ui_language: 'de' });
    renderApp('/app/settings', { server: server(u), user: u });
    expect(await screen.findByRole('region', { name: 'Sprache' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('is the page path language at /es and /es/login, kept for the pages that follow', async () => {
    renderApp('/pt-br/login', { server: new FakeServer() });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.documentElement.lang).toBe('pt-BR'));
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('pt-BR');
    expect(document.cookie).toContain('ui_language=pt-BR');
  });

  it('shows a translated title with its original name beside it, and only then', async () => {
    const u = user({ ui_language: 'es' });
    const rec = recommendation({ movie_title: 'Parásitos', original_title: '기생충' });
    const s = new FakeServer()
      .on('GET /api/settings/profile', { body: u })
      .on('GET /api/recommendations/current', { body: rec })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', { body: subscription() });
    renderApp('/app/dashboard', { server: s, user: u });
    const card = within(await screen.findByRole('article', { name: 'Parásitos' }));
    expect(await card.findByText('Título original: \u2068기생충\u2069')).toBeInTheDocument();
  });
});
