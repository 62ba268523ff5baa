// Steps the calendar tests share: a lifetime user, the connect dance through the fake Google,
// and reading what the database holds.
import { expect } from 'vitest';
import { ApiError, CalendarStatus } from '@app/shared';
import { findUserById, type UserRow } from '../../src/features/users/users.repository.js';
import { HttpError } from '../../src/http/errors.js';
import { signUp, type TestServer, type TestClient } from './test-server.js';
import type { ConsentOptions, FakeGoogleOAuth } from './fake-google-oauth.js';

export type SignedIn = TestClient & { email: string; id: string };

/** A verified user; payments belong to another feature, so the plan is set in the database. */
export async function signUpUser(server: TestServer, tier: 'free_trial' | 'paid_lifetime' = 'paid_lifetime'): Promise<SignedIn> {
  const c = await signUp(server);
  const id = c.store.user!.id;
  if (tier !== 'free_trial') await server.running.ctx.db.updateTable('users').set({ subscription_tier: tier }).where('id', '=', id).execute();
  return Object.assign(c, { id });
}

export async function userRow(server: TestServer, id: string): Promise<UserRow> {
  const row = await findUserById(server.running.ctx.db, id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** auth-url -> Google consent -> the code and state the settings page receives. */
export async function authorize(c: SignedIn, google: FakeGoogleOAuth, opts: ConsentOptions = {}) {
  const { authorization_url } = await c.api.calendar.authUrl();
  return google.consent(authorization_url, { email: `${c.email.split('@')[0]}@gmail.test`, ...opts });
}

export async function connect(c: SignedIn, google: FakeGoogleOAuth, opts: ConsentOptions = {}): Promise<CalendarStatus> {
  const { code, state } = await authorize(c, google, opts);
  return CalendarStatus.parse(await c.api.calendar.connect({ code, state: state ?? undefined }));
}

/** Runs a call that must fail; returns the ApiError. */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Runs a server-side call that must fail; returns the HttpError it threw. */
export async function thrown(call: Promise<unknown>): Promise<HttpError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

/** Every row of every table, as text: nothing secret may appear in it. */
export async function dumpDatabase(server: TestServer): Promise<string> {
  const { db } = server.running.ctx;
  const dialect = server.running.ctx.database.dialect;
  const { sql } = await import('kysely');
  const tables =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map((r) => r.name);
  expect(tables).toContain('users');
  let out = '';
  for (const t of tables) {
    const rows = (await sql`select * from ${sql.table(t)}`.execute(db)).rows;
    out += `${t}\n${JSON.stringify(rows)}\n`;
  }
  return out;
}
