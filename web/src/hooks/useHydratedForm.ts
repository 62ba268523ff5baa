import { useLayoutEffect, useState, type RefObject } from 'react';

export type TypedField = readonly [RefObject<HTMLInputElement | null>, (value: string) => void];

/**
 * A pre-rendered form (/login arrives as HTML, web/finish-build.mjs) can be typed into, or filled
 * by a password manager, before its script has run. React then keeps what is on screen, but its
 * state is still empty, and a click or Enter sends the form natively: a GET with the password in
 * the address. So the form says it is ready only once it runs (its submit button stays disabled
 * until then, which also stops Enter), and as it hydrates it takes each field's on-screen text into
 * its state. Rendered in the browser from the start, it is ready before the first paint.
 */
export function useHydratedForm(fields: readonly TypedField[]): boolean {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    for (const [ref, set] of fields) {
      const typed = ref.current?.value;
      if (typed) set(typed);
    }
    setReady(true);
    // Once, as the form first runs: later the fields' state is the source of truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass a new array each render
  }, []);
  return ready;
}
