// The fake server's answers for the taste library: history imports (preview, confirm, undo), the
// watchlist, and history edits. Stateful, so a page that writes and reads again sees what the real
// server would show; every answer is parsed with the shared schemas (shared/src/schemas/library.ts),
// and the rules follow the contract: confirming never touches a title already in history, undo
// removes exactly what the import added, the active pick can be rated but not marked watched or removed.
import {
  IMPORT_SOURCE_NAMES,
  ConfirmImportRequest,
  CreateImportRequest,
  HistoryEditRequest,
  HistoryResponse,
  ImportListResponse,
  ImportPreview,
  ImportSummary,
  MessageResponse,
  Recommendation,
  WatchlistChange,
  WatchlistItem,
  WatchlistResponse,
  type ImportCounts,
  type ImportSource,
  type ImportPreview as ImportPreviewT,
  type Recommendation as RecommendationT,
  type WatchlistItem as WatchlistItemT,
} from '@app/shared';
import type { z } from 'zod';
import type { FakeServer, RecordedRequest, Reply } from './fakeServer';
import { recommendation } from './fixtures';


/** What the file "contains": the preview's lists; the counts and ids are worked out here. */
export interface ScriptedPreview {
  source?: ImportSource;
  rows_read?: number;
  matched?: ImportPreviewT['matched'];
  ambiguous?: ImportPreviewT['ambiguous'];
  unmatched?: ImportPreviewT['unmatched'];
  unmatched_count?: number;
  same_file_imported_at?: string | null;
}

interface StoredImport {
  preview: ImportPreviewT;
  /** History rows and watchlist titles this import wrote. */
  rows: string[];
  saved: string[];
}

const NOW = '2026-01-06T20:00:00.000Z';
const bad = (detail: string, status = 400): Reply => ({ status, body: { detail } });

function problem(result: { error?: z.ZodError }): string {
  return result.error?.issues[0]?.message ?? 'Invalid request';
}

function noCounts(): ImportCounts {
  return { likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 0 };
}

/** A watchlist row for a title: Arrival's facts under another id and name. */
export function watchlistItem(over: Partial<WatchlistItemT> = {}): WatchlistItemT {
  const r = recommendation({ title_id: over.title_id ?? 't9', movie_title: over.movie_title ?? 'Arrival' });
  const card = Object.fromEntries(
    Object.keys(WatchlistItem.shape)
      .filter((k) => k in r)
      .map((k) => [k, r[k as keyof RecommendationT]]),
  );
  return WatchlistItem.parse({ ...card, added_at: NOW, on_your_services: true, import_id: null, ...over });
}

export class FakeLibrary {
  history: RecommendationT[];
  watchlist: WatchlistItemT[];
  readonly imports = new Map<string, StoredImport>();
  /** What the next POST /api/imports previews, or the error it answers. */
  nextPreview: ScriptedPreview | Reply = {};
  private seq = 0;

  constructor(
    readonly server: FakeServer,
    opts: { history?: RecommendationT[]; watchlist?: WatchlistItemT[]; current?: RecommendationT | null } = {},
  ) {
    this.history = opts.history ?? [];
    this.watchlist = opts.watchlist ?? [];
    const s = server;
    if (opts.current !== undefined) {
      s.on('GET /api/recommendations/current', () =>
        opts.current ? { body: this.present(this.history.find((h) => h.id === opts.current!.id) ?? opts.current) } : bad('No pick', 404),
      );
    }
    s.on('GET /api/recommendations/history', (req) => this.page(req));
    s.on('PATCH /api/recommendations/history/:id', (req) => this.edit(req));
    s.on('DELETE /api/recommendations/history/:id', (req) => this.remove(req));
    s.on('GET /api/watchlist', () => ({ body: WatchlistResponse.parse({ items: this.watchlist, total: this.watchlist.length }) }));
    s.on('POST /api/watchlist', (req) => this.save(req));
    s.on('DELETE /api/watchlist/:titleId', (req) => this.unsave(req.params.titleId));
    s.on('POST /api/imports', (req) => this.create(req));
    s.on('GET /api/imports', () => ({ body: ImportListResponse.parse({ imports: [...this.imports.values()].reverse().map((i) => summary(i.preview)) }) }));
    s.on('GET /api/imports/:id', (req) => {
      const i = this.imports.get(req.params.id);
      return i ? { body: ImportPreview.parse(i.preview) } : bad('Import not found', 404);
    });
    s.on('POST /api/imports/:id/confirm', (req) => this.confirm(req));
    s.on('DELETE /api/imports/:id', (req) => this.undo(req.params.id));
  }

  /** The saved flag is the watchlist's, as the server presents it. */
  private present(r: RecommendationT): RecommendationT {
    return Recommendation.parse({ ...r, saved: this.watchlist.some((w) => w.title_id === r.title_id) });
  }

  private page(req: RecordedRequest): Reply {
    const page = Number(req.query.get('page') ?? 1);
    const size = Number(req.query.get('page_size') ?? 10);
    const rows = this.history.slice((page - 1) * size, page * size).map((r) => this.present(r));
    return { body: HistoryResponse.parse({ recommendations: rows, page, page_size: size, total: this.history.length }) };
  }

  private edit(req: RecordedRequest): Reply {
    const body = HistoryEditRequest.safeParse(req.body);
    if (!body.success) return bad(problem(body));
    const i = this.history.findIndex((h) => h.id === req.params.id);
    if (i < 0) return bad('Recommendation not found', 404);
    const row = this.history[i];
    if (row.status === 'active' && body.data.watched !== undefined) return bad("This is tonight's pick: use Watched it on the card.", 409);
    const next: RecommendationT = { ...row };
    if (body.data.rating !== undefined) {
      next.user_rating = body.data.rating;
      next.is_rated = body.data.rating !== null;
    }
    if (body.data.watched !== undefined) next.status = body.data.watched ? 'watched' : 'skipped';
    this.history[i] = next;
    return { body: this.present(next) };
  }

  private remove(req: RecordedRequest): Reply {
    const row = this.history.find((h) => h.id === req.params.id);
    if (!row) return bad('Recommendation not found', 404);
    if (row.status === 'active') return bad("This is tonight's pick: it can't be removed from history.", 409);
    this.history = this.history.filter((h) => h !== row);
    return { body: MessageResponse.parse({ message: 'Removed from history' }) };
  }

  private save(req: RecordedRequest): Reply {
    const id = (req.body as { title_id?: string } | undefined)?.title_id;
    if (!id) return bad('title_id is required');
    if (!this.watchlist.some((w) => w.title_id === id)) {
      const known = this.history.find((h) => h.title_id === id);
      this.watchlist.unshift(watchlistItem({ title_id: id, movie_title: known?.movie_title ?? `Title ${id}` }));
    }
    return { body: WatchlistChange.parse({ message: 'Saved for later', title_id: id, saved: true }) };
  }

  private unsave(id: string): Reply {
    this.watchlist = this.watchlist.filter((w) => w.title_id !== id);
    return { body: WatchlistChange.parse({ message: 'Removed from your watchlist', title_id: id, saved: false }) };
  }

  private create(req: RecordedRequest): Reply {
    const body = CreateImportRequest.safeParse(req.body);
    if (!body.success) return bad(problem(body));
    if ('status' in this.nextPreview || 'body' in this.nextPreview) return this.nextPreview as Reply;
    const script = this.nextPreview as ScriptedPreview;
    const id = `imp${++this.seq}`;
    const matched = script.matched ?? [];
    const ambiguous = script.ambiguous ?? [];
    const unmatched = script.unmatched ?? [];
    const preview = ImportPreview.parse({
      import_id: id,
      source: body.data.source ?? script.source ?? 'letterboxd',
      filename: body.data.filename,
      status: 'preview',
      rows_read: script.rows_read ?? matched.length + ambiguous.length + unmatched.length,
      matched_count: matched.length,
      ambiguous_count: ambiguous.length,
      unmatched_count: script.unmatched_count ?? unmatched.length,
      counts: tally(matched),
      same_file_imported_at: script.same_file_imported_at ?? null,
      created_at: NOW,
      confirmed_at: null,
      undone_at: null,
      matched,
      ambiguous,
      unmatched,
    });
    this.imports.set(id, { preview, rows: [], saved: [] });
    return { status: 201, body: preview };
  }

  private confirm(req: RecordedRequest): Reply {
    const stored = this.imports.get(req.params.id);
    if (!stored) return bad('Import not found', 404);
    if (stored.preview.status !== 'preview') return bad('This import is already confirmed or undone.', 409);
    const body = ConfirmImportRequest.safeParse(req.body ?? {});
    if (!body.success) return bad(problem(body));
    const p = stored.preview;
    const chosen = new Map(body.data.choices.map((c) => [c.position, c.title_id]));
    const entries = [
      ...p.matched.map((m) => ({ ...m, title_id: m.title_id, title: m.title })),
      ...p.ambiguous.flatMap((a) => {
        const c = a.candidates.find((x) => x.title_id === chosen.get(a.position));
        return c ? [{ ...a, title_id: c.title_id, title: c.title, title_year: c.year, kind: c.kind, already_in_history: false }] : [];
      }),
    ];
    const counts = noCounts();
    let seq = 0;
    for (const e of entries) {
      if (this.history.some((h) => h.title_id === e.title_id)) {
        counts.already_in_history++;
        continue;
      }
      if (e.liked !== null || e.watched) {
        const row = recommendation({
          id: `${p.import_id}-r${++seq}`,
          title_id: e.title_id,
          movie_title: e.title,
          year: e.title_year,
          kind: e.kind,
          reason: `Imported from ${IMPORT_SOURCE_NAMES[p.source]}`,
          status: e.watched ? 'watched' : 'skipped',
          user_rating: e.liked,
          is_rated: e.liked !== null,
          origin: 'import',
          created_at: NOW,
        });
        this.history.push(row);
        stored.rows.push(row.id);
        if (e.liked === true) counts.likes++;
        if (e.liked === false) counts.dislikes++;
        if (e.watched) counts.watched++;
      } else if (e.watchlist && !this.watchlist.some((w) => w.title_id === e.title_id)) {
        this.watchlist.push(watchlistItem({ title_id: e.title_id, movie_title: e.title, import_id: p.import_id }));
        stored.saved.push(e.title_id);
        counts.watchlist++;
      }
    }
    stored.preview = { ...p, status: 'confirmed', counts, confirmed_at: NOW };
    return { body: ImportSummary.parse(summary(stored.preview)) };
  }

  private undo(id: string): Reply {
    const stored = this.imports.get(id);
    if (!stored) return bad('Import not found', 404);
    if (stored.preview.status === 'undone') return bad('This import is already undone.', 409);
    this.history = this.history.filter((h) => !stored.rows.includes(h.id));
    this.watchlist = this.watchlist.filter((w) => !stored.saved.includes(w.title_id) || w.import_id !== id);
    stored.preview = { ...stored.preview, status: 'undone', undone_at: NOW };
    return { body: ImportSummary.parse(summary(stored.preview)) };
  }
}

function tally(matched: ImportPreviewT['matched']): ImportCounts {
  const c = noCounts();
  for (const m of matched) {
    if (m.already_in_history) c.already_in_history++;
    else if (m.liked !== null || m.watched) {
      if (m.liked === true) c.likes++;
      if (m.liked === false) c.dislikes++;
      if (m.watched) c.watched++;
    } else if (m.watchlist) c.watchlist++;
  }
  return c;
}

function summary(p: ImportPreviewT) {
  const { matched: _m, ambiguous: _a, unmatched: _u, ...rest } = p;
  return ImportSummary.parse(rest);
}

/** A matched entry of a preview. */
export function matched(position: number, title: string, over: Partial<ImportPreviewT['matched'][number]> = {}) {
  return {
    position,
    name: title,
    year: 2010,
    source_rating: '4.5/5',
    liked: true,
    watched: true,
    watchlist: false,
    title_id: `m-${position}`,
    title,
    title_year: 2010,
    kind: 'movie' as const,
    already_in_history: false,
    ...over,
  };
}
