import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * A one-shot load for the public pages. They do without SWR so the landing page ships less
 * JavaScript; signed-in data goes through the SWR hooks. `after`: it starts once that has resolved.
 */
export function useLoaded<T>(load: () => Promise<T>, after?: Promise<void>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined });
  useEffect(() => {
    let live = true;
    (after ? after.then(load) : load()).then(
      (data) => live && setState({ data, error: undefined }),
      (error: unknown) => live && setState({ data: undefined, error: error ?? new Error('failed') }),
    );
    return () => {
      live = false;
    };
    // Loaded once per mount: the loader closes over nothing that changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass a new arrow each render
  }, []);
  return state;
}
