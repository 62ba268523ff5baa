// One store for every emailed one-time code (docs/security.md, "One-time codes"). Each purpose has
// its table (migration 0027 gave the browser-bound ones the asking browser as part of the key);
// the tables differ only in who owns a code, whether the browser is in its key and whether it
// carries a value (an email change's new address), so one set of statements serves them all.
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DB } from '../../db/connection.js';
import { tooMany, type HttpError } from '../../http/errors.js';
import { attemptCode, refusedCode, secondsLeft, type AttemptOutcome } from './code-attempt.js';
import { hashCode, newCode } from './one-time-code.js';

type CodeTable = 'verification_codes' | 'login_unlock_codes' | 'password_reset_codes' | 'email_change_codes' | 'account_deletion_codes';
type KeyColumn = ColumnType<string, string | undefined, string>;
/** The columns of the code tables together; a table has its owner column and, if its purpose says so, the others. */
interface CodeColumns {
  user_id: KeyColumn;
  email: KeyColumn;
  browser: KeyColumn;
  new_email: KeyColumn;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}
type CodeDb = Kysely<Record<CodeTable, CodeColumns>>;

export interface CodePurpose {
  table: CodeTable;
  /** Who the code is for: an account (user_id) or an address that may have none (email). */
  owner: 'user_id' | 'email';
  /** Bound to the browser that asked (its tp_unlock key): nobody else's request replaces or spends it. */
  perBrowser: boolean;
  /** A value sent with the code and read back with it. */
  payload?: 'new_email';
  ttlMinutes: number;
  cooldownSeconds: number;
  maxAttempts: number;
  /** What the keyed hash binds a code to (unchanged from the stores this replaced, so codes in flight still work). */
  binding(key: CodeKey, payload: string): string;
}

export interface CodeKey {
  owner: string;
  /** The browser's key; required when the purpose is browser-bound. */
  browser?: string;
}

export interface StoredCode {
  attempts: number;
  code_hash: string;
  /** The purpose's payload ('' when it has none). */
  payload: string;
}

const WAIT = (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`;
const DAY_MS = 86_400_000;

export function codeStore(p: CodePurpose) {
  const table = (db: DB) => db as unknown as CodeDb;
  const keyColumns = p.perBrowser ? [p.owner, 'browser' as const] : [p.owner];
  const keyOf = (key: CodeKey) => {
    if (p.perBrowser && key.browser === undefined) throw new Error(`${p.table}: a browser-bound code needs the browser`);
    return p.perBrowser ? { [p.owner]: key.owner, browser: key.browser } : { [p.owner]: key.owner };
  };
  const hash = (secret: string, key: CodeKey, code: string, payload = '') => hashCode(secret, p.binding(key, payload), code);

  const find = (db: DB, key: CodeKey) =>
    table(db).selectFrom(p.table).select(['attempts', 'expires_at', 'sent_at']).where((eb) => eb.and(keyOf(key))).executeTakeFirst();

  /** Counts one attempt on a live code with attempts left, in one statement (code-attempt.ts). */
  async function spend(db: DB, key: CodeKey, at: string): Promise<StoredCode | undefined> {
    const row = await table(db)
      .updateTable(p.table)
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where((eb) => eb.and(keyOf(key)))
      .where('attempts', '<', p.maxAttempts)
      .where('expires_at', '>', at)
      .returning(['attempts', 'code_hash', ...(p.payload ? [p.payload] : [])])
      .executeTakeFirst();
    return row && { attempts: row.attempts, code_hash: row.code_hash, payload: p.payload ? String((row as Record<string, unknown>)[p.payload]) : '' };
  }

  /** Checks a code; a wrong one counts against its attempts. */
  const attempt = (db: DB, secret: string, key: CodeKey, code: string, now: Date): Promise<AttemptOutcome<StoredCode>> =>
    attemptCode({ spend: (at) => spend(db, key, at), find: () => find(db, key) }, (row) => hash(secret, key, code, row.payload), now, p.maxAttempts);

  return {
    hash,
    attempt,

    /**
     * Stores a fresh code and returns it, unless one was sent for this key inside the cooldown
     * (null then). The condition sits in the statement, so two instances racing cannot both send.
     */
    async issue(db: DB, secret: string, key: CodeKey, now: Date, payload = ''): Promise<string | null> {
      const code = newCode();
      const row = { code_hash: hash(secret, key, code, payload), expires_at: new Date(now.getTime() + p.ttlMinutes * 60_000).toISOString(), sent_at: now.toISOString(), attempts: 0, ...(p.payload ? { [p.payload]: payload } : {}) };
      const stored = await table(db)
        .insertInto(p.table)
        .values({ ...keyOf(key), ...row })
        .onConflict((oc) =>
          oc
            .columns(keyColumns)
            .doUpdateSet(row)
            .where(sql.ref(`${p.table}.sent_at`), '<=', new Date(now.getTime() - p.cooldownSeconds * 1000).toISOString()),
        )
        .returning(p.owner)
        .executeTakeFirst();
      if (!stored) return null;
      // A browser-bound purpose gathers a row per browser (and per address without an account
      // for sign-in and reset codes): long-expired ones go now and then.
      if (p.perBrowser && Math.random() < 0.01) await table(db).deleteFrom(p.table).where('expires_at', '<', new Date(now.getTime() - DAY_MS).toISOString()).execute();
      return code;
    },

    /** The 429 for a refused issue: how long until this key's cooldown ends. */
    async tooSoon(db: DB, key: CodeKey, now: Date, detail: (seconds: number) => string = WAIT): Promise<HttpError> {
      const wait = secondsLeft((await find(db, key))?.sent_at, now, p.cooldownSeconds);
      return tooMany(detail(wait), wait);
    },

    /** attempt with the shared sentences: the right code's row, or a 400 saying why not. */
    async check(db: DB, secret: string, key: CodeKey, code: string, now: Date, texts: { none: string; wrong: string }): Promise<StoredCode> {
      const outcome = await attempt(db, secret, key, code, now);
      if (outcome.ok) return outcome.row;
      throw refusedCode(outcome, texts);
    },

    /** Single use: the code is deleted when it is accepted; false if another request took it first. */
    async consume(db: DB, key: CodeKey, codeHash: string): Promise<boolean> {
      const r = await table(db).deleteFrom(p.table).where((eb) => eb.and(keyOf(key))).where('code_hash', '=', codeHash).returning(p.owner).executeTakeFirst();
      return r !== undefined;
    },

    /** Every pending code of these owners, in every browser. */
    async deleteFor(db: DB, owners: string[]): Promise<void> {
      await table(db).deleteFrom(p.table).where(p.owner, 'in', owners).execute();
    },
  };
}
