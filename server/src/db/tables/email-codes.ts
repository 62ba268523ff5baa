// The emailed one-time codes, one table a purpose.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).

/** An emailed sign-up code for one account and one browser (a hash of its tp_unlock cookie). */
export interface VerificationCodesTable {
  user_id: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** An emailed sign-in code for one address and one browser (a hash of its tp_unlock cookie). */
export interface LoginUnlockCodesTable {
  email: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** An emailed password reset code for one address (with or without an account) and one browser. */
export interface PasswordResetCodesTable {
  email: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** The code sent to the address a signed-in user asked to move to. */
export interface EmailChangeCodesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** An emailed code confirming the deletion of an account without a password. */
export interface AccountDeletionCodesTable {
  user_id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}
