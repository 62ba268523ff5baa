// The pre-rendered public pages (web/finish-build.mjs writes them at build time): what a visitor
// reads before any JavaScript runs.
import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('pre-rendered pages', () => {
  it('the landing page holds its headline, its calls to action and the site chrome', async () => {
    const { markup: html, title } = await renderPage('/', 'en');
    expect(title).toBe("Tonight's Pick");
    expect(html).toContain('One great movie or series for tonight, picked for you.');
    expect(html).toMatch(/<a [^>]*href="\/register"[^>]*>Get my first pick free<\/a>/);
    expect(html).toContain('class="site-footer"');
    // Rendered as the browser's first render: the loading state never stands in for the page.
    expect(html).not.toContain('page-loading');
  });

  it('/login holds its form', async () => {
    const { markup: html, title } = await renderPage('/login', 'en');
    expect(title).toBe("Sign in · Tonight's Pick");
    expect(html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    // Until its script runs, the button cannot send the form: a native GET would put the password
    // in the address (tests/e2e/web-login-early.test.ts types before the script and signs in).
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Sign in<\/button>/);
  });

  it('renders the same pages at their path in each language, in that language', async () => {
    const { markup } = await renderPage('/de/login', 'de');
    expect(markup).toMatch(/<input[^>]*type="password"/);
    expect(markup).toMatch(/<a [^>]*href="\/register"/);
    const { markup: landing } = await renderPage('/ja', 'ja');
    expect(landing).toContain('class="site-footer"');
    expect(landing).not.toContain('page-loading');
  });
});
