import type { ConnectionRow } from './connections.repository.ts';

/**
 * Whether an organization can take card payments now: a connection whose provider lets it charge
 * (the test mode's always can; a Stripe account once onboarding enabled charges).
 */
export const canCharge = (connection: ConnectionRow | null): connection is ConnectionRow =>
  !!connection && connection.chargesEnabled && (connection.provider === 'test' || !!connection.externalAccountId);
