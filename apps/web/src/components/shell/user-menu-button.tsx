import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { RootState } from '../../lib/store/root-reducer.ts';

type User = NonNullable<RootState['user']['user']>;

const initials = (first: string, last: string, email: string) =>
  (first || last ? `${first.charAt(0)}${last.charAt(0)}` : email.charAt(0)).toUpperCase();

/** The header's avatar button that opens the user menu (also its stand-in while the menu loads). */
export const UserMenuButton = ({ user, ...props }: { user: User } & ComponentPropsWithRef<'button'>) => (
  <UnstyledButton aria-label="User menu" {...props}>
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
);
