// The store swaps whole snapshots when the catalog version moves. With the catalog compact (one
// id map shared with the engine, names found by binary search, lists shared between titles), a
// reload must swap every one of those together: nothing may answer from the old snapshot.
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/dialects.js';
import { EngineIndexes, indexedTitle } from '../features/history/engine-index.js';
import { writeTransaction } from '../db/transaction.js';
import { loadCatalogPack, DEFAULT_PACK_DIR } from './pack-loader.js';
import { CatalogStore } from './catalog.store.js';
import { freshDatabase, type FreshDatabase } from './test-support.js';

const indexes = new EngineIndexes();

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const runtime = globalThis as { gc?: () => void };
const realGc = runtime.gc;

describe.each(dialects)('catalog store reload (%s)', (dialect) => {
  let fresh: FreshDatabase;
  afterEach(async () => {
    if (realGc) runtime.gc = realGc;
    else delete runtime.gc;
    await fresh?.close();
  });

  it('after a version change, titles, ids, names, offers and the engine index all come from the new catalog, with one full collection per index built', async () => {
    fresh = await freshDatabase(dialect);
    const { handle } = fresh;
    await loadCatalogPack(handle, { dir: DEFAULT_PACK_DIR, logger: quiet, now: new Date('2026-01-01T00:00:00Z') });
    const store = await CatalogStore.open(handle.db, { refreshMs: 0 });
    const before = await store.titles();
    const [renamed, retired] = before;
    // Under `npm start` node exposes gc(): one full collection after each index build, never per pick.
    let collections = 0;
    runtime.gc = () => void collections++;
    const oldIndex = indexes.for(before);
    expect(indexes.for(before)).toBe(oldIndex);
    expect(collections).toBe(1);
    const oldVersion = store.version();
    expect((await store.findByTitles([renamed.title])).get(renamed.title)?.id).toBe(renamed.id);
    expect((await store.offeredIds()).has(retired.id)).toBe(true);

    // Another instance (or an importer) renames one title, retires another, moves an offer and
    // bumps the version.
    await writeTransaction(handle, async (tx) => {
      await tx.updateTable('titles').set({ title: 'Zzyzx Renamed', original_title: null }).where('id', '=', renamed.id).execute();
      await tx.updateTable('titles').set({ retired_at: '2026-02-01T00:00:00.000Z' }).where('id', '=', retired.id).execute();
      await tx.deleteFrom('title_availability').where('title_id', '=', renamed.id).execute();
      await tx.insertInto('title_availability').values({ title_id: renamed.id, platform: 'Netflix', region: 'NO', kind: 'subscription', as_of: '2026-02-01', link: null, source: 'builtin' }).execute();
      const version = String(oldVersion + 1);
      await tx.updateTable('catalog_meta').set({ value: version }).where('key', '=', 'version').execute();
    });

    const after = await store.titles();
    expect(after).not.toBe(before);
    expect(store.version()).toBe(oldVersion + 1);
    expect(after.map((t) => t.id)).not.toContain(retired.id);
    expect(after).toHaveLength(before.length - 1);

    const now = await store.title(renamed.id);
    expect(now?.title).toBe('Zzyzx Renamed');
    expect(now?.availability).toEqual([{ platform: 'Netflix', region: 'NO', kind: 'subscription', as_of: '2026-02-01', link: null, source: 'builtin' }]);
    expect(now?.platforms).toEqual(['Netflix']);
    expect(now?.platformRegions).toEqual([['NO']]);
    // A retired title is still a title (history shows it), but no longer offered.
    expect((await store.title(retired.id))?.retired).toBe(true);
    expect((await store.offeredIds()).has(retired.id)).toBe(false);
    expect((await store.offeredIds()).has(renamed.id)).toBe(true);

    const found = await store.findByTitles([renamed.title, 'zzyzx renamed']);
    expect(found.has(renamed.title)).toBe(false);
    expect(found.get('zzyzx renamed')?.id).toBe(renamed.id);

    const index = indexes.for(after);
    expect(indexes.for(after)).toBe(index);
    expect(collections).toBe(2);
    expect(index).not.toBe(oldIndex);
    expect(index.size).toBe(after.length);
    expect(indexedTitle(index, retired.id)).toBeUndefined();
    expect(indexedTitle(index, renamed.id)?.title).toBe('Zzyzx Renamed');
    after.forEach((t, i) => expect(index.idToIdx.get(t.id)).toBe(i));
    // The old snapshot's index still answers for the old titles (a request in flight keeps it).
    expect(indexedTitle(oldIndex, retired.id)?.id).toBe(retired.id);
  });
});
