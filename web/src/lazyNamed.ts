import { lazy, type ComponentType } from 'react';

/** A component loaded on first render (React.lazy) from its module's named export. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: () => Promise<Record<K, C>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
