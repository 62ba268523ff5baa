// The user's own media-server library as one more source of offers (docs/product-decisions.md,
// "Your own library is a service"): read once per pick, it gives the engine the titles they own
// (candidates whatever their services) and the card its "On your Jellyfin" line.
import { CONNECTION_NAMES, type ConnectionKind } from '@app/shared';
import type { OwnCopy } from '../../catalog/where-to-watch.js';
import type { OwnedTitle } from '../../engine/index.js';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import { copiesOf, libraryOf } from '../sync/library.repository.js';

export interface OwnLibrary {
  /** Every owned title with its service's name, for the engine (UserTaste.library). */
  owned: OwnedTitle[];
  /** The copies of one title, for its card. */
  copiesOf(titleId: string): OwnCopy[];
}

const serviceName = (origin: string) => CONNECTION_NAMES[origin as ConnectionKind] ?? origin;

/** One read of the user's libraries (bounded by the store, LIBRARY_MAX items). */
export async function readLibrary(db: DB | Tx, userId: string): Promise<OwnLibrary> {
  const rows = await libraryOf(db, userId);
  return {
    owned: rows.map((r) => ({ id: r.titleId, service: serviceName(r.origin) })),
    copiesOf: (titleId) => rows.filter((r) => r.titleId === titleId).map((r) => ({ service: serviceName(r.origin), url: r.url })),
  };
}

/** The copies of one title only (a card shown without a pick: GET /current, a rating's answer). */
export async function readCopies(db: DB | Tx, userId: string, titleId: string): Promise<OwnCopy[]> {
  return (await copiesOf(db, userId, titleId)).map((r) => ({ service: serviceName(r.origin), url: r.url }));
}
