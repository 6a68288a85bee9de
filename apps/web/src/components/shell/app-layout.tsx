import { AppShell, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconCompass } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { HEADER_HEIGHT } from '../../app/theme.ts';
import { AppHeader } from './app-header.tsx';
import { PageActionSlotContext } from './page-action.tsx';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';

/** The application shell: one layout that wraps every dashboard route. */
export const AppLayout = () => {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'excursio-sidebar-collapsed', defaultValue: false });
  const [actionSlot, setActionSlot] = useState<HTMLDivElement | null>(null);
  const location = useLocation();
  const rail = collapsed && !mobileOpened;
  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: rail ? 64 : 248, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader
          mobileOpened={mobileOpened}
          toggleMobile={toggleMobile}
          collapsed={collapsed}
          toggleCollapsed={() => setCollapsed((value) => !value)}
          actionSlotRef={setActionSlot}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <Link
          to="/dashboard"
          className={classes.brand}
          style={{ textDecoration: 'none', color: 'inherit' }}
          aria-label="Excursio dashboard"
        >
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={28} radius="md" variant="gradient" gradient={{ from: 'brand.7', to: 'violet.6', deg: 120 }}>
              <IconCompass size={18} />
            </ThemeIcon>
            {rail ? null : (
              <Text fw={700} size="md">
                Excursio
              </Text>
            )}
          </Group>
        </Link>
        <Sidebar collapsed={rail} onNavigate={closeMobile} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PageActionSlotContext.Provider value={actionSlot}>
          <div key={location.pathname} className={classes.content}>
            <Outlet />
          </div>
        </PageActionSlotContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
};
