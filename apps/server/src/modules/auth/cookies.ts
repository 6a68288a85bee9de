import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Host-only cookies (no Domain attribute): each organization subdomain is its own cookie jar.
 * Over https the `__Host-` prefix pins them to the host, path `/` and Secure.
 */
export const cookieNames = (config: Config) => {
  const prefix = config.APP_PROTOCOL === 'https' ? '__Host-' : '';
  return {
    access: `${prefix}excursio_access`,
    refresh: `${prefix}excursio_refresh`,
    session: `${prefix}excursio_session`,
  };
};

/**
 * `setAuthCookies` also sets `session`: a cookie the page can read, holding no secret — that a
 * session exists on this host, and when its access token expires (Unix seconds). The web app skips
 * the verify and refresh calls that cannot succeed (no session: both would answer 401), and
 * refreshes first when the access token has expired.
 */
export const setAuthCookies = (reply: FastifyReply, config: Config, tokens: { access: string; refresh: string }) => {
  const names = cookieNames(config);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.APP_PROTOCOL === 'https', path: '/' };
  reply.setCookie(names.access, tokens.access, { ...base, maxAge: config.ACCESS_TOKEN_TTL_S });
  reply.setCookie(names.refresh, tokens.refresh, { ...base, maxAge: config.REFRESH_TOKEN_TTL_S });
  const accessExpires = Math.floor(Date.now() / 1000) + config.ACCESS_TOKEN_TTL_S;
  reply.setCookie(names.session, String(accessExpires), { ...base, httpOnly: false, maxAge: config.REFRESH_TOKEN_TTL_S });
};

export const clearAuthCookies = (reply: FastifyReply, config: Config) => {
  const names = cookieNames(config);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.APP_PROTOCOL === 'https', path: '/' };
  reply.clearCookie(names.access, base);
  reply.clearCookie(names.refresh, base);
  reply.clearCookie(names.session, { ...base, httpOnly: false });
};

/** The access token from `Authorization: Bearer` (API clients) or the cookie (browser). */
export const accessTokenOf = (request: FastifyRequest, config: Config): string | null => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[cookieNames(config).access] ?? null;
};

export const refreshTokenOf = (request: FastifyRequest, config: Config): string | null =>
  request.cookies[cookieNames(config).refresh] ?? null;
