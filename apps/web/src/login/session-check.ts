import { MESSAGES } from '@excursio/contract/messages';
import { accessExpired, readSessionHint } from '../lib/auth/session-hint.ts';
import { currentHost } from '../lib/domain/host.ts';
import { postJson } from './api.ts';

/**
 * Whether this host already has a working session, decided as the dashboard's `initializeAuth`
 * (lib/auth/session.ts, specification §4) decides it: only on a subdomain and only with the session
 * hint cookie (otherwise verify could only answer 401); an expired access token is refreshed first;
 * a 401 from verify refreshes and retries once, as the base query does, and logs the specification's
 * message when that refresh fails.
 */
export const hasLiveSession = async (): Promise<boolean> => {
  if (!currentHost().subdomain) return false;
  const hint = readSessionHint(document.cookie);
  if (!hint) return false;
  if (accessExpired(hint) && (await postJson('/jwt/refresh/', {})).error) return false;
  let verified = await postJson('/jwt/verify/', {});
  if (verified.error?.status === 401) {
    if ((await postJson('/jwt/refresh/', {})).error) {
      console.log(MESSAGES.refreshExpired);
      return false;
    }
    verified = await postJson('/jwt/verify/', {});
  }
  return !verified.error;
};
