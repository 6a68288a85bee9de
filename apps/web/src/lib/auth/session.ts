import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { sessionApi } from '../api/session.api.ts';
import { bareDomainUrl, currentHost, subdomainUrl } from '../domain/host.ts';
import { appInfoSet } from './app-info.slice.ts';
import { authCheckStarted, authenticated, loggedOut, unauthenticated } from './auth.slice.ts';
import { forgetOfflineData, offlineSession } from './offline-session.ts';
import { accessExpired, readSessionHint } from './session-hint.ts';
import { userSet } from './user.slice.ts';

// biome-ignore lint/suspicious/noExplicitAny: the store's state type would make this module circular
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Clears authentication, cart and user state, ends the server session, goes to the login page. */
export const logout = () => async (dispatch: Dispatch) => {
  await dispatch(sessionApi.endpoints.logout.initiate());
  forgetOfflineData();
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
  window.location.assign(bareDomainUrl('/auth/login'));
};

/** Whether an error answer means the session itself is not valid (not a transient failure). */
const endsSession = (error: unknown) => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 401 || status === 403;
};

/** No answer at all (no network, server unreachable): not an answer about the session. */
const unreachable = (result: object) =>
  'error' in result && (result.error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR';

/**
 * With no network on a page that works offline (the check-in page), the person kept there last
 * time stands in for the server's answer; anywhere else, or with nothing kept, the session is not
 * known and the login page follows as before.
 */
const openOffline = async (dispatch: Dispatch, subdomain: string) => {
  const kept = offlineSession(subdomain, window.location.pathname);
  if (!kept) {
    dispatch(unauthenticated());
    return;
  }
  dispatch(authenticated());
  dispatch(appInfoSet(kept.appInfo));
  dispatch(userSet(kept.me));
  await Promise.all([
    dispatch(sessionApi.util.upsertQueryData('getMe', undefined, kept.me)),
    dispatch(sessionApi.util.upsertQueryData('getAppInfo', undefined, kept.appInfo)),
  ]);
};

/**
 * Specification §4: on a subdomain, verify the access token; on success mark the user
 * authenticated and fetch the user and app info; a user from another subdomain is sent to their
 * own. On the bare domain nothing is verified, and neither is it without a session on this host
 * (no session marker cookie): those calls could only answer 401. An access token that has expired
 * is refreshed first instead of being verified into a 401.
 */
export const initializeAuth =
  (options: { afterHandover?: boolean } = {}) =>
  async (dispatch: Dispatch) => {
    const { subdomain } = currentHost();
    // The handover page has no cookies yet: it exchanges its code first, then initializes.
    const awaitingHandover = window.location.pathname.startsWith('/auth/handover') && !options.afterHandover;
    if (!subdomain || awaitingHandover) {
      dispatch(unauthenticated());
      return;
    }
    const hint = readSessionHint(document.cookie);
    if (!hint) {
      dispatch(unauthenticated());
      return;
    }
    dispatch(authCheckStarted());
    if (accessExpired(hint)) {
      const refreshed = await dispatch(sessionApi.endpoints.refreshToken.initiate());
      if ('error' in refreshed) {
        if (unreachable(refreshed)) await openOffline(dispatch, subdomain);
        else dispatch(unauthenticated());
        return;
      }
    }
    const verified = await dispatch(sessionApi.endpoints.verifyToken.initiate());
    if ('error' in verified) {
      if (unreachable(verified)) await openOffline(dispatch, subdomain);
      else dispatch(unauthenticated());
      return;
    }
    dispatch(authenticated());
    const [me, appInfo] = await Promise.all([
      dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })),
      dispatch(sessionApi.endpoints.getAppInfo.initiate(undefined, { subscribe: false, forceRefetch: true })),
    ]);
    if (appInfo.error) console.error('Could not load app info', appInfo.error);
    if (me.error || !me.data) {
      console.error('Could not load the signed-in user', me.error);
      // Only the server saying this session is not valid ends it. A network error, an aborted
      // request (the tab navigating away) or a 5xx must never revoke a good session: the pages'
      // own queries retry and show their errors.
      if (endsSession(me.error)) await dispatch(logout());
      return;
    }
    if (me.data.base_account.subdomain !== subdomain) {
      window.location.assign(subdomainUrl(me.data.base_account.subdomain, '/dashboard'));
    }
  };
