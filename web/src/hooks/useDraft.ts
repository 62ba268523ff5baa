import { useState } from 'react';

/**
 * A form's draft of a server value. It starts from the server's value and follows it (a save, a
 * revalidation, another tab) until the user edits; an edit is kept until saved or the form closes.
 * Why: a form that copies its value once keeps a stale copy and a Save would write it back
 * (docs/product-decisions.md, "Defaults and scheduling").
 */
export function useDraft<T>(server: T): { draft: T; dirty: boolean; edit: (next: T) => void; saved: () => void } {
  const [state, setState] = useState({ base: server, draft: server, dirty: false });
  // Compared by content: a refetch returns an equal value in a new object.
  if (JSON.stringify(state.base) !== JSON.stringify(server)) {
    setState(state.dirty ? { ...state, base: server } : { base: server, draft: server, dirty: false });
  }
  return {
    draft: state.dirty ? state.draft : server,
    dirty: state.dirty,
    edit: (next) => setState((s) => ({ ...s, draft: next, dirty: true })),
    saved: () => setState((s) => ({ ...s, draft: s.base, dirty: false })),
  };
}
