// The code sent to the address a signed-in user asked to move to (docs/security.md, "Email change").
import type { Selectable } from 'kysely';
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

export async function addWrongEmailChangeAttempt(db: DB, userId: string): Promise<number> {
  const r = await db
    .updateTable('email_change_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .returning('attempts')
    .executeTakeFirst();
  return Number(r?.attempts ?? 0);
}

export async function consumeEmailChange(db: DB, userId: string, codeHash: string): Promise<boolean> {
  const r = await db.deleteFrom('email_change_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).returning('user_id').executeTakeFirst();
  return r !== undefined;
}
