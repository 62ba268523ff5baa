// The pre-rendered public pages (web/finish-build.mjs writes them at build time): what a visitor
// reads before any JavaScript runs.
import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('pre-rendered pages', () => {
  it('the landing page holds its headline, its calls to action and the site chrome', async () => {
    const html = await renderPage('/');
    expect(html).toContain('One great movie or series for tonight, picked for you.');
    expect(html).toMatch(/<a [^>]*href="\/register"[^>]*>Get my first pick free<\/a>/);
    expect(html).toContain('class="site-footer"');
    // Rendered as the browser's first render: the loading state never stands in for the page.
    expect(html).not.toContain('page-loading');
  });

  it('/login holds its form', async () => {
    const html = await renderPage('/login');
    expect(html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    // Until its script runs, the button cannot send the form: a native GET would put the password
    // in the address (tests/e2e/web-login-early.test.ts types before the script and signs in).
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Sign in<\/button>/);
  });
});
