import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MAX_BYTES } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { FakeLibrary, matched } from './fakeLibrary';
import { recommendation, subscription, user } from './fixtures';

function setup() {
  const server = new FakeServer()
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/account/sessions', { body: { sessions: [] } });
  const library = new FakeLibrary(server, { history: [recommendation({ id: 'r0', title_id: 'm-3', movie_title: 'Heat', status: 'watched' })] });
  library.nextPreview = {
    source: 'letterboxd',
    matched: [
      matched(0, 'Arrival', { source_rating: '4.5/5' }),
      matched(1, 'Cats', { liked: false, source_rating: '1/5' }),
      matched(2, 'Dune', { liked: null, watched: false, watchlist: true, source_rating: null }),
      matched(3, 'Heat', { already_in_history: true }),
    ],
    ambiguous: [
      {
        position: 4,
        name: 'Solaris',
        year: null,
        source_rating: '4/5',
        liked: true,
        watched: true,
        watchlist: false,
        candidates: [
          { title_id: 'sol72', title: 'Solaris', year: 1972, kind: 'movie' },
          { title_id: 'sol02', title: 'Solaris', year: 2002, kind: 'movie' },
        ],
      },
    ],
    unmatched: [{ name: 'A Home Movie', year: 1999 }],
  };
  return { server, library };
}

const csv = (name = 'ratings.csv', text = 'Date,Name,Year,Rating\n') => new File([text], name, { type: 'text/csv' });

async function openImport(server: FakeServer) {
  renderApp('/app/settings', { server, user: user() });
  return within(await screen.findByRole('region', { name: 'Import your history' }));
}

describe('import your history (Settings)', () => {
  it('previews matched, ambiguous and unmatched titles, sends the chosen candidate, then lists the import with Undo', async () => {
    const { server, library } = setup();
    const section = await openImport(server);
    await userEvent.upload(section.getByLabelText('Your export file'), csv());
    await userEvent.selectOptions(section.getByLabelText(/Exported from/), 'letterboxd');
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));

    expect(await section.findByRole('heading', { name: 'Check your Letterboxd import' })).toBeInTheDocument();
    expect(server.calls('POST /api/imports')[0].body).toEqual({ filename: 'ratings.csv', content: 'Date,Name,Year,Rating\n', encoding: 'text', source: 'letterboxd' });

    // The counts, and what each matched title becomes.
    const counts = within(section.getByLabelText('What this import adds'));
    expect(counts.getByText('Likes').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Dislikes').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Watchlist').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Already in your history').nextSibling).toHaveTextContent('1');
    const found = within(section.getByRole('list', { name: 'Titles found in our catalog' }));
    const row = (title: string) => within(found.getByText(title).closest('li')!);
    expect(row('Arrival').getByText('Like')).toBeInTheDocument();
    expect(row('Arrival').getByText('Watched')).toBeInTheDocument();
    expect(row('Cats').getByText('Dislike')).toBeInTheDocument();
    expect(row('Dune').getByText('Watchlist')).toBeInTheDocument();
    expect(row('Heat').getByText('Already in your history')).toBeInTheDocument();

    // The unmatched, behind a disclosure.
    expect(section.getByText('1 title not in our catalog')).toBeInTheDocument();
    expect(section.getByText('A Home Movie (1999)')).not.toBeVisible();

    // Three new titles; choosing one Solaris makes it four and adds a like.
    expect(section.getByRole('button', { name: 'Import 3 titles' })).toBeEnabled();
    const solaris = within(section.getByRole('group', { name: /Solaris/ }));
    expect(solaris.getByRole('radio', { name: 'None of these' })).toBeChecked();
    await userEvent.click(solaris.getByRole('radio', { name: /Solaris \(2002\)/ }));
    expect(counts.getByText('Likes').nextSibling).toHaveTextContent('2');
    await userEvent.click(section.getByRole('button', { name: 'Import 4 titles' }));

    expect(await section.findByText(/Imported from Letterboxd: 2 likes, 1 dislike, 3 watched and 1 saved for later\. 1 title was already in your history and was left as it was\./)).toBeInTheDocument();
    expect(server.calls('POST /api/imports/:id/confirm')[0].body).toEqual({ choices: [{ position: 4, title_id: 'sol02' }] });
    expect(library.history.map((h) => h.movie_title)).toEqual(['Heat', 'Arrival', 'Cats', 'Solaris']);

    // Past imports: the new one, with Undo behind a confirmation.
    const past = within(await section.findByRole('list', { name: 'Past imports' }));
    expect(await past.findByText('Letterboxd · ratings.csv')).toBeInTheDocument();
    expect(past.getByText('Imported')).toBeInTheDocument();
    await userEvent.click(past.getByRole('button', { name: 'Undo the import of ratings.csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Undo this import?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, undo' }));
    expect(await section.findByText(/Undone: what ratings.csv added is gone/)).toBeInTheDocument();
    expect(server.calls('DELETE /api/imports/:id')).toHaveLength(1);
    expect(library.history.map((h) => h.movie_title)).toEqual(['Heat']);
    expect(library.watchlist).toHaveLength(0);
    await waitFor(() => expect(past.getByText('Undone')).toBeInTheDocument());
    expect(past.queryByRole('button', { name: /Undo the import/ })).toBeNull();
  });

  it('Cancel discards the preview and goes back to the file', async () => {
    const { server, library } = setup();
    const section = await openImport(server);
    await userEvent.upload(section.getByLabelText('Your export file'), csv());
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    await userEvent.click(await section.findByRole('button', { name: 'Cancel' }));
    expect(await section.findByRole('button', { name: 'Preview import' })).toBeInTheDocument();
    expect(server.calls('DELETE /api/imports/:id')[0].path).toBe('/api/imports/imp1');
    expect(server.calls('POST /api/imports/:id/confirm')).toHaveLength(0);
    expect(library.history).toHaveLength(1);
  });

  it('refuses a file over 10 MB before uploading it', async () => {
    const { server } = setup();
    const section = await openImport(server);
    const big = csv('diary.csv');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await userEvent.upload(section.getByLabelText('Your export file'), big);
    expect(await section.findByRole('alert')).toHaveTextContent('The file is larger than 10 MB');
    expect(section.getByRole('button', { name: 'Preview import' })).toBeDisabled();
    expect(server.calls('POST /api/imports')).toHaveLength(0);
  });

  it("shows the server's detail naming the file and line", async () => {
    const { server, library } = setup();
    library.nextPreview = { status: 400, body: { detail: 'ratings.csv, line 12: the Rating column is not a number.' } };
    const section = await openImport(server);
    await userEvent.upload(section.getByLabelText('Your export file'), csv());
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    expect(await section.findByRole('alert')).toHaveTextContent('ratings.csv, line 12: the Rating column is not a number.');
    expect(section.getByRole('button', { name: 'Preview import' })).toBeEnabled();
  });

  it('a Netflix file of several profiles: offers the profiles the server lists, and sends the one chosen', async () => {
    const { server, library } = setup();
    library.nextPreview = { status: 400, body: { detail: 'ViewingActivity.csv holds the viewing activity of 2 profiles: choose whose history to import ("Anna", "Ben").', code: 'validation_error', errors: [{ path: 'profile', message: 'choose a profile' }], profiles: ['Anna', 'Ben'] } };
    const section = await openImport(server);
    const file = csv('ViewingActivity.csv', 'Profile Name,Start Time,Duration,Title\n');
    await userEvent.upload(section.getByLabelText('Your export file'), file);
    expect(section.queryByLabelText('Whose viewing activity')).not.toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    expect(await section.findByRole('alert')).toHaveTextContent('holds the viewing activity of 2 profiles');
    const choice = section.getByLabelText('Whose viewing activity');
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a profile', 'Anna', 'Ben']);
    await userEvent.selectOptions(choice, 'Ben');
    library.nextPreview = { source: 'netflix', matched: [matched(0, 'Arrival')] };
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    expect(await section.findByRole('heading', { name: 'Check your Netflix import' })).toBeInTheDocument();
    expect(server.calls('POST /api/imports')[1].body).toMatchObject({ filename: 'ViewingActivity.csv', profile: 'Ben' });
  });

  it('sends a .zip as base64', async () => {
    const { server } = setup();
    const section = await openImport(server);
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'letterboxd-export.zip', { type: 'application/zip' });
    await userEvent.upload(section.getByLabelText('Your export file'), zip);
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    await section.findByRole('heading', { name: /Check your/ });
    expect(server.calls('POST /api/imports')[0].body).toEqual({ filename: 'letterboxd-export.zip', content: 'UEsDBA==', encoding: 'base64' });
  });

  it('shows a long preview 100 rows at a time', async () => {
    const { server, library } = setup();
    library.nextPreview = { matched: Array.from({ length: 250 }, (_, i) => matched(i, `Film ${i}`)) };
    const section = await openImport(server);
    await userEvent.upload(section.getByLabelText('Your export file'), csv());
    await userEvent.click(section.getByRole('button', { name: 'Preview import' }));
    const list = await section.findByRole('list', { name: 'Titles found in our catalog' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(section.getByText('Showing 100 of 250')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Show 100 more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(200);
    await userEvent.click(section.getByRole('button', { name: 'Show all' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(250);
    expect(section.getByRole('button', { name: 'Import 250 titles' })).toBeEnabled();
  });
});
