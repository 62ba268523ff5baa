// The operator's grant and revoke of the lifetime plan (npm run admin), for servers without
// payments and for support (docs/product-decisions.md, "Plans": plan changes other than buying
// lifetime go through support).
import type { DB } from '../../db/connection.js';
import { findUserByEmail } from '../users/users.repository.js';
import { dropLifetime, setLifetime } from './payments.repository.js';

export type PlanChange =
  | { kind: 'unknown_email'; email: string }
  | { kind: 'changed'; email: string; from: string; to: string }
  | { kind: 'unchanged'; email: string; tier: string };

export async function grantLifetime(db: DB, email: string, now: Date): Promise<PlanChange> {
  const user = await findUserByEmail(db, email.trim());
  if (!user) return { kind: 'unknown_email', email };
  if (user.subscription_tier === 'paid_lifetime') return { kind: 'unchanged', email: user.email, tier: user.subscription_tier };
  await setLifetime(db, user.id, now);
  return { kind: 'changed', email: user.email, from: user.subscription_tier, to: 'paid_lifetime' };
}

export async function revokeLifetime(db: DB, email: string, now: Date): Promise<PlanChange> {
  const user = await findUserByEmail(db, email.trim());
  if (!user) return { kind: 'unknown_email', email };
  if (!(await dropLifetime(db, user.id, now))) return { kind: 'unchanged', email: user.email, tier: user.subscription_tier };
  return { kind: 'changed', email: user.email, from: 'paid_lifetime', to: 'free_trial' };
}
