// Settings > Never show me (issue 19): genres as chips from the catalog's list, keywords and people
// as free-text chips, the maximum age rating; one Save sends them all.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';

function server(u: User) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('PUT /api/settings/profile', (req) => ({ body: { ...u, ...(req.body as object) } }))
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English', 'Korean'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

const openSection = async (u: User) => {
  const s = server(u);
  renderApp('/app/settings', { server: s, user: u });
  return { s, never: within(await screen.findByRole('region', { name: 'Never show me' })) };
};

describe('Settings > Never show me', () => {
  it('starts from the saved exclusions and saves genres, keywords, people and the age limit together', async () => {
    const { s, never } = await openSection(user({ exclusions: { genres: ['Horror'], keywords: ['gore'], people: [] } }));
    expect(never.getByRole('checkbox', { name: 'Horror' })).toBeChecked();
    expect(never.getByRole('list', { name: 'Keywords' })).toHaveTextContent('gore');
    expect(never.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(never.getByRole('checkbox', { name: 'War' }));
    const keywords = never.getByRole('textbox', { name: 'Keywords' });
    await userEvent.type(keywords, '  superhero {Enter}');
    // The same word again, in another case: nothing added.
    await userEvent.type(keywords, 'Superhero{Enter}');
    await userEvent.click(never.getByRole('button', { name: 'Remove gore' }));
    await userEvent.type(never.getByRole('textbox', { name: 'People' }), 'Zack Snyder');
    await userEvent.click(never.getAllByRole('button', { name: 'Add' })[1]);
    const age = never.getByRole('combobox', { name: 'Maximum age rating' });
    expect(age).toHaveAccessibleDescription('Titles without a known rating are not filtered.');
    await userEvent.selectOptions(age, '13+ (PG-13)');
    await userEvent.click(never.getByRole('button', { name: 'Save' }));

    expect(await never.findByText('Saved. Your next picks leave these out.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile').map((c) => c.body)).toEqual([
      { exclusions: { genres: ['Horror', 'War'], keywords: ['superhero'], people: ['Zack Snyder'] }, max_age_rating: '13' },
    ]);
  });

  it('says so when an entry is too long or a list is full, and adds nothing', async () => {
    const full = Array.from({ length: 30 }, (_, i) => `theme ${i + 1}`);
    const { never } = await openSection(user({ exclusions: { genres: [], keywords: full, people: [] } }));
    const keywords = never.getByRole('textbox', { name: 'Keywords' });
    await userEvent.type(keywords, 'one more{Enter}');
    expect(await never.findByRole('alert')).toHaveTextContent('You can list up to 30. Remove one to add another.');
    const people = never.getByRole('textbox', { name: 'People' });
    await userEvent.type(people, `${'x'.repeat(61)}{Enter}`);
    expect(never.getAllByRole('alert').map((a) => a.textContent)).toContain('Keep each entry to 60 characters.');
    expect(never.getByRole('list', { name: 'Keywords' }).querySelectorAll('li')).toHaveLength(30);
    expect(never.queryByRole('list', { name: 'People' })).toBeNull();
  });

  it("shows the server's reason when a save is refused", async () => {
    const u = user();
    const s = server(u).on('PUT /api/settings/profile', { status: 400, body: { detail: 'At most 30 people' } });
    renderApp('/app/settings', { server: s, user: u });
    const never = within(await screen.findByRole('region', { name: 'Never show me' }));
    await userEvent.click(never.getByRole('checkbox', { name: 'Horror' }));
    await userEvent.click(never.getByRole('button', { name: 'Save' }));
    expect(await never.findByText('At most 30 people')).toBeInTheDocument();
  });
});
