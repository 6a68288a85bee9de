import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organization subdomain this request was made on; null on the bare domain. */
    subdomain: string | null;
  }
}

/** `demo.localhost:3000` → 'demo'; the bare domain or any other host → null. Ports are ignored. */
export const subdomainOf = (host: string | undefined, appDomain: string): string | null => {
  if (!host) return null;
  // A trailing dot names the same host (`demo.example.com.`): the same tenant, not "no tenant".
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const base = appDomain.toLowerCase().replace(/:\d+$/, '');
  if (!hostname.endsWith(`.${base}`)) return null;
  const label = hostname.slice(0, -base.length - 1);
  return /^[a-z0-9-]{1,63}$/.test(label) ? label : null;
};

export const registerTenancy = (app: FastifyInstance, config: Config) => {
  app.decorateRequest('subdomain', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.subdomain = subdomainOf(request.headers.host, config.APP_DOMAIN);
    done();
  });
};
