// The rules of a household (docs/product-decisions.md, "A pick for two"; docs/security.md,
// "Household invites"): invite by email, accept with the account the invite was sent to, leave in
// one click. Routes call these with parsed input.
import { randomBytes, randomUUID } from 'node:crypto';
import { HOUSEHOLD, type HouseholdInviteView, type HouseholdState } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, fieldError, forbidden } from '../../http/errors.js';
import { translate, userLocale, type Message } from '../../i18n/messages.js';
import { hit } from '../../http/rate-limit.js';
import { sha256Hex } from '../extension/extension-token.js';
import { LIMIT_WINDOW_SECONDS } from '../auth/limit-window.js';
import type { History } from '../history/history.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository.js';
import { householdInviteEmail } from './household.emails.js';
import * as repo from './household.repository.js';
import { displayName, presentTogether } from './together.present.js';

export const HOUSEHOLD_TEXTS = {
  self: 'That is your own address. Invite your partner with theirs.',
  alreadyIn: 'You are already in a household. Leave it first.',
  partnerIn: 'That person is already in a household with someone else.',
  pending: 'You already have an invite waiting for an answer. Cancel it first to invite someone else.',
  tooMany: 'Too many invites. Please wait and try again.',
  invalid: 'This invite link is not valid. Ask for a new invite.',
  used: 'This invite was already accepted.',
  revoked: 'This invite was cancelled. Ask for a new invite.',
  expired: 'This invite has expired. Ask for a new invite.',
  own: 'This is your own invite: send the link to your partner.',
  otherAddress: 'This invite was sent to another address. Sign in with the address it was sent to.',
  unverified: 'Verify your email address first, then open the invite link again.',
  inviterIn: 'Whoever invited you is now in another household. Ask them for a new invite.',
} as const;

/** The same texts as catalog Messages (shared/locales/server-picks), said in the reader's language; English is HOUSEHOLD_TEXTS. */
// i18n-dynamic: server-picks.household.
const HOUSEHOLD_MESSAGES = Object.fromEntries(Object.keys(HOUSEHOLD_TEXTS).map((k) => [k, { key: `server-picks.household.${k}` }])) as Record<keyof typeof HOUSEHOLD_TEXTS, Message>;

/** What the signed-in user sees of their household: members, their pending invite, the newest together pick. */
export async function householdState(ctx: AppContext, history: History, user: UserRow): Promise<HouseholdState> {
  const now = ctx.clock.now();
  const [household, invite] = await Promise.all([repo.householdOf(ctx.db, user.id), repo.pendingInviteFrom(ctx.db, user.id, now)]);
  const partner = household ? await findUserById(ctx.db, household.owner_id === user.id ? household.partner_id : household.owner_id) : undefined;
  const latest = household && partner ? await repo.latestTogetherPick(ctx.db, household.id) : undefined;
  return {
    household:
      household && partner
        ? {
            since: household.created_at,
            members: [
              { name: displayName(user), you: true },
              { name: displayName(partner), you: false },
            ],
          }
        : null,
    invite: invite ? { email: invite.email, expires_at: invite.expires_at } : null,
    pick: latest && partner ? await presentTogether(ctx, history.catalog, latest, user, partner) : null,
  };
}

export async function inviteToHousehold(ctx: AppContext, history: History, user: UserRow, ip: string, email: string): Promise<HouseholdState> {
  if (email === user.email.toLowerCase()) throw fieldError('email', HOUSEHOLD_MESSAGES.self);
  const now = ctx.clock.now();
  // Each invite sends a mail: limited per account and per network, like the other mail-sending routes.
  // The limiter takes a text, so the refusal is said here, in the user's language.
  const tooMany = translate(userLocale(user), HOUSEHOLD_MESSAGES.tooMany.key);
  await hit(ctx.db, { bucket: `household-invite:ip:${ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, tooMany);
  await hit(ctx.db, { bucket: `household-invite:${user.id}`, max: HOUSEHOLD.invitesPerHour, windowSeconds: 3600 }, now, tooMany);
  const token = randomBytes(32).toString('base64url');
  // The user row serialises this user's household changes (any instance).
  await history.write(user.id, async ({ tx }) => {
    if (await repo.householdOf(tx, user.id)) throw conflict(HOUSEHOLD_MESSAGES.alreadyIn);
    if (await repo.pendingInviteFrom(tx, user.id, now)) throw conflict(HOUSEHOLD_MESSAGES.pending);
    const invitee = await findUserByEmail(tx, email);
    if (invitee && (await repo.householdOf(tx, invitee.id))) throw conflict(HOUSEHOLD_MESSAGES.partnerIn);
    // Expired invites still marked pending are closed now, so only one invite of a user is ever open.
    await repo.revokeInvitesFrom(tx, user.id, now);
    await repo.insertInvite(tx, {
      id: randomUUID(),
      inviter_id: user.id,
      email,
      token_hash: sha256Hex(token),
      status: 'pending',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + HOUSEHOLD.inviteTtlDays * 86_400_000).toISOString(),
      closed_at: null,
    });
  });
  ctx.mailer
    .send(householdInviteEmail(ctx.config.appUrl, email, displayName(user), token, userLocale(user)))
    .catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'could not send the household invite email'));
  return householdState(ctx, history, user);
}

/**
 * Who sent the invite a link holds, for its page: the same first name the invite mail shows. The
 * token is 32 random bytes only the mail's recipient has, so it tells nothing a guess could find;
 * a link that can no longer be accepted answers with the sentence accepting would give.
 */
export async function viewInvite(ctx: AppContext, token: string): Promise<HouseholdInviteView> {
  const invite = await repo.inviteByHash(ctx.db, sha256Hex(token));
  if (!invite) throw badRequest(HOUSEHOLD_MESSAGES.invalid);
  if (invite.status === 'accepted') throw badRequest(HOUSEHOLD_MESSAGES.used);
  if (invite.status !== 'pending') throw badRequest(HOUSEHOLD_MESSAGES.revoked);
  if (invite.expires_at <= ctx.clock.now().toISOString()) throw badRequest(HOUSEHOLD_MESSAGES.expired);
  const inviter = await findUserById(ctx.db, invite.inviter_id);
  if (!inviter) throw badRequest(HOUSEHOLD_MESSAGES.invalid);
  return { inviter: displayName(inviter), expires_at: invite.expires_at };
}

/** Whether this user may accept the invite now; throws the sentence that says why not. */
function checkInvite(invite: repo.InviteRow | undefined, user: UserRow, now: Date): repo.InviteRow {
  if (!invite) throw badRequest(HOUSEHOLD_MESSAGES.invalid);
  if (invite.status === 'accepted') throw badRequest(HOUSEHOLD_MESSAGES.used);
  if (invite.status !== 'pending') throw badRequest(HOUSEHOLD_MESSAGES.revoked);
  if (invite.expires_at <= now.toISOString()) throw badRequest(HOUSEHOLD_MESSAGES.expired);
  if (invite.inviter_id === user.id) throw badRequest(HOUSEHOLD_MESSAGES.own);
  // Only the account with the invited address, verified, may accept: a forwarded or leaked link
  // is worth nothing to anyone else.
  if (user.email.toLowerCase() !== invite.email) throw forbidden(HOUSEHOLD_MESSAGES.otherAddress);
  if (!user.email_verified) throw forbidden(HOUSEHOLD_MESSAGES.unverified);
  return invite;
}

export async function acceptInvite(ctx: AppContext, history: History, user: UserRow, token: string): Promise<HouseholdState> {
  const now = ctx.clock.now();
  const hash = sha256Hex(token);
  // Who sent it, to lock both members' rows in id order (two accepts or picks never wait on each
  // other in a circle); checked again under the locks.
  const inviterId = checkInvite(await repo.inviteByHash(ctx.db, hash), user, now).inviter_id;
  await history.write(
    user.id,
    async ({ tx }) => {
      const invite = checkInvite(await repo.inviteByHash(tx, hash), user, now);
      if (await repo.householdOf(tx, user.id)) throw conflict(HOUSEHOLD_MESSAGES.alreadyIn);
      if (await repo.householdOf(tx, invite.inviter_id)) throw conflict(HOUSEHOLD_MESSAGES.inviterIn);
      if (!(await repo.closeInvite(tx, invite.id, 'accepted', now))) throw badRequest(HOUSEHOLD_MESSAGES.used);
      await repo.insertHousehold(tx, { id: randomUUID(), owner_id: invite.inviter_id, partner_id: user.id, created_at: now.toISOString() });
      // Whatever else either of them had sent is moot now.
      await repo.revokeInvitesFrom(tx, user.id, now);
      await repo.revokeInvitesFrom(tx, invite.inviter_id, now);
    },
    { alsoLock: inviterId },
  );
  return householdState(ctx, history, user);
}

/**
 * Leave (or cancel a pending invite): one click. The household dissolves with its together picks;
 * each member keeps the ratings they gave in their own history. Pending invites the user sent are
 * revoked. Answers the state either way, so a second click is harmless.
 */
export async function leaveHousehold(ctx: AppContext, history: History, user: UserRow): Promise<HouseholdState> {
  const now = ctx.clock.now();
  await history.write(user.id, async ({ tx }) => {
    const household = await repo.householdOf(tx, user.id);
    if (household) await repo.deleteHousehold(tx, household.id);
    await repo.revokeInvitesFrom(tx, user.id, now);
  });
  return householdState(ctx, history, user);
}
