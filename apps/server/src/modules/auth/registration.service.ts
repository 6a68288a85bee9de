import type { RegistrationInput } from '@excursio/contract/auth';
import { v7 as uuidv7 } from 'uuid';
import { baseUrl } from '../../config.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { DEFAULT_TIER } from '../../db/seed/catalog.ts';
import { invalid, refusedByState } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { commitWithoutFlush, insertOrganization, subdomainInUse } from '../accounts/organization.repository.ts';
import { activationMail, alreadyRegisteredMail } from './auth-mails.ts';
import { hashPassword } from './password.ts';
import { assertAcceptablePassword } from './password-rules.ts';
import { consumeAuthToken, replaceAuthToken, usedAuthTokenUser } from './tokens.repository.ts';
import { expiresIn, hashToken, newToken, TOKEN_TTL_S } from './tokens.ts';
import { activateUser, findUserByEmail, findUserById } from './users.repository.ts';

const subdomainTaken = () => invalid('subdomain', 'This subdomain is already taken.', 'unique');

const sendActivation = async (ctx: AppContext, user: { id: string; accountId: string; email: string }) => {
  const { token, hash } = newToken();
  await ctx.db.transaction((tx) =>
    replaceAuthToken(tx, {
      kind: 'activation',
      tokenHash: hash,
      accountId: user.accountId,
      userId: user.id,
      expiresAt: expiresIn(TOKEN_TTL_S.activation),
    }),
  );
  await ctx.mailer.send(activationMail(user.email, `${baseUrl(ctx.config)}/auth/activate?token=${token}`));
};

/**
 * Creates the organization on its default plan with an inactive owner. A known email gets the
 * very same answer (with an id that exists nowhere) and nothing is written; its owner is told.
 * Both paths do the same work before answering — hash, subdomain check, the insert transaction
 * (refused by the email's unique index for a known email) — and mail afterwards, so the answer
 * time does not tell whether an email has an account.
 */
export const register = async (ctx: AppContext, input: RegistrationInput) => {
  assertAcceptablePassword(input.password, input.email, 'password');
  const passwordHash = await hashPassword(input.password);
  if (await subdomainInUse(ctx.db, input.subdomain)) throw subdomainTaken();
  let created: Awaited<ReturnType<typeof insertOrganization>>;
  try {
    created = await ctx.db.transaction(async (tx) => {
      await commitWithoutFlush(tx);
      return insertOrganization(tx, {
        type: input.account_type,
        name: input.organization_name,
        subdomain: input.subdomain,
        tierCode: DEFAULT_TIER[input.account_type],
        timezone: input.timezone,
        owner: {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          isActive: false,
        },
      });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint.includes('subdomain')) throw subdomainTaken();
    ctx.background.run('registration: already registered', () => notifyExistingAccount(ctx, input.email));
    return { id: uuidv7(), email: input.email };
  }
  const owner = { id: created.user.id, accountId: created.account.id, email: created.user.email };
  ctx.background.run('registration: activation', () => sendActivation(ctx, owner));
  return { id: owner.id, email: owner.email };
};

const notifyExistingAccount = async (ctx: AppContext, email: string) => {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.mailer.send(alreadyRegisteredMail(user.email, `${baseUrl(ctx.config, user.subdomain)}/auth/login`));
};

/**
 * Activates the user a link was issued to. A link opened again after it activated its (still
 * active) user answers 409 `already_active` — only a token we issued and that did its work can say
 * so, which tells nothing about other tokens or emails; anything else is 'Invalid or expired token.'
 */
export const activate = async (ctx: AppContext, token: string) => {
  const tokenHash = hashToken(token);
  const activated = await ctx.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, tokenHash, 'activation');
    if (!used?.userId) return false;
    await activateUser(tx, used.userId);
    return true;
  });
  if (activated) return;
  const userId = await usedAuthTokenUser(ctx.db, tokenHash, 'activation');
  const user = userId ? await findUserById(ctx.db, userId) : null;
  if (user?.isActive && user.activatedAt) throw refusedByState('already_active', ALREADY_ACTIVE, 'token');
  throw invalid('token', 'Invalid or expired token.', 'invalid_token');
};

export const ALREADY_ACTIVE = 'This account is already active. Log in.';

/** Always succeeds from the caller's view; mails only an existing, not yet active user. */
export const resendActivation = async (ctx: AppContext, email: string) => {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.isActive || user.memberStatus === 'deactivated' || user.activatedAt) return;
  await sendActivation(ctx, user);
};
