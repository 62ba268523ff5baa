import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TEXTS, FEEDBACK_COMMENT_MAX } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function server() {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('POST /api/feedback/submit', { status: 201, body: { message: 'Thank you for your feedback!' } });
}

async function openWidget(s: FakeServer) {
  renderApp('/app/dashboard', { server: s, user: user() });
  await userEvent.click(await screen.findByRole('button', { name: /Feedback/ }));
  return within(await screen.findByRole('dialog', { name: 'Send feedback' }));
}

describe('feedback widget', () => {
  it("needs a thumb: 'Please select thumbs up or down', and nothing is sent", async () => {
    const s = server();
    const w = await openWidget(s);
    await userEvent.click(w.getByRole('button', { name: 'Send feedback' }));
    expect(await w.findByText(ALERT_TEXTS.selectThumb)).toBeInTheDocument();
    expect(s.calls('POST /api/feedback/submit')).toHaveLength(0);
  });

  it('counts the comment up to 500 characters', async () => {
    const w = await openWidget(server());
    const comment = w.getByLabelText('Comment (optional)');
    expect(w.getByText(`0/${FEEDBACK_COMMENT_MAX}`)).toBeInTheDocument();
    await userEvent.type(comment, 'Great pick');
    expect(w.getByText(`10/${FEEDBACK_COMMENT_MAX}`)).toBeInTheDocument();
    expect(comment).toHaveAttribute('maxlength', String(FEEDBACK_COMMENT_MAX));
    await userEvent.clear(comment);
    await userEvent.click(comment);
    await userEvent.paste('x'.repeat(FEEDBACK_COMMENT_MAX + 40));
    expect((comment as HTMLTextAreaElement).value).toHaveLength(FEEDBACK_COMMENT_MAX);
    expect(w.getByText(`${FEEDBACK_COMMENT_MAX}/${FEEDBACK_COMMENT_MAX}`)).toBeInTheDocument();
  });

  it('sends rating, comment, optional email, page and browser without the bearer token', async () => {
    const s = server();
    const w = await openWidget(s);
    await userEvent.click(w.getByRole('button', { name: /Thumbs down/ }));
    expect(w.getByRole('button', { name: /Thumbs down/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(w.getByLabelText('Comment (optional)'), 'Too many thrillers');
    await userEvent.clear(w.getByLabelText(/Email/));
    await userEvent.click(w.getByRole('button', { name: 'Send feedback' }));
    expect(await w.findByText('Thank you for your feedback!')).toBeInTheDocument();
    const req = s.calls('POST /api/feedback/submit')[0];
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toMatchObject({ rating: false, comment: 'Too many thrillers', email: null });
    expect((req.body as { page_url: string }).page_url).toMatch(/^http/);
    expect((req.body as { user_agent: string }).user_agent).toBeTruthy();
  });

  it('shows the alert when sending fails', async () => {
    const s = server().on('POST /api/feedback/submit', { status: 429, body: { detail: 'Too much feedback' } });
    const w = await openWidget(s);
    await userEvent.click(w.getByRole('button', { name: /Thumbs up/ }));
    await userEvent.click(w.getByRole('button', { name: 'Send feedback' }));
    expect(await w.findByText(ALERT_TEXTS.submitFeedback)).toBeInTheDocument();
  });
});

describe('rating link', () => {
  it.each(['/rate', '/rate?token=abc', '/rate?rating=like', '/rate?token=abc&rating=maybe'])("shows 'Invalid Link' for %s", async (path) => {
    const s = new FakeServer();
    renderApp(path, { server: s });
    expect(await screen.findByRole('heading', { name: ALERT_TEXTS.invalidLink })).toBeInTheDocument();
    expect(s.calls('GET /api/public/rate')).toHaveLength(0);
  });

  it('asks for confirmation, then records the rating through the API', async () => {
    const s = new FakeServer().on('GET /api/public/rate', { body: { message: 'Rating saved.', movie_title: 'Arrival', rating: true } });
    renderApp('/rate?token=signed.token&rating=like', { server: s });
    const confirm = await screen.findByRole('button', { name: 'Yes, I liked it' });
    expect(s.calls('GET /api/public/rate')).toHaveLength(0);
    await userEvent.click(confirm);
    expect(await screen.findByText(/Rating saved/)).toHaveTextContent('You liked Arrival');
    expect(Object.fromEntries(s.calls('GET /api/public/rate')[0].query)).toEqual({ token: 'signed.token', rating: 'like' });
  });

  it("shows the server's reason when the link is refused", async () => {
    const s = new FakeServer().on('GET /api/public/rate', { status: 400, body: { detail: 'This rating link is not valid' } });
    renderApp('/rate?token=bad&rating=dislike', { server: s });
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, I disliked it' }));
    expect(await screen.findByText('This rating link is not valid')).toBeInTheDocument();
  });
});
