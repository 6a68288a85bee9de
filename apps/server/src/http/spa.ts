import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The webstore's embeddable widget: `/s/{store}/embed/…`, the one page other sites may frame. */
const EMBED = /^\/s\/[^/]+\/embed(\/|$)/;
/** The login page: its own light entry (login.html), exactly this path with or without the slash. */
const LOGIN = /^\/auth\/login\/?$/;

/**
 * Serves the built web app on the bare domain and every subdomain. Unknown non-API paths get
 * index.html (client-side routes), except the public webstore's `/s` and `/s/*`, which get
 * webstore.html (its own, much lighter entry), and `/auth/login`, which gets login.html (the login
 * page without the dashboard's libraries; index.html when a build has none); unknown API paths get
 * the JSON 404.
 *
 * The build writes a brotli (.br) and a gzip (.gz) file beside each text asset (vite.config.ts);
 * `preCompressed` picks the best one the client accepts (br, then gzip, else the file itself) and
 * answers `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export const registerSpa = async (app: FastifyInstance, webDist: string) => {
  const built = existsSync(join(webDist, 'index.html'));
  const loginPage = existsSync(join(webDist, 'login.html')) ? 'login.html' : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed siblings are encodings of their file, not URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        // Only Vite's content-hashed output under assets/ may be cached for good; index.html and
        // the public files keep their names across builds and must be revalidated.
        const hashed = relative(webDist, path).startsWith(`assets${sep}`);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (e.g. an asset of an older build) is a 404, never index.html served as script.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/assets/');
    if (path.startsWith('/api') || path.startsWith('/schema') || isFile || !['GET', 'HEAD'].includes(request.method) || !built) {
      if (!built && !path.startsWith('/api') && request.method === 'GET') {
        request.log.warn('web app not built: run `npm run build`');
      }
      throw notFound();
    }
    // sendFile goes through the same negotiation and setHeaders as a direct request.
    const page = path === '/s' || path.startsWith('/s/') ? 'webstore.html' : LOGIN.test(path) ? loginPage : 'index.html';
    if (EMBED.test(path)) {
      // A widget is framed by the operator's own website, whatever its address: only this page
      // lifts the frame ban (every other page, the webstore's included, keeps frame-ancestors 'none').
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    }
    return reply.type('text/html; charset=utf-8').sendFile(page);
  });
};
