// Plex as a connected app: a server address and the token the user pastes, a pull of the movie
// and show sections (what this account viewed and rated, and the whole library), and webhooks.
import { ConnectRequest } from '@app/shared';
import { PlexAuthError, PlexClient, PlexError } from '../../../integrations/plex/client.js';
import type { PlexSection } from '../../../integrations/plex/types.js';
import { fieldError } from '../../../http/errors.js';
import type { LibraryItem, SyncEvent } from '../../sync/sync-event.js';
import { ConnectionError, type ConnectionAdapter, type Connected, type Credentials, type PullContext, type PullResult } from '../adapter.js';
import { parsePlexWebhook } from './plex-webhook.js';
import { itemEvents, libraryItem, plexWebUrl, titleOf } from './plex-titles.js';

export interface PlexLimits {
  /** Items a page asks for (X-Plex-Container-Size). */
  pageSize: number;
  /** Pages one pull reads before it stops and says `more` (the next goes on from its cursor). */
  pagesPerPull: number;
}

/** 5 pages of 200 a pull (the pull runner calls several pulls a run, each written before its cursor is kept). */
export const PLEX_LIMITS: PlexLimits = { pageSize: 200, pagesPerPull: 5 };
/** More sections than this is not a home library; the rest are left out. */
const MAX_SECTIONS = 50;

interface PlexCredentials {
  serverUrl: string;
  token: string;
  machineIdentifier: string;
  /** The plex.tv account the server belongs to, as its webhooks name it (Account.title). */
  username: string | null;
}

export function plexAdapter(limits: PlexLimits = PLEX_LIMITS): ConnectionAdapter {
  return {
    kind: 'plex',
    connect: (body, ctx) => connect(body, ctx),
    pull: async (credentials, cursor, ctx) => pull(readCredentials(credentials), cursor, ctx, limits),
    webhook: (body, contentType) => parsePlexWebhook(body, contentType),
  };
}

async function connect(body: unknown, ctx: PullContext): Promise<Connected> {
  const parsed = ConnectRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(issue.path.join('.') || '(body)', issue.message);
  }
  const { server_url: serverUrl, token } = parsed.data;
  if (!token) throw fieldError('token', 'token is required');
  const client = new PlexClient({ serverUrl, token, signal: ctx.signal });
  const server = await worded(() => client.server(), serverUrl);
  // The root answers some tokens that cannot read the libraries (a shared user's on another's server).
  await worded(() => client.sections(), serverUrl);
  if (!server.machineIdentifier) throw new ConnectionError('That address answers, but not as a Plex Media Server', 'refused');
  const name = server.friendlyName ?? 'Plex Media Server';
  const credentials: PlexCredentials = {
    serverUrl: serverUrl.replace(/\/+$/, ''),
    token,
    machineIdentifier: server.machineIdentifier,
    username: server.myPlexUsername ?? null,
  };
  return { credentials: { ...credentials }, accountName: server.myPlexUsername ? `${server.myPlexUsername} on ${name}` : name };
}

/**
 * One pass over the movie and show sections, in pages; a cursor `<sectionKey>:<offset>` goes on
 * where the last pull stopped. The first pull of a pass replaces the library, the rest add to it.
 */
async function pull(creds: PlexCredentials, cursor: string | null, ctx: PullContext, limits: PlexLimits): Promise<PullResult> {
  const client = new PlexClient({ serverUrl: creds.serverUrl, token: creds.token, signal: ctx.signal });
  const sections = (await worded(() => client.sections(), creds.serverUrl)).filter((s) => s.type === 'movie' || s.type === 'show').slice(0, MAX_SECTIONS);
  const resume = resumeAt(cursor, sections);
  let { section, offset } = resume ?? { section: 0, offset: 0 };
  const events: SyncEvent[] = [];
  const library: LibraryItem[] = [];
  const done = (next: string | null): PullResult => ({
    events,
    ...(resume ? { libraryAdded: library } : { library }),
    cursor: next,
    ...(next ? { more: true } : {}),
  });
  for (let pages = 0; section < sections.length; pages++) {
    if (pages === limits.pagesPerPull) return done(`${sections[section].key}:${offset}`);
    ctx.signal?.throwIfAborted();
    const key = sections[section].key;
    const page = await worded(() => client.sectionPage(key, offset, limits.pageSize), creds.serverUrl);
    for (const item of page.items) {
      events.push(...itemEvents(item, ctx.now));
      const title = titleOf(item);
      if (title) library.push(libraryItem(title, item.ratingKey, plexWebUrl(creds.serverUrl, creds.machineIdentifier, item.ratingKey)));
    }
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.totalSize) {
      section++;
      offset = 0;
    }
  }
  return done(null);
}

/** Where a cursor goes on, or null (start a new pass) when it is absent or its section is gone. */
function resumeAt(cursor: string | null, sections: PlexSection[]): { section: number; offset: number } | null {
  const m = cursor ? /^(.{1,64}):(\d{1,9})$/.exec(cursor) : null;
  const section = m ? sections.findIndex((s) => s.key === m[1]) : -1;
  return m && section >= 0 ? { section, offset: Number(m[2]) } : null;
}

function readCredentials(c: Credentials): PlexCredentials {
  const { serverUrl, token, machineIdentifier, username } = c;
  if (typeof serverUrl !== 'string' || typeof token !== 'string' || typeof machineIdentifier !== 'string') {
    throw new ConnectionError('The Plex connection is incomplete: connect it again', 'auth');
  }
  return { serverUrl, token, machineIdentifier, username: typeof username === 'string' ? username : null };
}

/** Plex's refusals in the user's words (the token never appears in them). */
async function worded<T>(call: () => Promise<T>, serverUrl: string): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PlexAuthError) throw new ConnectionError('Plex rejected the token', 'auth');
    if (err instanceof PlexError && (err.status === null || err.status >= 500)) {
      throw new ConnectionError(`The Plex server at ${serverUrl} did not answer`, 'unreachable');
    }
    if (err instanceof PlexError) throw new ConnectionError(`The Plex server at ${serverUrl} refused: ${err.message}`, 'refused');
    throw err;
  }
}
