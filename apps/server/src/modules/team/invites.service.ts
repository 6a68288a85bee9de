import { createHash, randomBytes } from 'node:crypto';
import { baseUrl } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest, invalid, notFound } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { accountIdBySubdomain, emailTaken } from '../accounts/organization.repository.ts';
import { hashPassword, isCommonPassword } from '../auth/password.ts';
import {
  accountSummary,
  consumeInviteToken,
  insertActiveUser,
  invitedMember,
  joinInvitedMember,
  replaceInviteToken,
} from './invites.repository.ts';
import { isUniqueViolation } from './roles.repository.ts';
import { lockMember, updateMember } from './team-members.repository.ts';
import { EMAIL_HAS_ACCOUNT, getMember, insertInvitation } from './team-members.service.ts';

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
export const INVALID_INVITE = 'Invalid or expired invitation.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh invitation token for the member; only its hash is stored. */
const issueToken = async (tx: Executor, accountId: string, memberId: string) => {
  const token = randomBytes(32).toString('base64url');
  await replaceInviteToken(tx, accountId, memberId, {
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
  });
  return token;
};

const sendInvite = async (ctx: AppContext, accountId: string, to: string, token: string) => {
  const account = await accountSummary(ctx.db, accountId);
  if (!account) throw notFound();
  const link = `${baseUrl(ctx.config, account.subdomain)}/auth/accept-invite?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to,
    subject: `You are invited to join ${account.name} on Excursio`,
    text: [
      'Hello,',
      '',
      `You have been invited to join ${account.name} on Excursio.`,
      'Choose a password to accept the invitation:',
      '',
      link,
      '',
      'The link is valid for 7 days and can be used once. If you did not expect this invitation, ignore this message.',
    ].join('\n'),
  });
};

export const inviteMember = async (
  ctx: AppContext,
  caller: Principal,
  input: { email: string; first_name: string; last_name: string; role_id: string },
) => {
  const { memberId, token } = await ctx.db.transaction(async (tx) => {
    const member = await insertInvitation(tx, caller, input);
    return { memberId: member.id, token: await issueToken(tx, caller.accountId, member.id) };
  });
  await sendInvite(ctx, caller.accountId, input.email, token);
  return getMember(ctx.db, caller.accountId, memberId);
};

export const resendInvite = async (ctx: AppContext, caller: Principal, memberId: string) => {
  const { email, token } = await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, caller.accountId, memberId);
    if (!member) throw notFound();
    if (member.status !== 'invited') throw badRequest('This person has already accepted the invitation.', 'already_joined');
    await updateMember(tx, caller.accountId, memberId, { invitedAt: new Date() });
    return { email: member.email, token: await issueToken(tx, caller.accountId, memberId) };
  });
  await sendInvite(ctx, caller.accountId, email, token);
  return getMember(ctx.db, caller.accountId, memberId);
};

/**
 * The invited person chooses a password on their organization's address. The token is consumed
 * by one conditional UPDATE, so of any number of concurrent attempts exactly one succeeds.
 */
export const acceptInvite = async (
  ctx: AppContext,
  subdomain: string | null,
  input: { token: string; password: string; first_name?: string; last_name?: string },
) => {
  const accountId = subdomain ? await accountIdBySubdomain(ctx.db, subdomain) : null;
  if (!subdomain || !accountId) {
    throw badRequest("Open the invitation link on your organization's address.", 'wrong_tenant');
  }
  if (isCommonPassword(input.password)) {
    throw invalid('password', 'This password is too common.', 'password_too_common');
  }
  // Hash outside the transaction: ~100 ms that should not hold a connection and locks.
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const used = await consumeInviteToken(tx, accountId, hashToken(input.token));
      const member = used?.subjectId ? await invitedMember(tx, accountId, used.subjectId) : null;
      if (!member) throw invalid('token', INVALID_INVITE, 'invalid_token');
      if (await emailTaken(tx, member.email)) throw invalid(null, EMAIL_HAS_ACCOUNT, 'email_taken');
      const firstName = input.first_name ?? member.firstName;
      const lastName = input.last_name ?? member.lastName;
      const user = await insertActiveUser(tx, accountId, { email: member.email, passwordHash, firstName, lastName });
      const joined = await joinInvitedMember(tx, accountId, member.id, { userId: user.id, firstName, lastName });
      if (!joined) throw invalid('token', INVALID_INVITE, 'invalid_token');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(null, EMAIL_HAS_ACCOUNT, 'email_taken');
    throw error;
  }
  return { subdomain };
};
