import { baseUrl } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { badRequest, invalid, notFound } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { findAccount } from '../accounts/base-accounts.repository.ts';
import { accountIdBySubdomain, emailInUse } from '../accounts/organization.repository.ts';
import { hashPassword, isCommonPassword } from '../auth/password.ts';
import { issueSession, type Session } from '../auth/session.service.ts';
import { consumeAuthToken } from '../auth/tokens.repository.ts';
import { expiresIn, hashToken, newToken, TOKEN_TTL_S } from '../auth/tokens.ts';
import { insertActiveUser, invitedMember, joinInvitedMember, openInvitation, replaceInviteToken } from './invites.repository.ts';
import { auditMember, memberSnapshot } from './team-audit.ts';
import { lockMember, updateMember } from './team-members.repository.ts';
import { EMAIL_HAS_ACCOUNT, getMember, insertInvitation } from './team-members.service.ts';

const INVALID_INVITE = 'Invalid or expired invitation.';

/** A fresh invitation token for the member; only its hash is stored. */
const issueToken = async (tx: Executor, accountId: string, memberId: string) => {
  const { token, hash } = newToken();
  await replaceInviteToken(tx, accountId, memberId, { hash, expiresAt: expiresIn(TOKEN_TTL_S.invite) });
  return token;
};

const sendInvite = async (ctx: AppContext, accountId: string, to: string, token: string) => {
  const account = await findAccount(ctx.db, accountId);
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
  caller: UserPrincipal,
  input: { email: string; first_name: string; last_name: string; role_id: string },
) => {
  const { memberId, token } = await ctx.db.transaction(async (tx) => {
    const member = await insertInvitation(tx, caller, input);
    const invited = await getMember(tx, caller.accountId, member.id);
    await auditMember(tx, caller.accountId, invited, null, memberSnapshot(invited), 'invited');
    return { memberId: member.id, token: await issueToken(tx, caller.accountId, member.id) };
  });
  await sendInvite(ctx, caller.accountId, input.email, token);
  return getMember(ctx.db, caller.accountId, memberId);
};

export const resendInvite = async (ctx: AppContext, caller: UserPrincipal, memberId: string) => {
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

/** The organization of the address the invitation is opened on; an invitation only works there. */
const invitingAccount = async (ctx: AppContext, subdomain: string | null) => {
  const accountId = subdomain ? await accountIdBySubdomain(ctx.db, subdomain) : null;
  if (!subdomain || !accountId) {
    throw badRequest("Open the invitation link on your organization's address.", 'wrong_tenant');
  }
  return { subdomain, accountId };
};

/** Who is invited to which organization, for the page the link opens; the token stays unused. */
export const invitationDetails = async (ctx: AppContext, subdomain: string | null, token: string) => {
  const { accountId } = await invitingAccount(ctx, subdomain);
  const found = await openInvitation(ctx.db, accountId, hashToken(token));
  if (!found) throw invalid('token', INVALID_INVITE, 'invalid_token');
  return {
    organization_name: found.organizationName,
    email: found.email,
    first_name: found.firstName,
    last_name: found.lastName,
  };
};

/**
 * The invited person chooses a password on their organization's address. The token is consumed
 * by one conditional UPDATE, so of any number of concurrent attempts exactly one succeeds. The new
 * member is signed in at once: they just proved they hold the mailed link and chose the password.
 */
export const acceptInvite = async (
  ctx: AppContext,
  subdomain: string | null,
  input: { token: string; password: string; first_name?: string; last_name?: string },
): Promise<{ subdomain: string; session: Session }> => {
  const { accountId } = await invitingAccount(ctx, subdomain);
  if (isCommonPassword(input.password)) {
    throw invalid('password', 'This password is too common.', 'password_too_common');
  }
  // Hash outside the transaction: ~100 ms that should not hold a connection and locks.
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const used = await consumeAuthToken(tx, hashToken(input.token), 'invite', accountId);
      const member = used?.subjectId ? await invitedMember(tx, accountId, used.subjectId) : null;
      if (!member) throw invalid('token', INVALID_INVITE, 'invalid_token');
      if (await emailInUse(tx, member.email)) throw invalid(null, EMAIL_HAS_ACCOUNT, 'email_taken');
      const firstName = input.first_name ?? member.firstName;
      const lastName = input.last_name ?? member.lastName;
      const user = await insertActiveUser(tx, accountId, { email: member.email, passwordHash, firstName, lastName });
      const joined = await joinInvitedMember(tx, accountId, member.id, { userId: user.id, firstName, lastName });
      if (!joined) throw invalid('token', INVALID_INVITE, 'invalid_token');
      const after = await getMember(tx, accountId, member.id);
      const actor = { kind: 'user', id: user.id, name: `${firstName} ${lastName}`.trim() || member.email, ip: null } as const;
      await auditMember(tx, accountId, after, { Status: 'invited' }, { Status: after.status }, 'joined', actor);
      return user.id;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw invalid(null, EMAIL_HAS_ACCOUNT, 'email_taken');
    throw error;
  }
  return { subdomain: subdomain as string, session: await issueSession(ctx, ctx.db, { userId, accountId }) };
};
