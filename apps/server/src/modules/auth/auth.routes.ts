import {
  exchangeInput,
  loginInput,
  loginResponse,
  loginResult,
  refreshInput,
  refreshResult,
  verifyInput,
  verifyResult,
} from '@excursio/contract/auth';
import { errorResponse } from '@excursio/contract/list';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { baseUrl } from '../../config.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { accessTokenOf, clearAuthCookies, refreshTokenOf, setAuthCookies } from './cookies.ts';
import { exchangeHandover, login, logout, refreshSession, tokenNotValid, verifyAccessToken } from './session.service.ts';

const tags = ['auth'];
const errors = { 400: errorResponse, 401: errorResponse };
/** Browsers always send Origin on POST; its absence marks an API client, which gets tokens in the body. */
const isApiClient = (request: FastifyRequest) => request.headers.origin === undefined;
const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

export const authRoutes = (app: Api, ctx: AppContext) => {
  const { config } = ctx;

  app.post(
    '/api/jwt/create/',
    {
      config: {
        access: 'public',
        // Per IP and email, counted after the body is parsed.
        rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: emailKey },
      },
      schema: {
        tags,
        summary:
          'Sign in. On the user’s own subdomain sets HttpOnly cookies; elsewhere answers a one-minute handover link. ' +
          'Requests without an Origin header (API clients) also get `access` and `refresh` tokens in the body.',
        body: loginInput,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const apiClient = isApiClient(request);
      const outcome = await login(ctx, request.body, { subdomain: request.subdomain, apiClient, ip: request.ip });
      const home = baseUrl(config, outcome.subdomain);
      if (outcome.session) {
        if (request.subdomain === outcome.subdomain) setAuthCookies(reply, config, outcome.session);
        return {
          subdomain: outcome.subdomain,
          redirect_url: `${home}/dashboard`,
          ...(apiClient ? outcome.session : {}),
        };
      }
      return { subdomain: outcome.subdomain, redirect_url: `${home}/auth/handover?code=${outcome.handoverCode}` };
    },
  );

  app.post(
    '/api/jwt/exchange/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Trade a handover code for session cookies, on the user’s own subdomain',
        body: exchangeInput,
        response: { 200: loginResult, ...errors },
      },
    },
    async (request, reply) => {
      const { subdomain, session } = await exchangeHandover(ctx, request.body.code, request.subdomain);
      setAuthCookies(reply, config, session);
      return { subdomain, redirect_url: `${baseUrl(config, subdomain)}/dashboard` };
    },
  );

  app.post(
    '/api/jwt/refresh/',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Rotate the refresh token (cookie, or `refresh` in the body) and renew the cookies. ' +
          'API clients (no Origin header) get the new tokens in the body.',
        body: refreshInput.nullish(),
        response: { 200: refreshResult, ...errors },
      },
    },
    async (request, reply) => {
      const presented = request.body?.refresh ?? refreshTokenOf(request, config);
      try {
        if (!presented) throw tokenNotValid('No refresh token was provided.');
        const session = await refreshSession(ctx, presented);
        setAuthCookies(reply, config, session);
        return isApiClient(request) ? session : {};
      } catch (error) {
        clearAuthCookies(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/api/jwt/verify/',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Check an access token (body `token`, Bearer header or cookie) of an active user',
        body: verifyInput.nullish(),
        response: { 200: verifyResult, ...errors },
      },
    },
    async (request) => {
      await verifyAccessToken(ctx, request.body?.token ?? accessTokenOf(request, config));
      return {};
    },
  );

  app.post(
    '/api/logout/',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign out: revoke this session’s refresh token family and clear the cookies (no body)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await logout(ctx, refreshTokenOf(request, config));
      clearAuthCookies(reply, config);
      return reply.status(204).send(null);
    },
  );
};
