import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOAST_POSITION } from '../lib/toast-placement.ts';

const LIMIT = 6;

// Toasts queued before the container loads already get the container's placement and limit.
notificationsStore.updateState((state) => ({ ...state, defaultPosition: TOAST_POSITION, limit: LIMIT }));

// The container (transitions, drag to dismiss, scroll locking classes) is ~12 KB gzip that no
// first screen needs: it loads with the first toast. `notifications.show` only touches the store.
const Notifications = lazy(async () => ({ default: (await import('./notifications-container.ts')).Notifications }));

/** Mounts Mantine's notification container once there is something to show, then keeps it. */
export const NotificationsHost = () => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} limit={LIMIT} />
    </Suspense>
  );
};
