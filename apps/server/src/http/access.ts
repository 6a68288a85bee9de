import type { PermissionSet } from '@excursio/contract/auth';
import { type Feature, hasFeatures, hasPermissions, type PermissionTitle } from '@excursio/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, notAuthenticated } from './app-error.ts';

/** What a route requires. Every API route declares one (see `requireAccessDeclaration`). */
export type Access =
  | 'public'
  | 'authenticated'
  | {
      permissions: readonly PermissionTitle[];
      /** Any one of the titles is enough (default: all of them are needed). */
      anyPermission?: boolean;
      features?: readonly Feature[];
    };

type CallerBase = {
  accountId: string;
  subdomain: string;
  features: string[];
};

/** A person signed in (access token from the cookie or `Authorization: Bearer`). */
export type UserPrincipal = CallerBase & {
  kind: 'user';
  userId: string;
  email: string;
  role: { id: string; name: string; permission_sets: PermissionSet[] } | null;
  isOwner: boolean;
  /** What `/api/users/me/` shows besides the above, loaded in the same query. */
  profile: {
    firstName: string;
    lastName: string;
    phone: string;
    isActive: boolean;
    accountName: string;
    accountType: 'supplier' | 'affiliate';
  };
};

/** An organization's API key (`Authorization: Bearer exc_live_…`): exactly the key's permissions. */
export type ApiKeyPrincipal = CallerBase & {
  kind: 'api_key';
  apiKeyId: string;
  apiKeyName: string;
  permissionSets: PermissionSet[];
};

/** The caller, resolved once per request. */
export type Principal = UserPrincipal | ApiKeyPrincipal;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A GET without side effects whose read may start before the caller is authorized: the read
     * runs beside the principal lookup (one round trip of waiting instead of two) and nothing is
     * sent until the authorization has passed — its failure wins over any result or error.
     */
    readAhead?: boolean;
    /**
     * A public route that also answers members (the invitation read by its token): a caller who
     * presents credentials of this organization must hold these titles (403 before validation);
     * anyone else is the public the route serves.
     */
    membersNeed?: readonly PermissionTitle[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Read-ahead routes: the authorization still under way. */
    authorization: Promise<Principal> | null;
    /** Read-ahead routes: the account of the verified access token. */
    tokenAccountId: string | null;
  }
}

/** The verified claims of an access token: the user and the account it was issued for. */
export type TokenClaims = { sub: string; acc: string };

/** What a request presents: a verified access token, or an API key (checked against the database). */
export type Credentials = { kind: 'token'; claims: TokenClaims } | { kind: 'api_key'; secret: string };

export type AccessDeps = {
  /** The request's credentials; null when absent or (an access token) invalid. Synchronous. */
  credentials: (request: FastifyRequest) => Credentials | null;
  /** The caller behind the credentials; null when they may not act. */
  principal: (credentials: Credentials) => Promise<Principal | null>;
  /** App info (the global permission sets), to resolve titles to codenames. */
  appInfo: () => Promise<{ permission_sets: PermissionSet[] }>;
  /** A refusal that says more than "not authenticated" for credentials that found no caller (a revoked key). */
  refusal?: (credentials: Credentials) => Promise<Error | null>;
  /** Called once a caller has passed authentication on its own organization's address. */
  authenticated?: (principal: Principal) => void;
};

/** The permission sets a caller holds: its role's (a person), or its own (an API key). */
const heldBy = (principal: Principal) => ({
  role: principal.kind === 'user' ? principal.role : { permission_sets: principal.permissionSets },
});

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

export const apiKeyNotAllowed = () => forbidden('An API key cannot be used for this request.', 'api_key_not_allowed');

/**
 * The caller as a person, for what only a person does (their profile, the desk's cart, connecting a
 * payment provider…): an API key is refused (403 `api_key_not_allowed`).
 */
export const userPrincipalOf = (request: FastifyRequest): UserPrincipal => {
  const principal = principalOf(request);
  if (principal.kind !== 'user') throw apiKeyNotAllowed();
  return principal;
};

/** The account a handler reads for: the principal's, or on read-ahead routes the token's. */
export const readAccountOf = (request: FastifyRequest): string => request.tokenAccountId ?? principalOf(request).accountId;

/**
 * The result of a read-ahead handler's work once the caller is authorized: an authorization
 * failure is thrown instead of the result (or of the work's own error). Other routes: the work.
 */
export const authorized = async <T>(request: FastifyRequest, work: Promise<T>): Promise<T> => {
  if (!request.authorization) return work;
  const [authorization, result] = await Promise.allSettled([request.authorization, work]);
  if (authorization.status === 'rejected') throw authorization.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
};

/** A pending read-ahead authorization's failure, which must replace whatever error the request ran into. */
export const authorizationFailure = async (request: FastifyRequest): Promise<unknown> =>
  request.authorization
    ? request.authorization.then(
        () => null,
        (error: unknown) => error,
      )
    : null;

export const registerAccess = (app: FastifyInstance, deps: AccessDeps) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('authorization', null);
  app.decorateRequest('tokenAccountId', null);

  const authorize = async (request: FastifyRequest, access: Exclude<Access, 'public'>, credentials: Credentials) => {
    const principal = await deps.principal(credentials);
    if (!principal) throw (await deps.refusal?.(credentials)) ?? notAuthenticated();
    if (request.subdomain !== principal.subdomain) {
      throw forbidden(
        request.subdomain === null
          ? 'Use your organization address for this request.'
          : 'You do not belong to this organization.',
        'wrong_tenant',
      );
    }
    request.principal = principal;
    if (principal.kind === 'api_key') {
      if (!hasFeatures({ active_subscription_features: principal.features }, ['api_access'])) {
        throw forbidden('Your current subscription plan does not grant access to this feature!', 'feature_not_in_plan');
      }
      deps.authenticated?.(principal);
      // 'authenticated' routes are a person's own (profile, password, email) and the app's
      // reference reads: a key reaches only routes that name the permissions they need.
      if (access === 'authenticated') throw apiKeyNotAllowed();
    } else {
      deps.authenticated?.(principal);
    }
    if (access === 'authenticated') return principal;
    const appInfo = await deps.appInfo();
    const holder = heldBy(principal);
    const allowed = access.anyPermission
      ? access.permissions.some((title) => hasPermissions(holder, appInfo, [title]))
      : hasPermissions(holder, appInfo, access.permissions);
    if (!allowed) {
      throw forbidden('You do not have permission to perform this action.');
    }
    if (access.features?.length && !hasFeatures({ active_subscription_features: principal.features }, access.features)) {
      throw forbidden('Your current subscription plan does not grant access to this feature!', 'feature_not_in_plan');
    }
    return principal;
  };

  const memberOfPublicRoute = async (request: FastifyRequest, titles: readonly PermissionTitle[]) => {
    const credentials = deps.credentials(request);
    const principal = credentials ? await deps.principal(credentials) : null;
    if (!principal || principal.subdomain !== request.subdomain) return;
    if (!hasPermissions(heldBy(principal), await deps.appInfo(), titles)) {
      throw forbidden('You do not have permission to perform this action.');
    }
  };

  // preValidation, not preHandler: an unauthenticated or unauthorized caller is refused before
  // their input is validated, so validation errors never reveal a route's shape to them (on
  // read-ahead routes the error handler puts a failed authorization before a validation error).
  app.addHook('preValidation', async (request) => {
    const { access, readAhead, membersNeed } = request.routeOptions.config ?? {};
    if (access === 'public' && membersNeed) return memberOfPublicRoute(request, membersNeed);
    if (access === undefined || access === 'public') return;
    const credentials = deps.credentials(request);
    if (!credentials) throw notAuthenticated();
    // Read-ahead needs the account before the caller is loaded: an access token names it, a key does not.
    if (readAhead && request.method === 'GET' && credentials.kind === 'token') {
      const pending = authorize(request, access, credentials);
      // Awaited by `authorized` or the error handler; never an unhandled rejection meanwhile.
      pending.catch(() => {});
      request.authorization = pending;
      request.tokenAccountId = credentials.claims.acc;
      return;
    }
    await authorize(request, access, credentials);
  });
};
