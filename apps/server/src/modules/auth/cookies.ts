import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Host-only cookies (no Domain attribute): each organization subdomain is its own cookie jar.
 * Over https the `__Host-` prefix pins them to the host, path `/` and Secure.
 */
export const cookieNames = (config: Config) => {
  const prefix = config.APP_PROTOCOL === 'https' ? '__Host-' : '';
  return { access: `${prefix}excursio_access`, refresh: `${prefix}excursio_refresh` };
};

export const setAuthCookies = (reply: FastifyReply, config: Config, tokens: { access: string; refresh: string }) => {
  const names = cookieNames(config);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.APP_PROTOCOL === 'https', path: '/' };
  reply.setCookie(names.access, tokens.access, { ...base, maxAge: config.ACCESS_TOKEN_TTL_S });
  reply.setCookie(names.refresh, tokens.refresh, { ...base, maxAge: config.REFRESH_TOKEN_TTL_S });
};

export const clearAuthCookies = (reply: FastifyReply, config: Config) => {
  const names = cookieNames(config);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.APP_PROTOCOL === 'https', path: '/' };
  reply.clearCookie(names.access, base);
  reply.clearCookie(names.refresh, base);
};

/** The access token from `Authorization: Bearer` (API clients) or the cookie (browser). */
export const accessTokenOf = (request: FastifyRequest, config: Config): string | null => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[cookieNames(config).access] ?? null;
};

export const refreshTokenOf = (request: FastifyRequest, config: Config): string | null =>
  request.cookies[cookieNames(config).refresh] ?? null;
