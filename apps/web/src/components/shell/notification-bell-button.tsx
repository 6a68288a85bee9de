import { IconBell } from '@tabler/icons-react';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import { IconButton } from '../button.tsx';
import classes from './shell.module.css';

/** The header's bell with the unread count (a plain badge: no Indicator component on every page). */
export const NotificationBellButton = forwardRef<HTMLButtonElement, { unread: number } & ComponentPropsWithRef<'button'>>(
  ({ unread, ...props }, ref) => (
    <span className={classes.bell}>
      <IconButton ref={ref} label={unread ? `Notifications, ${unread} unread` : 'Notifications'} {...props}>
        <IconBell size={19} stroke={1.7} />
      </IconButton>
      {unread ? (
        <span className={classes.bellCount} aria-hidden="true" data-testid="notification-unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </span>
  ),
);
