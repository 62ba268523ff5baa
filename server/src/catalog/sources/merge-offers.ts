// The offers half of the merge (merge.ts): a source's offers of a title replace its own earlier
// ones, within the regions and platforms it speaks for, and platforms it names that we do not list
// are created under its name.
import type { Insertable, Selectable } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import type { TitleAvailabilityTable } from '../../db/schema.js';
import { slugify } from '../ids.js';
import type { SourceName, SourceTitle } from './types.js';

/** Rows (or ids) per statement in the merge's reads and writes. */
export const BATCH = 400;

/** The platforms stored so far (names and slugs), kept by the merger across its batches. */
export interface KnownPlatforms {
  names: Set<string>;
  slugs: Set<string>;
}

/** Creates platforms a source names that we do not list (kept under the source's name). */
async function ensurePlatforms(tx: Tx, known: KnownPlatforms, names: Iterable<string>): Promise<void> {
  for (const name of names) {
    if (known.names.has(name)) continue;
    let slug = slugify(name) || 'platform';
    for (let n = 2; known.slugs.has(slug); n++) slug = `${slugify(name) || 'platform'}-${n}`;
    await tx
      .insertInto('platforms')
      .values({ name, slug, color: '#4B5563', search_url: '', hosts: '[]' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    known.names.add(name);
    known.slugs.add(slug);
  }
}

/** Replaces the source's offers of each title that came with offers; returns titles whose offers changed. */
export async function writeOffers(tx: Tx, source: SourceName, known: KnownPlatforms, plans: Array<{ id: string; s: SourceTitle }>): Promise<Set<string>> {
  const changed = new Set<string>();
  const withOffers = plans.filter((p) => p.s.offers !== undefined);
  if (!withOffers.length) return changed;
  await ensurePlatforms(tx, known, new Set(withOffers.flatMap((p) => p.s.offers!.map((o) => o.platform))));
  const ids = [...new Set(withOffers.map((p) => p.id))];
  const before = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += BATCH) {
    // By title only (the primary key's prefix): a filter on source would let the planner pick
    // the (source, as_of) index and scan every offer of the source, once per batch.
    const rows = await tx.selectFrom('title_availability').selectAll().where('title_id', 'in', ids.slice(i, i + BATCH)).execute();
    for (const r of rows) if (r.source === source) before.set(r.title_id, [...(before.get(r.title_id) ?? []), offerKey(r)]);
  }
  const rows = new Map<string, Insertable<TitleAvailabilityTable>>();
  const regionsOf = new Map<string, Set<string> | null>();
  const platformsOf = new Map<string, Set<string> | null>();
  const widen = (m: Map<string, Set<string> | null>, id: string, l: string[] | undefined) => {
    const prev = m.get(id);
    m.set(id, prev === null || !l ? null : new Set([...(prev ?? []), ...l]));
  };
  for (const { id, s } of withOffers) {
    widen(regionsOf, id, s.offerRegions);
    widen(platformsOf, id, s.offerPlatforms);
    for (const o of s.offers!) {
      const row = { title_id: id, platform: o.platform, region: o.region, kind: o.kind, as_of: o.as_of, link: o.link ?? null, source: source };
      rows.set(`${id}|${o.platform}|${o.region}|${o.kind}`, row);
    }
  }
  // Kept: this source's rows outside the replaced regions and platforms.
  const after = new Map<string, string[]>();
  for (const [id, keys] of before) {
    const regions = regionsOf.get(id);
    const platforms = platformsOf.get(id);
    if (!regions && !platforms) continue;
    for (const k of keys) {
      const [platform, region] = k.split('|');
      if ((regions && !regions.has(region)) || (platforms && !platforms.has(platform))) after.set(id, [...(after.get(id) ?? []), k]);
    }
  }
  for (const r of rows.values()) after.set(r.title_id, [...(after.get(r.title_id) ?? []), offerKey(r as Selectable<TitleAvailabilityTable>)]);
  for (const id of ids) {
    const a = (before.get(id) ?? []).sort().join(';');
    const b = (after.get(id) ?? []).sort().join(';');
    if (a !== b) changed.add(id);
  }
  const replace = ids.filter((id) => changed.has(id));
  for (const id of replace) {
    // The rows to go are known: delete each by its primary key (a per-title delete filtered on
    // source and platform lists made SQLite scan the source's offers for every title).
    const kept = new Set(after.get(id) ?? []);
    for (const k of before.get(id) ?? []) {
      if (kept.has(k)) continue;
      const [platform, region, kind] = k.split('|');
      await tx
        .deleteFrom('title_availability')
        .where('title_id', '=', id)
        .where('platform', '=', platform)
        .where('region', '=', region)
        .where('kind', '=', kind)
        .where('source', '=', source)
        .execute();
    }
  }
  const inserts = [...rows.values()].filter((r) => changed.has(r.title_id));
  for (let i = 0; i < inserts.length; i += BATCH) {
    await tx
      .insertInto('title_availability')
      .values(inserts.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['title_id', 'platform', 'region', 'kind']).doUpdateSet((eb) => ({
        as_of: eb.ref('excluded.as_of'),
        link: eb.ref('excluded.link'),
        source: eb.ref('excluded.source'),
      })))
      .execute();
  }
  return changed;
}

const offerKey = (r: Pick<Selectable<TitleAvailabilityTable>, 'platform' | 'region' | 'kind' | 'as_of' | 'link'>) =>
  `${r.platform}|${r.region}|${r.kind}|${r.as_of}|${r.link ?? ''}`;
