import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { sessionApi } from '../api/session.api.ts';
import { bareDomainUrl, currentHost, subdomainUrl } from '../domain/host.ts';
import { authCheckStarted, authenticated, loggedOut, unauthenticated } from './auth.slice.ts';

// biome-ignore lint/suspicious/noExplicitAny: the store's state type would make this module circular
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Clears authentication, cart and user state, ends the server session, goes to the login page. */
export const logout = () => async (dispatch: Dispatch) => {
  await dispatch(sessionApi.endpoints.logout.initiate());
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
  window.location.assign(bareDomainUrl('/auth/login'));
};

/**
 * Specification §4: on a subdomain, verify the access token; on success mark the user
 * authenticated and fetch the user and app info; a user from another subdomain is sent to their
 * own. On the bare domain nothing is verified.
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
    dispatch(authCheckStarted());
    const verified = await dispatch(sessionApi.endpoints.verifyToken.initiate());
    if ('error' in verified) {
      dispatch(unauthenticated());
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
      await dispatch(logout());
      return;
    }
    if (me.data.base_account.subdomain !== subdomain) {
      window.location.assign(subdomainUrl(me.data.base_account.subdomain, '/dashboard'));
    }
  };
