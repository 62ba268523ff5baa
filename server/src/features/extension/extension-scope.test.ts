import { describe, it, expect } from 'vitest';
import { extensionScopeAllows } from './extension-scope.js';

describe('extensionScopeAllows', () => {
  it('lets the popup read and act on recommendations and read what it shows', () => {
    expect(extensionScopeAllows('GET', '/api/recommendations/current')).toBe(true);
    expect(extensionScopeAllows('POST', '/api/recommendations/new')).toBe(true);
    expect(extensionScopeAllows('GET', '/api/recommendations/download-ics?recommendation_id=1&date=2030-01-01')).toBe(true);
    expect(extensionScopeAllows('GET', '/api/onboarding/platforms')).toBe(true);
    expect(extensionScopeAllows('GET', '/api/settings/profile/')).toBe(true);
    expect(extensionScopeAllows('HEAD', '/api/subscription/status')).toBe(true);
    expect(extensionScopeAllows('post', '/api/extension/sign-out')).toBe(true);
  });

  it('lets the popup save for later, list and remove, but not edit or delete history', () => {
    expect(extensionScopeAllows('GET', '/api/watchlist')).toBe(true);
    expect(extensionScopeAllows('POST', '/api/watchlist')).toBe(true);
    expect(extensionScopeAllows('DELETE', '/api/watchlist/tt0111161')).toBe(true);
    expect(extensionScopeAllows('DELETE', '/api/watchlist')).toBe(false);
    expect(extensionScopeAllows('DELETE', '/api/watchlist/a/b')).toBe(false);
    expect(extensionScopeAllows('PUT', '/api/watchlist/tt0111161')).toBe(false);
    expect(extensionScopeAllows('PATCH', '/api/recommendations/history/abc')).toBe(false);
    expect(extensionScopeAllows('DELETE', '/api/recommendations/history/abc')).toBe(false);
    expect(extensionScopeAllows('GET', '/api/watchlistX')).toBe(false);
  });

  it('refuses account changes and token management', () => {
    expect(extensionScopeAllows('PUT', '/api/settings/profile')).toBe(false);
    expect(extensionScopeAllows('POST', '/api/extension/tokens')).toBe(false);
    expect(extensionScopeAllows('GET', '/api/extension/tokens')).toBe(false);
    expect(extensionScopeAllows('DELETE', '/api/extension/tokens/abc')).toBe(false);
    expect(extensionScopeAllows('POST', '/api/auth/sign-out-everywhere')).toBe(false);
    expect(extensionScopeAllows('POST', '/api/onboarding/preferences')).toBe(false);
    expect(extensionScopeAllows('POST', '/api/subscription/create-order')).toBe(false);
    expect(extensionScopeAllows('GET', '/api/recommendationsX')).toBe(false);
    expect(extensionScopeAllows('GET', '/api/settings/calendar/auth-url')).toBe(false);
  });
});
