// The household part of an account's data export: membership, the invites the account sent and
// received, and the together picks it asked for or rated. Never a token or its hash.
import type { HouseholdExport } from '@app/shared';
import type { DB } from '../../db/connection.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { householdExportRows } from './household.repository.js';
import { displayName } from './together.present.js';

export async function householdExport(db: DB, user: UserRow): Promise<HouseholdExport> {
  const { household, sent, received, picks } = await householdExportRows(db, user.id, user.email);
  const partner = household ? await findUserById(db, household.owner_id === user.id ? household.partner_id : household.owner_id) : undefined;
  return {
    member:
      household && partner ? { role: household.owner_id === user.id ? 'inviter' : 'partner', partner_name: displayName(partner), since: household.created_at } : null,
    invites_sent: sent,
    invites_received: received.map((r) => ({
      from: displayName({ full_name: r.full_name, email: r.inviter_email }),
      status: r.status,
      created_at: r.created_at,
      expires_at: r.expires_at,
      closed_at: r.closed_at,
    })),
    together_picks: picks.map((p) => ({
      title_id: p.title_id,
      title: p.movie_title,
      asked_by_you: p.asked_by === user.id,
      platform: p.platform,
      reason: p.reason,
      created_at: p.created_at,
      your_rating: p.rating === null || p.rating === undefined ? null : Number(p.rating) === 1 ? 'liked' : 'disliked',
    })),
  };
}
