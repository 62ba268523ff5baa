// The writes on users that decide who owns an address (docs/security.md, "Pre-registration").
import type { DB } from '../../db/connection.js';
import type { UserRow } from '../users/users.repository.js';
import { keepSchedule } from '../users/delivery-schedule.repository.js';

/**
 * A new registration of an address nobody has verified yet replaces the pending one: its password
 * and name. Conditional on the account still being unverified; undefined when it was verified meanwhile.
 */
export function replacePendingRegistration(db: DB, userId: string, passwordHash: string, fullName: string | null, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, full_name: fullName, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_verified', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks the address verified by whoever proved they receive its mail. The password stays only when
 * it is `keepPasswordHash`, the one the verifier proved they chose (checked in the same statement,
 * so a registration replacing it meanwhile is not kept by mistake). Otherwise the password and the
 * name that came with it are removed, and every token and connected browser issued before now
 * stops working.
 */
export async function claimAddress(db: DB, userId: string, keepPasswordHash: string | null, now: Date): Promise<UserRow> {
  if (keepPasswordHash !== null) {
    const kept = await db
      .updateTable('users')
      .set({ email_verified: 1, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .where('password_hash', '=', keepPasswordHash)
      .returningAll()
      .executeTakeFirst();
    if (kept) {
      await keepSchedule(db, kept, now);
      return kept;
    }
  }
  const row = await db
    .updateTable('users')
    .set({ email_verified: 1, password_hash: null, full_name: null, tokens_valid_after: now.getTime(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await keepSchedule(db, row, now);
  return row;
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
