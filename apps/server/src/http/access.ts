import type { PermissionSet } from '@excursio/contract/auth';
import { type Feature, hasFeatures, hasPermissions, type PermissionTitle } from '@excursio/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, notAuthenticated } from './app-error.ts';

/** What a route requires. Every API route declares one (see `requireAccessDeclaration`). */
export type Access = 'public' | 'authenticated' | { permissions: readonly PermissionTitle[]; features?: readonly Feature[] };

/** The signed-in caller, resolved once per request. */
export type Principal = {
  userId: string;
  accountId: string;
  subdomain: string;
  email: string;
  role: { id: string; name: string; permission_sets: PermissionSet[] } | null;
  features: string[];
  isOwner: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type AccessDeps = {
  /** Reads the access token (cookie or Bearer) and loads the caller; null when absent/invalid. */
  authenticate: (request: FastifyRequest) => Promise<Principal | null>;
  /** App info (the global permission sets), to resolve titles to codenames. */
  appInfo: () => Promise<{ permission_sets: PermissionSet[] }>;
};

export const routeTable: { method: string; url: string; access: Access }[] = [];

/** onRoute hook: a route that declares no access stops the server from starting. */
export const requireAccessDeclaration = (route: RouteOptions) => {
  const access = route.config?.access;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((m) => m === 'HEAD')) return;
  if (access === undefined) {
    throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access).`);
  }
  for (const method of methods) {
    if (method !== 'HEAD' && !routeTable.some((r) => r.method === method && r.url === route.url)) {
      routeTable.push({ method, url: route.url, access });
    }
  }
};

/** The caller, or 401. For handlers of non-public routes the principal is always set. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
};

export const registerAccess = (app: FastifyInstance, deps: AccessDeps) => {
  app.decorateRequest('principal', null);
  // preValidation, not preHandler: an unauthenticated or unauthorized caller is refused before
  // their input is validated, so validation errors never reveal a route's shape to them.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const principal = await deps.authenticate(request);
    if (!principal) throw notAuthenticated();
    if (request.subdomain !== principal.subdomain) {
      throw forbidden(
        request.subdomain === null
          ? 'Use your organization address for this request.'
          : 'You do not belong to this organization.',
        'wrong_tenant',
      );
    }
    request.principal = principal;
    if (access === 'authenticated') return;
    if (!hasPermissions({ role: principal.role }, await deps.appInfo(), access.permissions)) {
      throw forbidden('You do not have permission to perform this action.');
    }
    if (access.features?.length && !hasFeatures({ active_subscription_features: principal.features }, access.features)) {
      throw forbidden('Your current subscription plan does not grant access to this feature!', 'feature_not_in_plan');
    }
  });
};
