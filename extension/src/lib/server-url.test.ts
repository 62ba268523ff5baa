import { describe, it, expect } from 'vitest';
import { connectPageUrl, hostPermissionPattern, parseServerOrigin } from './server-url';

describe('parseServerOrigin', () => {
  it('accepts http(s) origins, with or without a trailing slash', () => {
    expect(parseServerOrigin('http://localhost:8080')).toEqual({ ok: true, origin: 'http://localhost:8080' });
    expect(parseServerOrigin(' https://Picks.Example.com/ ')).toEqual({ ok: true, origin: 'https://picks.example.com' });
    expect(parseServerOrigin('https://picks.example.com:443')).toEqual({ ok: true, origin: 'https://picks.example.com' });
  });

  it('refuses anything that is not a plain http(s) origin', () => {
    for (const bad of ['', 'picks.example.com', 'ftp://x.example', 'javascript:alert(1)', 'chrome-extension://abc', 'https://u:p@x.example', 'https://x.example/app', 'https://x.example/?a=1', 'https://x.example/#h', 'http://']) {
      expect(parseServerOrigin(bad).ok, bad).toBe(false);
    }
  });
});

describe('hostPermissionPattern', () => {
  it('names exactly the origin (Firefox patterns carry no port)', () => {
    expect(hostPermissionPattern('http://localhost:8080', 'chrome')).toBe('http://localhost:8080/*');
    expect(hostPermissionPattern('https://picks.example.com', 'chrome')).toBe('https://picks.example.com/*');
    expect(hostPermissionPattern('http://localhost:8080', 'firefox')).toBe('http://localhost/*');
  });
});

describe('connectPageUrl', () => {
  it('puts only the nonce in the URL', () => {
    expect(connectPageUrl('https://p.example', '/extension/connect', 'abc_-1')).toBe('https://p.example/extension/connect?nonce=abc_-1');
  });
});
