import { useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { SchemeToggle } from '../scheme-toggle/scheme-toggle.tsx';

const ICONS = {
  light: <IconSun size={14} stroke={1.8} />,
  dark: <IconMoon size={14} stroke={1.8} />,
  auto: <IconDeviceDesktop size={14} stroke={1.8} />,
};

/** Light, dark or the system's theme, kept by Mantine (localStorage and the <html> attribute). */
export const ThemeToggle = () => {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return <SchemeToggle value={colorScheme} onChange={setColorScheme} icons={ICONS} />;
};
