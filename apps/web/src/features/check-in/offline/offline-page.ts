import type { AppInfo, Me } from '@excursio/contract/auth';
import { keepSessionForOffline } from '../../../lib/auth/offline-session.ts';
import { preloadNotifications } from '../../../lib/notifications/notifications-host.tsx';

/**
 * Makes the check-in page open with no network next time: the signed-in person is kept on the
 * phone (lib/auth/offline-session.ts) and the check-in service worker (public/check-in-sw.js) keeps
 * the page's HTML and every build file this page loads (of the current build only). Called each time the page opens
 * online; does nothing where service workers are not available (the page still works while open).
 */
export const keepPageForOffline = async (me: Me, appInfo: AppInfo) => {
  keepSessionForOffline(me, appInfo);
  if (!('serviceWorker' in navigator) || !navigator.onLine) return;
  try {
    // What the page loads only on demand and needs offline too (a toast), loaded now to be kept.
    await preloadNotifications();
    await navigator.serviceWorker.register('/check-in-sw.js', { scope: '/' });
    const { active } = await navigator.serviceWorker.ready;
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    // The build is named by its entry script: a new deploy makes the worker start its copies over.
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
    const build = entry ? new URL(entry.src).pathname : 'unknown';
    active?.postMessage({ type: 'keep', files: [...new Set(files)], build });
  } catch (error) {
    console.warn('The check-in page could not be kept for offline use', error);
  }
};
