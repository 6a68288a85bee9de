import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { logout } from '../../lib/auth/session.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const initials = (first: string, last: string, email: string) =>
  (first || last ? `${first.charAt(0)}${last.charAt(0)}` : email.charAt(0)).toUpperCase();

export const UserMenu = () => {
  const user = useAppSelector((state) => state.user.user);
  const dispatch = useAppDispatch();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="brand">
              {initials(user.first_name, user.last_name, user.email)}
            </Avatar>
            <Box visibleFrom="md" style={{ lineHeight: 1.15 }}>
              <Text size="sm" fw={600} truncate maw={180}>
                {user.base_account.name}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={180}>
                {user.email}
              </Text>
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
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
