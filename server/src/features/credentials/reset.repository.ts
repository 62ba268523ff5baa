// Emailed password reset codes, one per address and browser, the browser that asked for it (its
// tp_unlock cookie), so a stranger's request neither replaces nor spends the owner's code
// (docs/security.md, "Password reset"): hashed, expiring, few wrong attempts; stored for
// addresses without an account too.
import type { Selectable } from 'kysely';
import { VERIFICATION } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { PasswordResetCodesTable } from '../../db/schema.js';

export type ResetCodeRow = Selectable<PasswordResetCodesTable>;

export function findResetCode(db: DB, email: string, browser: string): Promise<ResetCodeRow | undefined> {
  return db.selectFrom('password_reset_codes').selectAll().where('email', '=', email).where('browser', '=', browser).executeTakeFirst();
}

/** Stores a fresh code unless this browser was sent one inside the cooldown (decided in the statement); false then. */
export async function putResetCodeUnlessCoolingDown(
  db: DB,
  row: { email: string; browser: string; code_hash: string; expires_at: string; sent_at: string },
  cooldownStartedBefore: string,
): Promise<boolean> {
  const stored = await db
    .insertInto('password_reset_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc
        .columns(['email', 'browser'])
        .doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, sent_at: row.sent_at, attempts: 0 })
        .where('password_reset_codes.sent_at', '<=', cooldownStartedBefore),
    )
    .returning('email')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Counts one attempt on a live code with attempts left, in one statement (code-attempt.ts); the row after it, or undefined. */
export function spendResetAttempt(db: DB, email: string, browser: string, at: string): Promise<{ attempts: number; code_hash: string } | undefined> {
  return db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('browser', '=', browser)
    .where('attempts', '<', VERIFICATION.maxWrongAttempts)
    .where('expires_at', '>', at)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
}

/** Single use: false if another request took it first. */
export async function consumeResetCode(db: DB, email: string, browser: string, codeHash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('password_reset_codes')
    .where('email', '=', email)
    .where('browser', '=', browser)
    .where('code_hash', '=', codeHash)
    .returning('email')
    .executeTakeFirst();
  return r !== undefined;
}

/** Every browser's codes for these addresses (a password was set, an address changed). */
export async function deleteResetCodes(db: DB, emails: string[]): Promise<void> {
  await db.deleteFrom('password_reset_codes').where('email', 'in', emails).execute();
}

export async function deleteExpiredResetCodes(db: DB, before: string): Promise<void> {
  await db.deleteFrom('password_reset_codes').where('expires_at', '<', before).execute();
}
