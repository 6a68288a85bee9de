import { Box, Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout } from '../../lib/auth/session.ts';
import { useAppDispatch } from '../../lib/store/hooks.ts';
import type { RootState } from '../../lib/store/root-reducer.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

type User = NonNullable<RootState['user']['user']>;

/** The user menu itself: Mantine's Menu (Popover, floating-ui), loaded by `UserMenu`. */
export const UserMenuDropdown = ({ user, defaultOpened }: { user: User; defaultOpened: boolean }) => {
  const dispatch = useAppDispatch();
  return (
    <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.base_account.name} · {user.base_account.subdomain}
        </Menu.Label>
        <Menu.Item component={Link} to="/settings/account" leftSection={<IconUserCircle size={16} />}>
          My account
        </Menu.Item>
        <Box hiddenFrom="sm" px="sm" py={6}>
          <ThemeToggle />
        </Box>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => dispatch(logout())}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
