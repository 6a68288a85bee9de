/** What the server knows about a presented refresh token (null: no such token). */
export type RefreshTokenState = { expiresAt: Date; rotatedAt: Date | null; revokedAt: Date | null } | null;

/**
 * - rotate: a live token, used for the first time → successor in the same family.
 * - grace: rotated moments ago (parallel tabs racing) → another fresh token, family kept.
 * - reuse: rotated longer ago than the grace window → treat as stolen, revoke the family.
 * - invalid: unknown, revoked or expired.
 */
export type RefreshDecision = 'rotate' | 'grace' | 'reuse' | 'invalid';

export const decideRefresh = (state: RefreshTokenState, now: Date, graceSeconds: number): RefreshDecision => {
  if (!state || state.revokedAt) return 'invalid';
  if (state.rotatedAt === null) return state.expiresAt.getTime() > now.getTime() ? 'rotate' : 'invalid';
  const sinceRotation = now.getTime() - state.rotatedAt.getTime();
  // A reused token is theft evidence even after it expired, as long as the family is not revoked.
  return sinceRotation <= graceSeconds * 1000 && state.expiresAt.getTime() > now.getTime() ? 'grace' : 'reuse';
};
