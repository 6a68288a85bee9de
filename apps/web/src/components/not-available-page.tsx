import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

/** The one page every area that is not built yet shows. No placeholder data, ever. */
export const NotAvailablePage = ({ area, plural = true }: { area: string; plural?: boolean }) => (
  <Center py={96}>
    <Stack align="center" gap="sm" maw={520} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconHammer size={24} />
      </ThemeIcon>
      <Title order={3}>{area}</Title>
      <Text c="dimmed">
        {area} {plural ? 'are' : 'is'} not available yet — this area is being built.
      </Text>
    </Stack>
  </Center>
);
