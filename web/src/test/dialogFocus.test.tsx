import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_LIMIT_TEXTS } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function server() {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

/** Opens a dialog with `opener` and closes it with its button named `close`. */
async function focusAfterClose(opener: HTMLElement, dialogName: string | RegExp, close: string) {
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent.click(within(dialog).getByRole('button', { name: close }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('closing a dialog gives the focus back to the button that opened it', () => {
  it('Schedule, closed with its ×', async () => {
    renderApp('/app/dashboard', { server: server(), user: user() });
    const opener = await screen.findByRole('button', { name: /Schedule/ });
    await focusAfterClose(opener, /Schedule/, 'Close');
    expect(opener).toHaveFocus();
  });

  it('the plan-limit modal after a 402, closed with Not now', async () => {
    const s = server().on('POST /api/recommendations/new', { status: 402, body: { detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true } });
    renderApp('/app/dashboard', { server: s, user: user() });
    const opener = await screen.findByRole('button', { name: 'New recommendation' });
    await focusAfterClose(opener, PLAN_LIMIT_TEXTS.title, 'Not now');
    expect(opener).toHaveFocus();
  });

  it('Feedback, closed with its ×', async () => {
    renderApp('/app/dashboard', { server: server(), user: user() });
    const opener = await screen.findByRole('button', { name: /Feedback/ });
    await focusAfterClose(opener, 'Send feedback', 'Close');
    expect(opener).toHaveFocus();
  });
});
