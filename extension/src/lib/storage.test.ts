import { describe, it, expect } from 'vitest';
import { createTypedStorage, memoryArea, storageDefaults } from './storage';

describe('typed storage', () => {
  it('returns defaults, stores values in their area, and removes on null', async () => {
    const local = memoryArea();
    const session = memoryArea();
    const s = createTypedStorage({ local, session }, storageDefaults('http://localhost:8080'));
    expect(await s.get('serverUrl')).toBe('http://localhost:8080');
    expect(await s.has('serverUrl')).toBe(false);
    await s.set('serverUrl', 'https://p.example');
    expect(await s.has('serverUrl')).toBe(true);
    expect(await s.get('token')).toBeNull();

    await s.set('token', 'tpx_abc');
    await s.set('pendingNonce', { value: 'n', expiresAt: 5 });
    expect(local.data.get('token')).toBe('tpx_abc');
    expect(session.data.get('pendingNonce')).toEqual({ value: 'n', expiresAt: 5 });
    expect(local.data.has('pendingNonce')).toBe(false);

    await s.set('token', null);
    expect(local.data.has('token')).toBe(false);
    expect(await s.get('token')).toBeNull();
    await s.remove('pendingNonce');
    expect(await s.get('pendingNonce')).toBeNull();
  });

  it('keeps session keys in local where the browser has no session area', async () => {
    const local = memoryArea();
    const s = createTypedStorage({ local, session: null }, storageDefaults('https://a.example'));
    await s.set('platformAsk', { recommendationId: 'r1', platform: 'Netflix' });
    expect(await s.get('platformAsk')).toEqual({ recommendationId: 'r1', platform: 'Netflix' });
    expect(local.data.has('platformAsk')).toBe(true);
  });

  it('returns copies, so callers cannot change what is stored', async () => {
    const s = createTypedStorage({ local: memoryArea() }, storageDefaults('https://a.example'));
    await s.set('pendingNonce', { value: 'n', expiresAt: 5 });
    const got = await s.get('pendingNonce');
    got!.value = 'changed';
    expect((await s.get('pendingNonce'))!.value).toBe('n');
  });
});
