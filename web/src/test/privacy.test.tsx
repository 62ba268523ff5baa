import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './renderApp';

describe('privacy policy', () => {
  it('names the sign-in cookies the server sets, and what they are for', async () => {
    renderApp('/privacy-policy');
    const cookies = await screen.findByText(/strictly necessary cookies/);
    expect(cookies).toHaveTextContent(/tp_signup proves that this browser chose the password/);
    expect(cookies).toHaveTextContent(/tp_device marks this browser as one that signed in/);
    expect(cookies).toHaveTextContent(/tp_unlock holds a random number for a day/);
    expect(cookies).toHaveTextContent(/scripts on the page cannot read/);
  });
});
