import { lazy, Suspense, useState } from 'react';
import { useGetUnreadNotificationCountQuery, useOrganizationUnreadCount } from '../../lib/api/notifications.api.ts';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { NotificationBellButton } from './notification-bell-button.tsx';

// The list (Popover, floating-ui, focus trap) loads with the first pointer over the bell or a click,
// as the user menu does: the shell's shared chunk keeps only the button and the count.
const NotificationPopover = lazy(async () => ({ default: (await import('./notification-popover.tsx')).NotificationPopover }));

/** Members who may manage orders also hear of the organization's bookings, cancellations, resales and failed payments. */
const ORDER_NOTICES = ['Manage orders'] as const;

export const NotificationBell = () => {
  const { can } = useAccess();
  const seesOrders = can(ORDER_NOTICES);
  const { data: system = 0 } = useGetUnreadNotificationCountQuery();
  const { data: own = 0 } = useOrganizationUnreadCount(seesOrders);
  const unread = system + (seesOrders ? own : 0);
  const [wanted, setWanted] = useState<'no' | 'load' | 'open'>('no');
  const button = (
    <NotificationBellButton
      unread={unread}
      onPointerEnter={() => setWanted((state) => (state === 'no' ? 'load' : state))}
      onClick={() => setWanted('open')}
    />
  );
  if (wanted === 'no') return button;
  return (
    <Suspense fallback={button}>
      <NotificationPopover unread={unread} seesOrders={seesOrders} defaultOpened={wanted === 'open'} />
    </Suspense>
  );
};
