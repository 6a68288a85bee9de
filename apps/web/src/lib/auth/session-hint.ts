/**
 * The server sets a readable `excursio_session` cookie beside its HttpOnly tokens (no secret: the
 * access token's expiry in Unix seconds). Without it there is no session on this host, so verifying
 * or refreshing could only answer 401.
 */
const MARKER = /(?:^|;\s*)(?:__Host-)?excursio_session=(\d+)(?:;|$)/;

export type SessionHint = { accessExpiresAt: number };

export const readSessionHint = (cookie: string): SessionHint | null => {
  const match = MARKER.exec(cookie);
  return match ? { accessExpiresAt: Number(match[1]) } : null;
};

/** Whether the access token has expired (or is about to, within `marginS`): refresh before verifying. */
export const accessExpired = (hint: SessionHint, nowMs = Date.now(), marginS = 5) =>
  hint.accessExpiresAt <= nowMs / 1000 + marginS;
