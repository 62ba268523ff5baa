// Emailed sign-up codes: one per account and browser, the browser that asked for it (its
// tp_unlock cookie), so nobody else's request replaces it or spends its attempts
// (docs/security.md, "One-time codes").
import { VERIFICATION } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { Selectable } from 'kysely';
import type { VerificationCodesTable } from '../../db/schema.js';

export type VerificationRow = Selectable<VerificationCodesTable>;

export function findCode(db: DB, userId: string, browser: string): Promise<VerificationRow | undefined> {
  return db.selectFrom('verification_codes').selectAll().where('user_id', '=', userId).where('browser', '=', browser).executeTakeFirst();
}

/**
 * Stores a fresh code unless this browser was sent one inside the cooldown. The condition sits in
 * the statement itself, so two instances racing cannot both send. Returns false inside the cooldown.
 */
export async function putCodeUnlessCoolingDown(
  db: DB,
  row: { user_id: string; browser: string; code_hash: string; expires_at: string; sent_at: string },
  cooldownStartedBefore: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('verification_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'browser'])
        .doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, sent_at: row.sent_at, attempts: 0 })
        .where('verification_codes.sent_at', '<=', cooldownStartedBefore),
    )
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Counts one attempt on a live code with attempts left, in one statement (code-attempt.ts); the row after it, or undefined. */
export function spendAttempt(db: DB, userId: string, browser: string, at: string): Promise<{ attempts: number; code_hash: string } | undefined> {
  return db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('browser', '=', browser)
    .where('attempts', '<', VERIFICATION.maxWrongAttempts)
    .where('expires_at', '>', at)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
}

/** Single use: the code is deleted when it is accepted; false if another request took it first. */
export async function consumeCode(db: DB, userId: string, browser: string, codeHash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('verification_codes')
    .where('user_id', '=', userId)
    .where('browser', '=', browser)
    .where('code_hash', '=', codeHash)
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Drops every pending code of the account, in every browser (the address was verified). */
export async function deleteCodes(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
}

/** Codes of accounts that stay unverified would stay; expired ones go now and then. */
export async function deleteExpiredCodes(db: DB, before: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('expires_at', '<', before).execute();
}
