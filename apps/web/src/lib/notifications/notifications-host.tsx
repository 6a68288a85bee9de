import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { TOAST_POSITION } from '../toast-placement.ts';

const LIMIT = 6;

// Toasts queued before the container loads already get the container's placement and limit.
notificationsStore.updateState((state) => ({ ...state, defaultPosition: TOAST_POSITION, limit: LIMIT }));

// The container (transitions, drag to dismiss, scroll locking classes) is ~12 KB gzip that no
// first screen needs: it loads with the first toast. `notifications.show` only touches the store.
const loadContainer = () => import('./notifications-container.ts');
const Notifications = lazy(async () => ({ default: (await loadContainer()).Notifications }));

/** Loads the container now (a page that must work offline fetches it while it has a network). */
export const preloadNotifications = async () => {
  await loadContainer();
};

/** A container that cannot load (no network) shows no toasts; it never takes the app down with it. */
class WithoutToastsOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounts Mantine's notification container once there is something to show, then keeps it. */
export const NotificationsHost = () => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <WithoutToastsOnFailure>
      <Suspense fallback={null}>
        <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} limit={LIMIT} />
      </Suspense>
    </WithoutToastsOnFailure>
  );
};
