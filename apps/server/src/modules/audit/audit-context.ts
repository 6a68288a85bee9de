import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActorKind } from '@excursio/contract/audit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who an audit entry names: the kind, the user's or key's id, a display name, the address. */
export type AuditActor = { kind: AuditActorKind; id: string | null; name: string; ip: string | null };

type Scope = { request: FastifyRequest } | { actor: AuditActor };

/**
 * The actor of the work under way, carried by AsyncLocalStorage so services record it without
 * taking it as a parameter: a request's handler runs inside its request's scope (set by the
 * preHandler hook below, after the access hook has resolved the caller); work outside any request
 * (the seed, sweeps) is the system; `asActor` names a different actor for a piece of work
 * (provider webhooks are the system even when the test mode delivers them inside a request).
 */
const storage = new AsyncLocalStorage<Scope>();

export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, name: 'System', ip: null };

/**
 * Runs every route handler inside its request's scope. A callback-style hook calling `done` inside
 * `run` makes the rest of the chain (and the handler) continue in that scope.
 */
export const registerAuditContext = (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => storage.run({ request }, done));
};

export const asActor = <T>(actor: AuditActor, work: () => Promise<T>): Promise<T> => storage.run({ actor }, work);

const personName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/** The actor of the current work (see above). */
export const currentActor = (): AuditActor => {
  const scope = storage.getStore();
  if (!scope) return SYSTEM_ACTOR;
  if ('actor' in scope) return scope.actor;
  const { request } = scope;
  const principal = request.principal;
  const ip = request.ip ?? null;
  if (!principal) return { kind: 'visitor', id: null, name: 'Webstore visitor', ip };
  if (principal.kind === 'api_key')
    return { kind: 'api_key', id: principal.apiKeyId, name: `API key ${principal.apiKeyName}`, ip };
  const { firstName, lastName } = principal.profile;
  return { kind: 'user', id: principal.userId, name: personName(firstName, lastName, principal.email), ip };
};
