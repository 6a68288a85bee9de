import { MESSAGES } from '@excursio/contract/messages';
import { Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from './button.tsx';

const describe = (error: unknown) => {
  if (isRouteErrorResponse(error))
    return error.status === 404 ? 'This page does not exist.' : `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
};

/** Route errorElement: the specification's generic error screen. */
export const ErrorScreen = () => {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={2}>{MESSAGES.genericErrorTitle}</Title>
        <Text c="dimmed">{describe(error)}</Text>
        {import.meta.env.DEV && error instanceof Error && error.stack ? (
          <Code block maw={520} style={{ textAlign: 'left', overflow: 'auto' }}>
            {error.stack}
          </Code>
        ) : null}
        <Group mt="sm">
          <Button variant="standard" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component={Link} to="/dashboard">
            {MESSAGES.goToDashboard}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
};

export const NotFoundPage = () => (
  <Center mih="60vh" p="xl">
    <Stack align="center" gap="sm" ta="center">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">The address you opened does not exist.</Text>
      <Button component={Link} to="/dashboard">
        {MESSAGES.goToDashboard}
      </Button>
    </Stack>
  </Center>
);
