// Descriptions are not in the catalog's snapshot: a card reads its title's from the database, and
// the most recently shown are kept. What a user would notice if this went wrong: a card with an
// empty or another title's description, or an old one after the catalog changed it.
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/dialects.js';
import { writeTransaction } from '../db/transaction.js';
import type { DatabaseHandle } from '../db/connection.js';
import { loadCatalogPack, DEFAULT_PACK_DIR } from './pack-loader.js';
import { CatalogStore } from './catalog.store.js';
import { Descriptions } from './descriptions.js';
import { freshDatabase, type FreshDatabase } from './test-support.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function stored(handle: DatabaseHandle): Promise<Map<string, string>> {
  const rows = await handle.db.selectFrom('titles').select(['id', 'description']).execute();
  return new Map(rows.map((r) => [r.id, r.description]));
}

/** Rewrites descriptions in the database without telling the store (no version bump). */
async function rewrite(handle: DatabaseHandle, ids: string[], text: (id: string) => string): Promise<void> {
  await writeTransaction(handle, async (tx) => {
    for (const id of ids) await tx.updateTable('titles').set({ description: text(id) }).where('id', '=', id).execute();
  });
}

describe.each(dialects)('titles descriptions (%s)', (dialect) => {
  let fresh: FreshDatabase;
  afterEach(async () => {
    await fresh?.close();
  });

  async function loaded(): Promise<DatabaseHandle> {
    fresh = await freshDatabase(dialect);
    await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet, now: new Date('2026-01-01T00:00:00Z') });
    return fresh.handle;
  }

  it("answers every title's own description, '' for an id the catalog does not hold, and a changed one once the catalog version moves", async () => {
    const handle = await loaded();
    const store = await CatalogStore.open(handle.db, { refreshMs: 0 });
    const want = await stored(handle);
    const ids = [...want.keys()];
    expect(ids.length).toBeGreaterThan(1000);
    // More than one query's worth of ids, some twice, and one unknown.
    const asked = [...ids, ids[0], ids[1], 'no-such-title'];
    const got = await store.descriptions(asked);
    expect(got.size).toBe(ids.length + 1);
    for (const id of ids) expect(got.get(id)).toBe(want.get(id));
    expect(got.get('no-such-title')).toBe('');
    expect(await store.description(ids[5])).toBe(want.get(ids[5]));

    // An importer rewrites a description and bumps the version: the next card shows the new text.
    const version = store.version();
    await writeTransaction(handle, async (tx) => {
      await tx.updateTable('titles').set({ description: 'Rewritten by an importer.' }).where('id', '=', ids[5]).execute();
      await tx.updateTable('catalog_meta').set({ value: String(version + 1) }).where('key', '=', 'version').execute();
    });
    expect(await store.description(ids[5])).toBe('Rewritten by an importer.');
    expect(store.version()).toBe(version + 1);
  });

  it('keeps the most recently shown descriptions, at most its limit, and forgets them all for a newer snapshot', async () => {
    const handle = await loaded();
    const ids = [...(await stored(handle)).keys()].slice(0, 6);
    const [a, b, c, d, e, f] = ids;
    const kept = new Descriptions(handle.db, 3);
    const original = await kept.of([a, b, c], 1);
    // a is shown again (most recent now), then d: b is the one let go.
    await kept.of([a], 1);
    await kept.of([d], 1);
    await rewrite(handle, ids, (id) => `new ${id}`);
    const now = await kept.of([a, b, c, d], 1);
    expect(now.get(a)).toBe(original.get(a));
    expect(now.get(c)).toBe(original.get(c));
    expect(now.get(b)).toBe(`new ${b}`);
    expect(now.get(d)).not.toBe(`new ${d}`);

    // Many at once: all answered (three from what was kept), only the last three kept (a, e, f).
    await rewrite(handle, ids, (id) => `newer ${id}`);
    expect([...(await kept.of(ids, 1)).values()].filter((t) => t.startsWith('newer '))).toEqual([`newer ${a}`, `newer ${e}`, `newer ${f}`]);
    await rewrite(handle, ids, (id) => `newest ${id}`);
    const after = await kept.of([c, d, e, f], 1);
    expect(after.get(c)).toBe(`newest ${c}`);
    expect(after.get(d)).toBe(`newest ${d}`);
    expect(after.get(e)).toBe(`newer ${e}`);
    expect(after.get(f)).toBe(`newer ${f}`);

    // A newer snapshot forgets what was kept; a caller still on an older one reads the database
    // and leaves the newer snapshot's descriptions alone.
    expect((await kept.of([d], 2)).get(d)).toBe(`newest ${d}`);
    await rewrite(handle, [d], () => 'after the second snapshot');
    expect((await kept.of([d], 1)).get(d)).toBe('after the second snapshot');
    expect((await kept.of([d], 2)).get(d)).toBe(`newest ${d}`);
  });
});
