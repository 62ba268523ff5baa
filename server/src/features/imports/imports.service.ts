// The rules of history imports (docs/product-decisions.md, "Bring your taste"): a file is read and
// matched into a preview (nothing of the user's history changes), confirmed (history and watchlist
// rows written in one transaction) or undone (exactly those rows removed). The file itself is never
// stored: only its sha256 and what was read from it, per title.
import { createHash, randomUUID } from 'node:crypto';
import {
  type ConfirmImportRequest,
  type ImportListResponse,
  type ImportPreview,
  type ImportSource,
  type ImportSummary,
  IMPORT_LIMITS,
  IMPORT_SOURCE_NAMES,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction } from '../../db/transaction.js';
import { badRequest, conflict, fieldError, notFound, serviceUnavailable, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import type { History } from '../history/history.js';
import { historyTitles } from '../history/history.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { importCatalogFor, matchEntry } from './imports.matching.js';
import { importSeqs, planImport, type ResolvedEntry } from './imports.plan.js';
import {
  deleteImportedWatchlist,
  deleteStalePreviews,
  dropPreviewsBeyond,
  findImport,
  importItems,
  insertImport,
  insertWatchlistRows,
  itemCounts,
  listImports,
  markConfirmed,
  markUndone,
  sameFileConfirmedAt,
  takeUploadTurn,
  watchlistTitles,
  type ImportItemRow,
  type ImportRow,
} from './imports.repository.js';
import { ImportFileError, type ParsedImport } from './parsers/types.js';
import { NetflixProfileError } from './parsers/netflix-activity.js';
import { ParserUnavailable, UserParsesFull, type ParserThread } from './parse-off-thread.js';
import { candidateIds, previewLists, resolvedOf, sourceOf, storedCounts, summaryOf } from './imports.present.js';

/** A YYYY-MM-DD the file gave, as a timestamp at midnight UTC; null when absent or not a real date. */
function fileDate(day: string | null): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(t.getTime()) || !t.toISOString().startsWith(day) ? null : t.toISOString();
}

export const IMPORT_NOT_FOUND = 'Import not found';
/** Unmatched entries listed in a preview (all are counted). */
export const UNMATCHED_SHOWN = 1000;
/** The newest imports GET /api/imports lists. */
export const IMPORTS_LISTED = 100;
/** Previews left unconfirmed this long are removed on the user's next upload, a few at a time. */
const STALE_PREVIEW_MS = 24 * 3_600_000;
const STALE_PREVIEWS_PER_UPLOAD = 20;
/** Retry-After for an upload refused while the user's other files are read: about one parse. */
const BUSY_RETRY_SECONDS = 10;
const TOO_MANY_UPLOADS = `You have sent ${IMPORT_LIMITS.uploadsPerHour} files in the last hour. Please wait before sending another.`;
/** Names and ratings as stored: no NUL (PostgreSQL text refuses it) and bounded length. */
const MAX_TEXT = 500;

export interface ImportUpload {
  filename: string;
  bytes: Buffer;
  source?: ImportSource;
  /** Whose history a Netflix ViewingActivity.csv is. */
  profile?: string;
}

const clean = (s: string) => s.replace(/\u0000/g, '').slice(0, MAX_TEXT);
/** Entries matched between two turns of the event loop (a few milliseconds each). */
const MATCH_SLICE = 2_000;

async function parseUpload(parser: ParserThread, userId: string, upload: ImportUpload): Promise<ParsedImport> {
  try {
    return await parser.parse(userId, upload.filename, upload.bytes, upload.source, upload.profile);
  } catch (err) {
    // The client offers the profiles to choose from, and sends the file again with one.
    if (err instanceof NetflixProfileError) throw fieldError('profile', 'choose a profile', err.message, { profiles: err.profiles });
    if (err instanceof ImportFileError) throw badRequest(err.message);
    if (err instanceof UserParsesFull) throw tooMany(err.message, BUSY_RETRY_SECONDS);
    if (err instanceof ParserUnavailable) throw serviceUnavailable(err.message);
    throw err;
  }
}

/** Reads the file, matches it and stores the preview. Nothing of the user's history changes. */
export async function createImport(ctx: AppContext, catalog: CatalogStore, parser: ParserThread, user: UserRow, upload: ImportUpload): Promise<ImportPreview> {
  // Counted in the database, so the limit holds across instances; every upload counts, read or not.
  await hit(ctx.db, { bucket: `imports:${user.id}`, max: IMPORT_LIMITS.uploadsPerHour, windowSeconds: 3600 }, ctx.clock.now(), TOO_MANY_UPLOADS);
  const parsed = await parseUpload(parser, user.id, upload);
  const cat = importCatalogFor(await catalog.titles());
  const id = randomUUID();
  const items: ImportItemRow[] = [];
  const unmatched: ImportPreview['unmatched'] = [];
  let unmatchedCount = 0;
  for (const [position, e] of parsed.entries.entries()) {
    // Up to 50,000 entries: other requests get the event loop between slices.
    if (position > 0 && position % MATCH_SLICE === 0) await new Promise((r) => setImmediate(r));
    const m = matchEntry(cat.matcher, e);
    if (m.kind === 'none') {
      unmatchedCount++;
      if (unmatched.length < UNMATCHED_SHOWN) unmatched.push({ name: clean(e.name), year: e.year });
      continue;
    }
    items.push({
      import_id: id,
      position,
      name: clean(e.name),
      year: e.year,
      title_id: m.kind === 'matched' ? m.id : null,
      candidates: m.kind === 'ambiguous' ? JSON.stringify(m.ids) : null,
      source_rating: e.sourceRating === null ? null : clean(e.sourceRating),
      liked: e.liked === null ? null : e.liked ? 1 : 0,
      watched: e.watched ? 1 : 0,
      watchlist: e.watchlist ? 1 : 0,
      happened_at: e.happenedAt === null ? null : clean(e.happenedAt),
    });
  }
  const [{ titles: history }, saved] = await Promise.all([historyTitles(ctx.db, user.id), watchlistTitles(ctx.db, user.id)]);
  const resolved = items.flatMap((i) => (i.title_id === null ? [] : [resolvedOf(i, i.title_id)]));
  const counts = planImport(resolved, (t) => cat.byId.has(t), history, saved).counts;
  const now = ctx.clock.now();
  const row: ImportRow = {
    id,
    user_id: user.id,
    source: parsed.source,
    filename: clean(upload.filename),
    file_hash: createHash('sha256').update(upload.bytes).digest('hex'),
    status: 'preview',
    rows_read: parsed.rowsRead,
    unmatched_count: unmatchedCount,
    // While a preview: what confirming would write as of the upload (the list shows it); confirming
    // replaces it with what was written.
    applied: JSON.stringify(counts),
    created_at: now.toISOString(),
    confirmed_at: null,
    undone_at: null,
  };
  await writeTransaction(ctx.database, async (tx) => {
    // Two uploads of one user (on two instances) take turns here, so the cap holds.
    await takeUploadTurn(tx, user.id);
    await deleteStalePreviews(tx, user.id, new Date(now.getTime() - STALE_PREVIEW_MS).toISOString(), STALE_PREVIEWS_PER_UPLOAD);
    await insertImport(tx, row, items);
    await dropPreviewsBeyond(tx, user.id, id, IMPORT_LIMITS.storedPreviews);
  });
  const sameFileAt = await sameFileConfirmedAt(ctx.db, user.id, row.file_hash, null);
  const lists = previewLists(items, cat, history);
  return { ...summaryOf(row, counts, lists.matched.length, lists.ambiguous.length, sameFileAt), ...lists, unmatched };
}

async function ownImport(ctx: AppContext, user: UserRow, id: string): Promise<ImportRow> {
  const row = await findImport(ctx.db, user.id, id);
  // Another user's import answers exactly like a missing one.
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
}

/** The preview of any of the user's imports, whatever its status (unmatched names are not kept). */
export async function getImport(ctx: AppContext, catalog: CatalogStore, user: UserRow, id: string): Promise<ImportPreview> {
  const row = await ownImport(ctx, user, id);
  const cat = importCatalogFor(await catalog.titles());
  const [items, { titles: history }, saved, sameFileAt] = await Promise.all([
    importItems(ctx.db, id),
    historyTitles(ctx.db, user.id),
    watchlistTitles(ctx.db, user.id),
    sameFileConfirmedAt(ctx.db, user.id, row.file_hash, id),
  ]);
  const counts =
    row.status === 'preview'
      ? planImport(
          items.flatMap((i) => (i.title_id === null ? [] : [resolvedOf(i, i.title_id)])),
          (t) => cat.byId.has(t),
          history,
          saved,
        ).counts
      : storedCounts(row);
  const lists = previewLists(items, cat, history);
  return { ...summaryOf(row, counts, lists.matched.length, lists.ambiguous.length, sameFileAt), ...lists, unmatched: [] };
}

export async function listUserImports(ctx: AppContext, user: UserRow): Promise<ImportListResponse> {
  const rows = await listImports(ctx.db, user.id, IMPORTS_LISTED);
  const counts = await itemCounts(ctx.db, rows.map((r) => r.id));
  // "The same file was imported before" is for the preview; the list shows each import on its own.
  return { imports: rows.map((r) => summaryOf(r, storedCounts(r), counts.get(r.id)?.matched ?? 0, counts.get(r.id)?.ambiguous ?? 0, null)) };
}

/**
 * The entries confirming writes: every matched item, and each ambiguous one the user chose a
 * candidate for. A choice must name an ambiguous position of this import and one of its
 * candidates (or null: leave it out); anything else is refused before anything is written.
 */
function resolveChoices(items: readonly ImportItemRow[], choices: z.output<typeof ConfirmImportRequest>['choices']): ResolvedEntry[] {
  const byPosition = new Map(items.map((i) => [Number(i.position), i]));
  const chosen = new Map<number, string | null>();
  for (const c of choices) {
    const item = byPosition.get(c.position);
    if (!item || item.candidates === null) throw badRequest(`choices: position ${c.position} is not an ambiguous entry of this import`);
    if (chosen.has(c.position)) throw badRequest(`choices: position ${c.position} is chosen twice`);
    if (c.title_id !== null && !candidateIds(item).includes(c.title_id)) {
      throw badRequest(`choices: ${c.title_id} is not one of the candidates for position ${c.position} ("${item.name}")`);
    }
    chosen.set(c.position, c.title_id);
  }
  const out: ResolvedEntry[] = [];
  for (const item of items) {
    const titleId = item.title_id ?? chosen.get(Number(item.position)) ?? null;
    if (titleId !== null) out.push(resolvedOf(item, titleId));
  }
  return out;
}

/** Writes the import into the user's history and watchlist, in one transaction, once. */
export async function confirmImport(
  ctx: AppContext,
  history: History,
  user: UserRow,
  id: string,
  input: z.output<typeof ConfirmImportRequest>,
): Promise<ImportSummary> {
  // Read before the transaction: nothing inside it may wait on the catalog while holding the user's lock.
  const cat = importCatalogFor(await history.catalog.titles());
  const now = ctx.clock.now().toISOString();
  // Serialised per user with issuing (issue.ts): a pick issued meanwhile is seen, and seqs stay distinct.
  const { row, counts, matched, ambiguous } = await history.write(user.id, async (h) => {
    const { tx } = h;
    const found = await findImport(tx, user.id, id);
    if (!found) throw notFound(IMPORT_NOT_FOUND);
    if (found.status === 'confirmed') throw conflict('This import is already confirmed. Undo it first to import the file again.');
    if (found.status !== 'preview') throw conflict('This import was discarded or undone. Upload the file again to import it.');
    const items = await importItems(tx, id);
    const entries = resolveChoices(items, input.choices);
    const [{ titles: history, minSeq }, saved] = await Promise.all([historyTitles(tx, user.id), watchlistTitles(tx, user.id)]);
    // A title that left the catalog since the preview is skipped.
    const plan = planImport(entries, (t) => cat.byId.has(t), history, saved);
    const seqs = importSeqs(plan.history.length, minSeq);
    const reason = `Imported from ${IMPORT_SOURCE_NAMES[sourceOf(found.source)]}`;
    await h.add(
      plan.history.map((e, i) => ({
        seq: seqs[i],
        titleId: e.titleId,
        movieTitle: cat.byId.get(e.titleId)?.title ?? e.titleId,
        status: e.watched ? 'watched' : 'skipped',
        rating: e.liked,
        // Rated now: the co-likes notice new ratings by rated_at (co-likes.repository.ts).
        ratedAt: e.liked === null ? null : now,
        reason,
        // The history shows when the file says it happened (rated, watched), else the import's time.
        createdAt: fileDate(e.happenedAt) ?? now,
        closedAt: now,
        origin: 'import',
        importId: id,
      })),
    );
    await insertWatchlistRows(
      tx,
      plan.watchlist.map((e) => ({ user_id: user.id, title_id: e.titleId, added_at: now, import_id: id })),
    );
    const applied = JSON.stringify(plan.counts);
    if (!(await markConfirmed(tx, user.id, id, applied, now))) throw conflict('This import is already confirmed.');
    return {
      row: { ...found, status: 'confirmed', confirmed_at: now, applied },
      counts: plan.counts,
      matched: items.filter((i) => i.title_id !== null).length,
      ambiguous: items.filter((i) => i.candidates !== null).length,
    };
  });
  const sameFileAt = await sameFileConfirmedAt(ctx.db, user.id, row.file_hash, id);
  return summaryOf(row, counts, matched, ambiguous, sameFileAt);
}

/** A preview is discarded; a confirmed import is undone (its history rows and watchlist entries removed). */
export async function undoImport(ctx: AppContext, history: History, user: UserRow, id: string): Promise<ImportSummary> {
  const now = ctx.clock.now().toISOString();
  const row = await history.write(user.id, async (h) => {
    const { tx } = h;
    const found = await findImport(tx, user.id, id);
    if (!found) throw notFound(IMPORT_NOT_FOUND);
    if (found.status === 'undone') throw conflict('This import was already undone.');
    const wasPreview = found.status === 'preview';
    if (!wasPreview) {
      await h.deleteImported(id);
      await deleteImportedWatchlist(tx, user.id, id);
    }
    // A discarded preview keeps nothing of the file; an undone import keeps its items (what it had read).
    await markUndone(tx, user.id, id, now, wasPreview);
    return { ...found, status: 'undone', undone_at: now };
  });
  const counts = await itemCounts(ctx.db, [id]);
  return summaryOf(row, storedCounts(row), counts.get(id)?.matched ?? 0, counts.get(id)?.ambiguous ?? 0, null);
}
