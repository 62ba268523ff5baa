// The operator's side of account data (npm run admin): list accounts, export one, delete one.
// Export and deletion are the same functions the API runs (account.export.ts, account.service.ts).
import type { DB } from '../../db/connection.js';
import { lastHistoryActivity } from '../history/history-reads.repository.js';
import { findUserByEmail } from '../users/users.repository.js';
import { accountsForListing } from './account.repository.js';
import { buildAccountExport } from './account.export.js';
import { eraseAccount, type AccountDeps } from './account.service.js';
import type { AccountExport } from '@app/shared';

export interface AccountListing {
  email: string;
  plan: string;
  created_at: string;
  /** The latest of: a profile change, a recommendation issued or rated, a page view, an extension call. */
  last_active_at: string;
}

export async function listAccounts(db: DB): Promise<AccountListing[]> {
  const [rows, lastPick] = await Promise.all([accountsForListing(db), lastHistoryActivity(db)]);
  return rows.map((r) => ({
    email: r.email,
    plan: r.subscription_tier,
    created_at: r.created_at,
    last_active_at: [r.updated_at, lastPick.get(r.id), r.last_event, r.last_extension].filter((v): v is string => typeof v === 'string').sort().at(-1)!,
  }));
}

export function formatAccounts(list: AccountListing[]): string {
  const head = ['EMAIL', 'PLAN', 'CREATED', 'LAST ACTIVE'];
  const rows = list.map((a) => [a.email, a.plan, a.created_at.slice(0, 16).replace('T', ' '), a.last_active_at.slice(0, 16).replace('T', ' ')]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(head), ...rows.map(line), `${list.length} ${list.length === 1 ? 'account' : 'accounts'}`].join('\n');
}

export async function exportAccountByEmail(db: DB, email: string, now: Date): Promise<AccountExport | null> {
  const user = await findUserByEmail(db, email.trim());
  return user ? buildAccountExport(db, user.id, now) : null;
}

export async function deleteAccountByEmail(deps: AccountDeps, email: string): Promise<string | null> {
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user) return null;
  return (await eraseAccount(deps, user.id))?.email ?? null;
}
