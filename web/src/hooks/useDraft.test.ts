import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDraft } from './useDraft';

describe('useDraft (every settings form)', () => {
  it('starts from the server value and follows it until the user edits', () => {
    const { result, rerender } = renderHook(({ server }) => useDraft(server), { initialProps: { server: ['English'] } });
    expect(result.current.draft).toEqual(['English']);
    // A newer server value (a save elsewhere, a revalidation) replaces an untouched form.
    rerender({ server: ['English', 'Korean'] });
    expect(result.current).toMatchObject({ draft: ['English', 'Korean'], dirty: false });
  });

  it('keeps an edit in progress when the server value changes, then follows the server again once saved', () => {
    const { result, rerender } = renderHook(({ server }) => useDraft(server), { initialProps: { server: ['English'] } });
    act(() => result.current.edit(['English', 'Hindi']));
    rerender({ server: ['Korean'] });
    expect(result.current).toMatchObject({ draft: ['English', 'Hindi'], dirty: true });
    // Saved: the server now holds the edit, and the form shows the server's copy.
    rerender({ server: ['English', 'Hindi'] });
    act(() => result.current.saved());
    expect(result.current).toMatchObject({ draft: ['English', 'Hindi'], dirty: false });
    rerender({ server: ['Tamil'] });
    expect(result.current.draft).toEqual(['Tamil']);
  });

  it('treats an equal value in a new object as no change', () => {
    const { result, rerender } = renderHook(({ server }) => useDraft(server), { initialProps: { server: { time: '19:00' } } });
    act(() => result.current.edit({ time: '21:00' }));
    rerender({ server: { time: '19:00' } });
    expect(result.current.draft).toEqual({ time: '21:00' });
  });
});
