import {
  deleteMeInput,
  emailInput,
  me,
  mePatchInput,
  meUpdateInput,
  registrationInput,
  registrationResult,
  resetEmailConfirmInput,
  resetPasswordConfirmInput,
  setEmailInput,
  setPasswordInput,
  tokenInput,
} from '@excursio/contract/auth';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { userPrincipalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { clearAuthCookies, setAuthCookies } from './cookies.ts';
import {
  confirmEmailReset,
  confirmPasswordReset,
  requestEmailReset,
  requestPasswordReset,
  setEmail,
  setPassword,
} from './credentials.service.ts';
import { deleteMe, getMe, updateMe } from './me.service.ts';
import { activate, register, resendActivation } from './registration.service.ts';

const tags = ['users'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const noContent = { 204: z.null(), ...errors };
/** Endpoints that send mail or take a secret: a few per minute per IP. */
const mailLimit = { max: 5, timeWindow: '1 minute' };
const tokenLimit = { max: 20, timeWindow: '1 minute' };

/** Registration, activation, password and email changes, and the signed-in user's own profile. */
export const accountRoutes = (app: Api, ctx: AppContext) => {
  app.post(
    '/api/users/',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Register an organization and its owner (inactive until the emailed link is opened)',
        body: registrationInput,
        response: { 201: registrationResult, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
  );

  app.post(
    '/api/users/activation/',
    {
      config: { access: 'public', rateLimit: tokenLimit },
      schema: {
        tags,
        summary: 'Activate an account with the emailed token',
        description:
          "A link opened again after it activated its user answers 409 `already_active` ('This account is already active. Log in.').",
        body: tokenInput,
        response: { ...noContent, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await activate(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );

  const mailRoute = (url: string, summary: string, run: (email: string) => Promise<void>) =>
    app.post(
      url,
      {
        config: { access: 'public', rateLimit: mailLimit },
        schema: { tags, summary, body: emailInput, response: noContent },
      },
      async (request, reply) => {
        // Looked up and mailed after the answer: a known and an unknown email take the same time.
        const { email } = request.body;
        ctx.background.run(url, () => run(email));
        return reply.status(204).send(null);
      },
    );
  mailRoute('/api/users/resend_activation/', 'Mail a new activation link (same answer for any email)', (email) =>
    resendActivation(ctx, email),
  );
  mailRoute('/api/users/reset_password/', 'Mail a password reset link (same answer for any email)', (email) =>
    requestPasswordReset(ctx, email),
  );
  mailRoute('/api/users/reset_email/', 'Mail a link to change the sign-in email to the current address', (email) =>
    requestEmailReset(ctx, email),
  );

  app.post(
    '/api/users/reset_password_confirm/',
    {
      config: { access: 'public', rateLimit: tokenLimit },
      schema: { tags, summary: 'Set a new password with a reset token', body: resetPasswordConfirmInput, response: noContent },
    },
    async (request, reply) => {
      await confirmPasswordReset(ctx, request.body.token, request.body.new_password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/reset_email_confirm/',
    {
      config: { access: 'public', rateLimit: tokenLimit },
      schema: { tags, summary: 'Set a new sign-in email with a reset token', body: resetEmailConfirmInput, response: noContent },
    },
    async (request, reply) => {
      await confirmEmailReset(ctx, request.body.token, request.body.new_email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/set_password/',
    {
      config: { access: 'authenticated', rateLimit: tokenLimit },
      schema: {
        tags,
        summary: 'Change the password; ends every other session and renews this one',
        body: setPasswordInput,
        response: noContent,
      },
    },
    async (request, reply) => {
      const session = await setPassword(ctx, userPrincipalOf(request), request.body.current_password, request.body.new_password);
      setAuthCookies(reply, ctx.config, session);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/set_email/',
    {
      config: { access: 'authenticated', rateLimit: tokenLimit },
      schema: { tags, summary: 'Change the sign-in email', body: setEmailInput, response: noContent },
    },
    async (request, reply) => {
      await setEmail(ctx, userPrincipalOf(request), request.body.current_password, request.body.new_email);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The signed-in user with role, organization and plan features', response: { 200: me, ...errors } },
    },
    async (request) => getMe(userPrincipalOf(request)),
  );

  app.put(
    '/api/users/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Replace the signed-in user’s profile', body: meUpdateInput, response: { 200: me, ...errors } },
    },
    async (request) => updateMe(ctx, userPrincipalOf(request), request.body),
  );

  app.patch(
    '/api/users/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Update the signed-in user’s profile', body: mePatchInput, response: { 200: me, ...errors } },
    },
    async (request) => updateMe(ctx, userPrincipalOf(request), request.body),
  );

  app.delete(
    '/api/users/me/',
    {
      config: { access: 'authenticated', rateLimit: tokenLimit },
      schema: {
        tags,
        summary: 'Deactivate the signed-in user (password required); the last owner cannot',
        body: deleteMeInput,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteMe(ctx, userPrincipalOf(request), request.body.current_password);
      clearAuthCookies(reply, ctx.config);
      return reply.status(204).send(null);
    },
  );
};
