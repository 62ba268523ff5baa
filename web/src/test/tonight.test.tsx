// Tonight's constraints on the dashboard card (issue 19): prefilled from the remembered ones, sent
// with the next pick when changed, shown as text on the card, and the 409 that says what to loosen.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function server(tonight = { max_minutes: 100, finish_tonight: false, kind: 'movie' as const, exploration: null }) {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/settings/profile', { body: user({ tonight, exclusions: { genres: ['Horror'], keywords: [], people: [] } }) });
}

const open = (s = server()) => renderApp('/app/dashboard', { server: s, user: user() });

describe("tonight's constraints on the dashboard", () => {
  it('starts from the remembered constraints and says them on the card in one line', async () => {
    open();
    const card = within(await screen.findByRole('article'));
    const line = await card.findByText('1 h 40 · Movie · Never show me on');
    // Closed to that line under the buttons; one click (or Enter) opens the controls.
    const details = line.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(line);
    expect(details).toHaveAttribute('open');
    const tonight = within(card.getByRole('group', { name: 'Tonight' }));
    expect(tonight.getByLabelText('Time you have')).toHaveDisplayValue('1 h 40');
    expect(tonight.getByRole('radio', { name: 'Movie' })).toBeChecked();
    expect(tonight.getByRole('slider', { name: 'How adventurous' })).toHaveAttribute('aria-valuetext', 'Balanced');
    // Finish tonight is about series: not offered for a movie.
    expect(tonight.queryByRole('checkbox', { name: /Finish tonight/ })).toBeNull();
  });

  it('sends only what changed with the next pick, and the card then shows it', async () => {
    const s = server().on('POST /api/recommendations/new', { body: recommendation({ id: 'r2', movie_title: 'Chernobyl', kind: 'series' }) });
    open(s);
    const card = within(await screen.findByRole('article'));
    const tonight = within(card.getByRole('group', { name: 'Tonight' }));
    await userEvent.selectOptions(tonight.getByLabelText('Time you have'), '180');
    await userEvent.click(tonight.getByRole('radio', { name: 'Series' }));
    const finish = tonight.getByRole('checkbox', { name: /Finish tonight/ });
    expect(finish).toHaveAccessibleName('Finish tonight a series you can watch to the end in 3 h');
    await userEvent.click(finish);
    const slider = tonight.getByRole('slider', { name: 'How adventurous' });
    fireEvent.change(slider, { target: { value: '4' } });
    expect(slider).toHaveAttribute('aria-valuetext', 'Deep cut');
    await userEvent.click(card.getByRole('button', { name: 'New recommendation' }));
    expect(await screen.findByRole('heading', { name: 'Chernobyl' })).toBeInTheDocument();
    expect(s.calls('POST /api/recommendations/new').map((r) => r.body)).toEqual([
      { previous: 'skip', max_minutes: 180, kind: 'series', finish_tonight: true, exploration: 1 },
    ]);
    expect(await screen.findByText('3 h · Series · Finish tonight · Deep cut · Never show me on')).toBeInTheDocument();
  });

  it('takes a custom time from 30 to 600 minutes, and "Any length" clears the time', async () => {
    const s = server().on('POST /api/recommendations/new', { body: recommendation({ id: 'r2', movie_title: 'Heat' }) });
    open(s);
    const tonight = within(await screen.findByRole('group', { name: 'Tonight' }));
    await userEvent.selectOptions(tonight.getByLabelText('Time you have'), 'custom');
    const minutes = tonight.getByLabelText('Minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '20');
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(tonight.getByText('Enter 30 to 600 minutes.')).toBeInTheDocument();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '75');
    expect(tonight.getByText('1 h 15')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New recommendation' }));
    await waitFor(() => expect(s.calls('POST /api/recommendations/new')).toHaveLength(1));
    expect(s.calls('POST /api/recommendations/new')[0].body).toEqual({ previous: 'skip', max_minutes: 75 });
    await screen.findByRole('heading', { name: 'Heat' });
    await userEvent.selectOptions(tonight.getByLabelText('Time you have'), '');
    await userEvent.click(screen.getByRole('button', { name: 'New recommendation' }));
    await waitFor(() => expect(s.calls('POST /api/recommendations/new')).toHaveLength(2));
    expect(s.calls('POST /api/recommendations/new')[1].body).toEqual({ previous: 'skip', max_minutes: null });
  });

  it('shows what to loosen when nothing is left', async () => {
    const detail = 'Nothing left fits 45 min, movies only and your exclusions. Try a longer time, Either instead of one kind or fewer exclusions.';
    open(server().on('POST /api/recommendations/new', { status: 409, body: { detail } }));
    const tonight = within(await screen.findByRole('group', { name: 'Tonight' }));
    await userEvent.selectOptions(tonight.getByLabelText('Time you have'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'New recommendation' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    // The card keeps tonight's pick and the choice the user made.
    expect(screen.getByRole('heading', { name: 'Arrival' })).toBeInTheDocument();
    expect(tonight.getByLabelText('Time you have')).toHaveDisplayValue('45 min');
  });

  it('when no first pick fits the remembered constraints, they can be loosened right there', async () => {
    const detail = 'Nothing left fits 45 min and movies only. Try a longer time or Either instead of one kind.';
    const s = server({ max_minutes: 45, finish_tonight: false, kind: 'movie', exploration: null })
      .on('GET /api/recommendations/current', { status: 409, body: { detail } })
      .on('POST /api/recommendations/new', { body: recommendation({ id: 'r2', movie_title: 'Heat' }) });
    open(s);
    expect(await screen.findByText(detail)).toBeInTheDocument();
    const tonight = within(screen.getByRole('group', { name: 'Tonight' }));
    await userEvent.click(screen.getByText('45 min · Movie · Never show me on'));
    await userEvent.selectOptions(tonight.getByLabelText('Time you have'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Try with these' }));
    expect(await screen.findByRole('heading', { name: 'Heat' })).toBeInTheDocument();
    expect(s.calls('POST /api/recommendations/new').map((r) => r.body)).toEqual([{ previous: 'skip', max_minutes: null }]);
  });
});
