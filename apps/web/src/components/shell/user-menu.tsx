import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../lib/store/hooks.ts';
import { UserMenuButton } from './user-menu-button.tsx';

// The menu (Popover, focus trap, floating-ui: ~30 KB gzip with the tooltips) is not needed to show
// the dashboard: it loads when the pointer reaches the button, or on a click (then opens at once).
const UserMenuDropdown = lazy(async () => ({ default: (await import('./user-menu-dropdown.tsx')).UserMenuDropdown }));

export const UserMenu = () => {
  const user = useAppSelector((state) => state.user.user);
  const [wanted, setWanted] = useState<'no' | 'load' | 'open'>('no');
  if (!user) return null;
  const button = (
    <UserMenuButton
      user={user}
      onPointerEnter={() => setWanted((state) => (state === 'no' ? 'load' : state))}
      onClick={() => setWanted('open')}
    />
  );
  if (wanted === 'no') return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown user={user} defaultOpened={wanted === 'open'} />
    </Suspense>
  );
};
