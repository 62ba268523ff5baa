// Storage of emailed sign-in (unlock) codes: one per address and browser (docs/security.md,
// "Sign-in limits"). Same rules as verification codes: hashed, expiring, few wrong attempts.
import type { Selectable } from 'kysely';
import { VERIFICATION } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { LoginUnlockCodesTable } from '../../db/schema.js';

export type UnlockCodeRow = Selectable<LoginUnlockCodesTable>;

export function findUnlockCode(db: DB, email: string, browser: string): Promise<UnlockCodeRow | undefined> {
  return db.selectFrom('login_unlock_codes').selectAll().where('email', '=', email).where('browser', '=', browser).executeTakeFirst();
}

/**
 * Stores a fresh code unless this browser was sent one inside the cooldown; the condition sits in
 * the statement, so two instances racing cannot both send. Returns false inside the cooldown.
 */
export async function putUnlockCodeUnlessCoolingDown(
  db: DB,
  row: { email: string; browser: string; code_hash: string; expires_at: string; sent_at: string },
  cooldownStartedBefore: string,
): Promise<boolean> {
  const stored = await db
    .insertInto('login_unlock_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc
        .columns(['email', 'browser'])
        .doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, sent_at: row.sent_at, attempts: 0 })
        .where('login_unlock_codes.sent_at', '<=', cooldownStartedBefore),
    )
    .returning('email')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Counts one attempt on a live code with attempts left, in one statement (code-attempt.ts); the row after it, or undefined. */
export function spendUnlockAttempt(db: DB, email: string, browser: string, at: string): Promise<{ attempts: number; code_hash: string } | undefined> {
  return db
    .updateTable('login_unlock_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('browser', '=', browser)
    .where('attempts', '<', VERIFICATION.maxWrongAttempts)
    .where('expires_at', '>', at)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
}

/** Single use: deleted when a sign-in with it succeeds; false if another request took it first. */
export async function consumeUnlockCode(db: DB, email: string, browser: string, codeHash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('login_unlock_codes')
    .where('email', '=', email)
    .where('browser', '=', browser)
    .where('code_hash', '=', codeHash)
    .returning('email')
    .executeTakeFirst();
  return r !== undefined;
}

/** Rows for addresses with no account are stored too (same answers); expired ones go. */
export async function deleteExpiredUnlockCodes(db: DB, before: string): Promise<void> {
  await db.deleteFrom('login_unlock_codes').where('expires_at', '<', before).execute();
}
