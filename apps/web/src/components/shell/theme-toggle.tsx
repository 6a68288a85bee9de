import { Center, type MantineColorScheme, SegmentedControl, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { DeferredTooltip } from '../deferred-tooltip.tsx';

const OPTIONS: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light theme', icon: IconSun },
  { value: 'dark', label: 'Dark theme', icon: IconMoon },
  { value: 'auto', label: 'System theme', icon: IconDeviceDesktop },
];

export const ThemeToggle = () => {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Colour theme"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={OPTIONS.map(({ value, label, icon: Icon }) => ({
        value,
        label: (
          <DeferredTooltip label={label}>
            <Center>
              <Icon size={14} stroke={1.8} />
              <VisuallyHidden>{label}</VisuallyHidden>
            </Center>
          </DeferredTooltip>
        ),
      }))}
    />
  );
};
