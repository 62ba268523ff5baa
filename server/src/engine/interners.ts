// Interning for the index build (build-index.ts): each distinct name or region list gets a small
// integer id once, so the index stores ids in typed arrays instead of strings.

export function interner() {
  const ids = new Map<string, number>();
  const names: string[] = [];
  return {
    ids,
    names,
    id(key: string, display: string): number {
      let id = ids.get(key);
      if (id === undefined) {
        id = names.length;
        ids.set(key, id);
        names.push(display);
      }
      return id;
    },
  };
}

/** Interns region lists as sets: many (title, platform) pairs share one, e.g. {GLOBAL} or {IN, US}. */
export function regionInterner() {
  const ids = new Map<string, number>();
  const sets: Array<readonly string[] | null> = [null];
  return {
    sets,
    /** null or undefined: any region (set 0). */
    id(regions: Iterable<string> | null | undefined): number {
      if (!regions) return 0;
      // Most entries name one region: looked up without building a list (a 100,000-title build
      // otherwise makes several short-lived arrays and strings per entry).
      const sole = regions instanceof Set ? (regions.size === 1 ? (regions.values().next().value as string) : undefined) : Array.isArray(regions) && regions.length === 1 ? (regions[0] as string) : undefined;
      if (sole !== undefined) {
        const hit = ids.get(sole);
        if (hit !== undefined) return hit;
      }
      const list = [...new Set([...regions].map((r) => r.trim().toUpperCase()).filter(Boolean))].sort();
      const key = list.join(',');
      let id = ids.get(key);
      if (id === undefined) {
        id = sets.length;
        ids.set(key, id);
        sets.push(list);
      }
      return id;
    },
  };
}
