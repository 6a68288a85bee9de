import { lazy, Suspense, useState } from 'react';
import { useGetUnreadNotificationCountQuery } from '../../lib/api/notifications.api.ts';
import { NotificationBellButton } from './notification-bell-button.tsx';

// The list (Popover, floating-ui, focus trap) loads with the first pointer over the bell or a click,
// as the user menu does: the shell's shared chunk keeps only the button and the count.
const NotificationPopover = lazy(async () => ({ default: (await import('./notification-popover.tsx')).NotificationPopover }));

export const NotificationBell = () => {
  const { data: unread = 0 } = useGetUnreadNotificationCountQuery();
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
      <NotificationPopover unread={unread} defaultOpened={wanted === 'open'} />
    </Suspense>
  );
};
