// The schedule dialog's first date and time, and the event's length (docs/product-decisions.md,
// "Defaults and scheduling"): tonight at a later time when the profile's time has passed but a
// start is still possible, and an event as long as the title.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function server(rec = recommendation()) {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: rec })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

async function openSchedule(s: FakeServer) {
  // The profile: 19:00 on weekdays, in London.
  renderApp('/app/dashboard', { server: s, user: user() });
  await userEvent.click(await screen.findByRole('button', { name: /Schedule/ }));
  return within(await screen.findByRole('dialog'));
}

/** Minutes between the two ends of the Google Calendar link's dates (20260101T190000Z/...). */
function linkMinutes(d: ReturnType<typeof within>): number {
  const dates = new URL(d.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href')!).searchParams.get('dates')!;
  const at = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13));
  const [start, end] = dates.split('/');
  return (at(end) - at(start)) / 60_000;
}

describe('scheduling tonight', () => {
  // Only Date is faked: the dialog reads "now" from it, timers and promises stay real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T20:10:00Z') }));
  afterEach(() => vi.useRealTimers());

  it("offers tonight at the next quarter hour when the profile's 19:00 has passed (Wednesday 20:10 in London)", async () => {
    const d = await openSchedule(server());
    expect(d.getByLabelText('Date')).toHaveValue('2026-11-25');
    expect(d.getByLabelText('Time')).toHaveValue('20:30');
  });

  it('offers the next weekday at 19:00 once tonight is too late (22:40)', async () => {
    vi.setSystemTime(new Date('2026-11-25T22:40:00Z'));
    const d = await openSchedule(server());
    expect(d.getByLabelText('Date')).toHaveValue('2026-11-26');
    expect(d.getByLabelText('Time')).toHaveValue('19:00');
  });

  it("books a series' episode runtime: 45 minutes", async () => {
    const episode = await openSchedule(server(recommendation({ kind: 'series', runtime: 45 })));
    expect(linkMinutes(episode)).toBe(45);
  });

  it('books a 2 h 49 film as 3 hours', async () => {
    expect(linkMinutes(await openSchedule(server(recommendation({ runtime: 169 }))))).toBe(180);
  });

  it('books 2 hours when the runtime is unknown', async () => {
    expect(linkMinutes(await openSchedule(server(recommendation({ runtime: null }))))).toBe(120);
  });
});
