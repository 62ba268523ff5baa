import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollToTop } from '../components/layout/ScrollToTop';

// jsdom does not scroll: the spy records what the app asks of the browser.
function setup(initial: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  let navigate: NavigateFunction = () => undefined;
  function Grab() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[initial]}>
      <ScrollToTop />
      <Grab />
    </MemoryRouter>,
  );
  scrollTo.mockClear();
  return { scrollTo, go: (to: string | number) => act(() => void (typeof to === 'number' ? navigate(to) : navigate(to))) };
}

describe('every route opens at the top', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the top on a link or a redirect to another route', () => {
    const { scrollTo, go } = setup('/app/dashboard');
    go('/app/settings');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves back and forward to the browser, and a #fragment to its page', () => {
    const { scrollTo, go } = setup('/app/dashboard');
    go('/app/settings');
    scrollTo.mockClear();
    go(-1);
    go(1);
    go('/app/dashboard#history-title');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
