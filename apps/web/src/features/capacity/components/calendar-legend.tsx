import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { TONE_COLOR, TONE_LABEL, type Tone } from '../calendar-grid.ts';

const SHOWN: Tone[] = ['low', 'medium', 'high', 'unlimited', 'none'];

const Swatch = ({ tone }: { tone: Tone }) => (
  <span
    aria-hidden
    style={{
      display: 'inline-block',
      width: 12,
      height: 12,
      borderRadius: 3,
      background: tone === 'none' ? 'transparent' : `var(--mantine-color-${TONE_COLOR[tone]}-6)`,
      border: '1px solid var(--mantine-color-default-border)',
    }}
  />
);

/** What the calendar's colours and the lock mean. */
export const CalendarLegend = () => (
  <Group gap="md" wrap="wrap" aria-label="Legend" role="group">
    <Text size="xs" c="dimmed">
      Places taken:
    </Text>
    {SHOWN.map((tone) => (
      <Group key={tone} gap={6} wrap="nowrap">
        <Swatch tone={tone} />
        <Text size="xs">{TONE_LABEL[tone]}</Text>
      </Group>
    ))}
    <Group gap={6} wrap="nowrap">
      <IconLock size={13} aria-hidden color="var(--mantine-color-red-light-color)" />
      <Text size="xs">Some slots closed</Text>
    </Group>
  </Group>
);
