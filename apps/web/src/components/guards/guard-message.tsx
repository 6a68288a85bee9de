import { MESSAGES } from '@excursio/contract/messages';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../button.tsx';

export const GuardMessage = ({ message, action, to }: { message: string; action: string; to: string }) => (
  <Center py={96}>
    <Stack align="center" gap="md" maw={460} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconLock size={24} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {message}
      </Text>
      <Button component={Link} to={to}>
        {action}
      </Button>
    </Stack>
  </Center>
);

/** Specification §2: a page opened without its permissions. */
export const NoPermission = () => (
  <GuardMessage message={MESSAGES.noPermission} action={MESSAGES.goToDashboard} to="/dashboard" />
);
