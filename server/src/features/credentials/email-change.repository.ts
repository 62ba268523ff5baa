// The code sent to the address a signed-in user asked to move to (docs/security.md, "Email change").
import type { Selectable } from 'kysely';
import { VERIFICATION } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { EmailChangeCodesTable } from '../../db/schema.js';

export type EmailChangeRow = Selectable<EmailChangeCodesTable>;

export function findEmailChange(db: DB, userId: string): Promise<EmailChangeRow | undefined> {
  return db.selectFrom('email_change_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a fresh code unless one was sent inside the cooldown (decided in the statement); false then. */
export async function putEmailChangeUnlessCoolingDown(
  db: DB,
  row: { user_id: string; new_email: string; code_hash: string; expires_at: string; sent_at: string },
  cooldownStartedBefore: string,
): Promise<boolean> {
  const stored = await db
    .insertInto('email_change_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ new_email: row.new_email, code_hash: row.code_hash, expires_at: row.expires_at, sent_at: row.sent_at, attempts: 0 })
        .where('email_change_codes.sent_at', '<=', cooldownStartedBefore),
    )
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Counts one attempt on a live code with attempts left, in one statement (code-attempt.ts); the row after it, or undefined. */
export function spendEmailChangeAttempt(db: DB, userId: string, at: string): Promise<{ attempts: number; code_hash: string; new_email: string } | undefined> {
  return db
    .updateTable('email_change_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('attempts', '<', VERIFICATION.maxWrongAttempts)
    .where('expires_at', '>', at)
    .returning(['attempts', 'code_hash', 'new_email'])
    .executeTakeFirst();
}

export async function consumeEmailChange(db: DB, userId: string, codeHash: string): Promise<boolean> {
  const r = await db.deleteFrom('email_change_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).returning('user_id').executeTakeFirst();
  return r !== undefined;
}

/**
 * Removes an account that was registered and never verified, when another account proves the
 * address (docs/security.md, "Pre-registration": an unverified account blocks nobody). The
 * condition is in the statement, so an account verified meanwhile stays; false then.
 */
export async function deletePendingRegistration(db: DB, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('users').where('id', '=', userId).where('email_verified', '=', 0).returning('id').executeTakeFirst();
  return r !== undefined;
}
