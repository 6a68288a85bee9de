import type { AppInfo, Me } from '@excursio/contract/auth';

/**
 * The signed-in person (and the app info their permissions are read with) as last read, kept on the device by a page that must open with no network at
 * all (the check-in page: a guide's phone reloads or discards the tab in the field). `initializeAuth`
 * falls back to it only when the server cannot be reached — never when it answers, whatever it
 * answers — and only on such a page, for the organization it was kept for. It unlocks the screen,
 * nothing more: every request still needs the session. Logging out forgets it.
 */
const KEY = 'excursio.offline-session.v1';
/** The pages that open offline (the check-in service worker serves their HTML and scripts). */
export const OFFLINE_PAGES = ['/bookings/check-in'];

type Kept = { me: Me; appInfo: AppInfo; savedAt: string };

export const keepSessionForOffline = (me: Me, appInfo: AppInfo) => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ me, appInfo, savedAt: new Date().toISOString() } satisfies Kept));
  } catch {
    // Storage full or refused: the page still works while it stays open.
  }
};

/** The kept person, if this page opens offline and it was kept for this organization's address. */
export const offlineSession = (subdomain: string, pathname: string): Kept | null => {
  if (!OFFLINE_PAGES.includes(pathname.replace(/\/+$/, ''))) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    return kept?.me?.base_account?.subdomain === subdomain && kept.appInfo ? kept : null;
  } catch {
    return null;
  }
};

export const forgetOfflineSession = () => localStorage.removeItem(KEY);
